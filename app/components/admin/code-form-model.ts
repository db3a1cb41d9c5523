import {
  type AdminCodeCreateInput,
  CODE_AMOUNT_CURRENCIES,
  type CodeAmountInput,
  MAX_CODE_USES,
  MAX_RENEWAL_COUNT,
} from "../../../core/contracts/admin-codes.ts";
import type { FormErrors } from "../../../core/contracts/form-answer.ts";

/**
 * The new-code form as typed: amounts in dollars, days as "YYYY-MM-DD" (UTC), boxes "on" when ticked, one
 * `product-<id>` box per product. It becomes the body POST /api/admin/codes takes, whose rules the server
 * checks again (core/contracts/admin-codes.ts); the fields a kind does not use are not read.
 */

/** The form's field for each field of the body, where their names differ. */
export const FORM_FIELD_OF: Record<string, string> = {
  amountCents: "amount",
  minSubtotalCents: "minimum",
  startsAt: "startsOn",
  endsAt: "endsOn",
  productIds: "products",
};

/**
 * Which form field a message about a body field belongs to: `amounts.CAD.amountCents` is `amount-CAD`,
 * `amounts.CAD.minSubtotalCents` `minimum-CAD` (decision 051).
 */
export function formErrorsOf(fields: Record<string, string | undefined>): FormErrors {
  const errors: FormErrors = {};
  for (const [key, message] of Object.entries(fields)) {
    if (!message) continue;
    const amount = /^amounts\.(CAD|EUR|GBP)(?:\.(amountCents|minSubtotalCents))?$/.exec(key);
    const field = amount
      ? `${amount[2] === "minSubtotalCents" ? "minimum" : "amount"}-${amount[1]}`
      : (FORM_FIELD_OF[key] ?? key);
    errors[field] ??= message;
  }
  return errors;
}

/**
 * A code's amounts in CAD, EUR and GBP as the form has them (`amount-CAD`, `minimum-CAD`...), typed as
 * the shopper pays them ("7", "7.00", "CA$7.00"): a currency with neither is one the code gives nothing in.
 * `kind` drops the amounts a code of that kind does not take (an amount off for a percentage code).
 */
export function readCodeAmounts(
  fields: Record<string, string | undefined>,
  kind: string,
): { amounts: CodeAmountInput[]; errors: FormErrors } {
  const errors: FormErrors = {};
  const amounts: CodeAmountInput[] = [];
  for (const currency of CODE_AMOUNT_CURRENCIES) {
    const amountText = kind === "amount" ? (fields[`amount-${currency}`] ?? "").trim() : "";
    const minimumText = (fields[`minimum-${currency}`] ?? "").trim();
    if (!amountText && !minimumText) continue;
    const entry: CodeAmountInput = { currency };
    if (amountText) {
      const cents = minorUnits(amountText, `the amount off in ${currency}`);
      if (typeof cents === "string") errors[`amount-${currency}`] = cents;
      else entry.amountCents = cents;
    }
    if (minimumText) {
      const cents = minorUnits(minimumText, `the minimum order in ${currency}`);
      if (typeof cents === "string") errors[`minimum-${currency}`] = cents;
      else entry.minSubtotalCents = cents;
    }
    amounts.push(entry);
  }
  return { amounts, errors };
}

const AMOUNT = /^(?:CA\$|\$|€|£)?\s*(\d{1,7})(?:[.,](\d{1,2}))?$/;

/** An amount of any of the shop's currencies, its sign allowed before, in minor units. */
function minorUnits(value: string, what: string): number | string {
  const m = AMOUNT.exec(value.trim());
  if (!m) return `Enter ${what} as a number with up to two decimals, such as 5.00.`;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
  return cents < 1 ? `${capital(what)} must be more than 0.00.` : cents;
}

const DOLLARS = /^\$?\s*(\d{1,7})(?:\.(\d{1,2}))?$/;
const WHOLE = /^\d{1,9}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

function dollars(value: string, what: string): number | string {
  const m = DOLLARS.exec(value.trim());
  if (!m) return `Enter ${what} in dollars and cents, such as 5.00.`;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
  return cents < 1 ? `${capital(what)} must be more than $0.00.` : cents;
}

function whole(value: string, what: string, max: number): number | string {
  const v = value.trim();
  if (!WHOLE.test(v) || Number(v) < 1) return `${capital(what)} is a whole number, 1 or more.`;
  return Number(v) > max ? `${capital(what)} can be at most ${max.toLocaleString("en-US")}.` : Number(v);
}

/** A day's first moment (UTC) as ISO text, or null for a day that does not exist. */
function dayStart(day: string): string | null {
  if (!DAY.test(day)) return null;
  const d = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== day ? null : d.toISOString();
}

const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * The body the form asks for, and a message per field the form cannot turn into one. The first day starts
 * at 00:00 UTC; the last day is the last the code works, so it ends at 00:00 UTC the day after.
 */
export function readCodeForm(
  fields: Record<string, string | undefined>,
  productIds: readonly number[],
): { body: AdminCodeCreateInput; errors: FormErrors } {
  const errors: FormErrors = {};
  const text = (key: string) => (fields[key] ?? "").trim();
  const kind = text("kind");
  const body: AdminCodeCreateInput = {
    code: text("code"),
    kind: kind as AdminCodeCreateInput["kind"],
    oncePerCustomer: fields.oncePerCustomer === "on",
    firstOrderOnly: fields.firstOrderOnly === "on",
    combinesWithBundles: fields.combinesWithBundles === "on",
    renewals: (text("renewals") || "first_order") as AdminCodeCreateInput["renewals"],
  };
  if (!body.code) errors.code = "Enter the code shoppers will type, such as SPRING15.";

  if (kind === "percent") {
    const p = text("percent").replace(/%$/, "").trim();
    if (!p) errors.percent = "Enter the percentage off, from 1 to 100.";
    else {
      const n = whole(p, "the percentage", 100);
      if (typeof n === "string") errors.percent = n;
      else body.percent = n;
    }
  } else if (kind === "amount") {
    if (!text("amount")) errors.amount = "Enter the amount off, such as 5.00.";
    else {
      const cents = dollars(text("amount"), "the amount off");
      if (typeof cents === "string") errors.amount = cents;
      else body.amountCents = cents;
    }
  } else if (kind !== "free_shipping") errors.kind = "Choose what the code gives.";

  if (text("minimum")) {
    const cents = dollars(text("minimum"), "the minimum order");
    if (typeof cents === "string") errors.minimum = cents;
    else body.minSubtotalCents = cents;
  }

  const starts = text("startsOn");
  const ends = text("endsOn");
  if (starts) {
    const at = dayStart(starts);
    if (at) body.startsAt = at;
    else errors.startsOn = "Enter the first day as a date, such as 2026-12-01.";
  }
  if (ends) {
    const at = dayStart(ends);
    if (!at) errors.endsOn = "Enter the last day as a date, such as 2026-12-31.";
    else if (starts && body.startsAt && ends < starts)
      errors.endsOn = "The last day must be on or after the first day.";
    else body.endsAt = new Date(new Date(at).getTime() + DAY_MS).toISOString();
  }

  if (text("maxUses")) {
    const n = whole(text("maxUses"), "the limit of uses", MAX_CODE_USES);
    if (typeof n === "string") errors.maxUses = n;
    else body.maxUses = n;
  }

  const other = readCodeAmounts(fields, kind);
  Object.assign(errors, other.errors);
  if (other.amounts.length > 0) body.amounts = other.amounts;

  const chosen = productIds.filter((id) => fields[`product-${id}`] === "on");
  if (chosen.length > 0) body.productIds = chosen;

  if (body.renewals === "first_n") {
    if (!text("renewalCount"))
      errors.renewalCount = `Enter how many renewals are discounted, from 1 to ${MAX_RENEWAL_COUNT}.`;
    else {
      const n = whole(text("renewalCount"), "the number of renewals", MAX_RENEWAL_COUNT);
      if (typeof n === "string") errors.renewalCount = n;
      else body.renewalCount = n;
    }
  }
  return { body, errors };
}
