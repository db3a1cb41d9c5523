/**
 * The dashboard's discount codes API: what GET /api/admin/codes answers, what POST /api/admin/codes takes to
 * make a code and PATCH /api/admin/codes/:id to pause, resume or end one (docs/decisions/046-discount-codes.md).
 */
import { z } from "zod";
import {
  type CodeKind,
  type CodeStatus,
  type CodeTerms,
  canonicalCode,
  codeHasAmounts,
} from "../discount-code.ts";
import type { Currency } from "../markets.ts";

/** The highest amount the form takes, in cents (a typo guard, as for prices). */
export const MAX_CODE_CENTS = 1_000_000;
export const MAX_CODE_USES = 1_000_000;
/** "The first N renewals": two years of monthly renewals at most. */
export const MAX_RENEWAL_COUNT = 24;
export const MAX_CODE_PRODUCTS = 50;

const cents = (what: string) =>
  z
    .number({ error: `${what} must be an amount in cents.` })
    .int(`${what} must be a whole number of cents.`)
    .min(1, `${what} must be more than $0.00.`)
    .max(MAX_CODE_CENTS, `${what} can be at most $10,000.00.`);

/** The currencies a code has its own amounts in besides US dollars (the price lists', decision 051). */
export const CODE_AMOUNT_CURRENCIES = ["CAD", "EUR", "GBP"] as const;
export type CodeAmountCurrency = (typeof CODE_AMOUNT_CURRENCIES)[number];

const minorUnits = (what: string) =>
  z
    .number({ error: `${what} must be an amount in minor units (cents, pence).` })
    .int(`${what} must be a whole number of minor units (cents, pence).`)
    .min(1, `${what} must be more than 0.00.`)
    .max(MAX_CODE_CENTS, `${what} can be at most 10,000.00.`);

/**
 * A code's amount off and minimum in one other currency, in its minor units: what an order in that
 * currency gets and needs (decision 051). Null where the code has none (a percentage code's amount).
 */
export const codeAmountInput = z.strictObject({
  currency: z.enum(CODE_AMOUNT_CURRENCIES, { error: "The currency is CAD, EUR or GBP." }),
  amountCents: minorUnits("The amount off").nullish(),
  minSubtotalCents: minorUnits("The minimum order").nullish(),
});
export type CodeAmountInput = z.infer<typeof codeAmountInput>;

const amountList = z
  .array(codeAmountInput, { error: "amounts must be a list of { currency, amountCents, minSubtotalCents }." })
  .max(CODE_AMOUNT_CURRENCIES.length, "Send each currency at most once.");

/**
 * What is wrong with a code's amounts in the other currencies, by field (`amounts.CAD.amountCents`): each
 * currency once; an amount code has an amount off in each currency it names, a code with a (US dollar)
 * minimum a minimum there; a code with neither takes none (it is the same in every currency). A currency
 * left out is one the code gives nothing in.
 */
export function codeAmountIssues(
  terms: { kind: CodeKind; minSubtotalCents?: number | null | undefined },
  amounts: readonly CodeAmountInput[],
): Record<string, string> {
  const issues: Record<string, string> = {};
  const seen = new Set<string>();
  for (const a of amounts) {
    const at = `amounts.${a.currency}`;
    if (seen.has(a.currency)) issues[at] ??= `${a.currency} is sent twice.`;
    seen.add(a.currency);
    if (!codeHasAmounts({ kind: terms.kind, minSubtotalCents: terms.minSubtotalCents ?? null })) {
      issues[at] ??=
        "A percentage or free-shipping code without a minimum is the same in every currency: it takes no amounts.";
      continue;
    }
    if (terms.kind === "amount" && a.amountCents == null)
      issues[`${at}.amountCents`] ??= `Enter the amount off in ${a.currency}.`;
    if (terms.kind !== "amount" && a.amountCents != null)
      issues[`${at}.amountCents`] ??= "Only an amount code takes an amount.";
    if (terms.minSubtotalCents != null && a.minSubtotalCents == null)
      issues[`${at}.minSubtotalCents`] ??= `Enter the minimum order in ${a.currency}.`;
    if (terms.minSubtotalCents == null && a.minSubtotalCents != null)
      issues[`${at}.minSubtotalCents`] ??=
        "This code has no minimum in US dollars: give it one there first, or none here.";
  }
  return issues;
}

/**
 * PUT /api/admin/codes/:id/amounts: the code's amounts in the other currencies, all of them (a currency
 * left out gives nothing there from then on).
 */
export const adminCodeAmountsPut = z.strictObject({ amounts: amountList });
export type AdminCodeAmountsPut = z.infer<typeof adminCodeAmountsPut>;

const moment = (what: string) =>
  z.iso.datetime({ offset: true, error: `${what} must be a date and time, such as 2026-12-01T00:00:00Z.` });

/**
 * POST /api/admin/codes. `code` is stored canonical (trimmed, upper-case). A percentage code names its
 * `percent` (1-100), an amount code its `amountCents`, free shipping neither. `renewalCount` (1-24) goes
 * with `renewals: "first_n"` only. Free shipping is for the order it is used on: it carries into no renewal.
 * `amountCents` and `minSubtotalCents` are US dollars; `amounts` the same in CAD, EUR and GBP (decision 051).
 * Left out: no minimum, no dates, no limit of uses, every product, and the defaults below.
 */
export const adminCodeCreate = z
  .strictObject({
    code: z
      .string({ error: "Enter the code." })
      .max(64, "A code is 3 to 32 letters, digits, dashes or underscores.")
      .transform((text, ctx) => {
        const code = canonicalCode(text);
        if (code) return code;
        ctx.addIssue({
          code: "custom",
          message: "A code is 3 to 32 letters, digits, dashes or underscores.",
        });
        return z.NEVER;
      }),
    kind: z.enum(["percent", "amount", "free_shipping"], {
      error: "Choose what the code gives: a percentage off, an amount off or free shipping.",
    }),
    percent: z
      .number({ error: "The percentage must be a whole number from 1 to 100." })
      .int("The percentage must be a whole number from 1 to 100.")
      .min(1, "The percentage must be a whole number from 1 to 100.")
      .max(100, "The percentage must be a whole number from 1 to 100.")
      .nullish(),
    amountCents: cents("The amount off").nullish(),
    minSubtotalCents: cents("The minimum order").nullish(),
    startsAt: moment("The start").nullish(),
    endsAt: moment("The end").nullish(),
    maxUses: z
      .number({ error: "The limit of uses must be a whole number." })
      .int("The limit of uses must be a whole number.")
      .min(1, "The limit of uses must be 1 or more.")
      .max(MAX_CODE_USES, `The limit of uses can be at most ${MAX_CODE_USES.toLocaleString("en-US")}.`)
      .nullish(),
    oncePerCustomer: z.boolean({ error: "Once per customer is true or false." }).default(false),
    firstOrderOnly: z.boolean({ error: "First order only is true or false." }).default(false),
    productIds: z
      .array(z.number().int().positive().max(1_000_000), { error: "Products are a list of product ids." })
      .min(1, "Choose at least one product, or leave products out for every product.")
      .max(MAX_CODE_PRODUCTS, `A code can name at most ${MAX_CODE_PRODUCTS} products.`)
      .transform((ids) => [...new Set(ids)].sort((a, b) => a - b))
      .nullish(),
    combinesWithBundles: z.boolean({ error: "Combines with bundles is true or false." }).default(true),
    renewals: z
      .enum(["first_order", "first_n", "every"], {
        error: "Choose which subscription renewals are discounted: none, the first few, or every one.",
      })
      .default("first_order"),
    renewalCount: z
      .number({ error: "The number of renewals must be a whole number." })
      .int("The number of renewals must be a whole number.")
      .min(1, "The number of renewals must be 1 or more.")
      .max(MAX_RENEWAL_COUNT, `The number of renewals can be at most ${MAX_RENEWAL_COUNT}.`)
      .nullish(),
    /** The amount off and minimum in CAD, EUR and GBP (`codeAmountIssues`); left out: none there. */
    amounts: amountList.default([]),
  })
  .superRefine((body, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (body.kind === "percent" && body.percent == null)
      issue("percent", "Enter the percentage off, from 1 to 100.");
    if (body.kind !== "percent" && body.percent != null)
      issue("percent", "Only a percentage code takes a percentage.");
    if (body.kind === "amount" && body.amountCents == null) issue("amountCents", "Enter the amount off.");
    if (body.kind !== "amount" && body.amountCents != null)
      issue("amountCents", "Only an amount code takes an amount.");
    if (body.kind === "free_shipping" && body.renewals !== "first_order")
      issue("renewals", "Free shipping is for the order the code is used on: it carries into no renewal.");
    if (body.renewals === "first_n" && body.renewalCount == null)
      issue("renewalCount", `Enter how many renewals are discounted, from 1 to ${MAX_RENEWAL_COUNT}.`);
    if (body.renewals !== "first_n" && body.renewalCount != null)
      issue("renewalCount", "Only “the first few renewals” takes a number of renewals.");
    if (body.startsAt && body.endsAt && new Date(body.endsAt) <= new Date(body.startsAt))
      issue("endsAt", "The end must be after the start.");
    for (const [path, message] of Object.entries(codeAmountIssues(body, body.amounts))) issue(path, message);
  });
export type AdminCodeCreate = z.output<typeof adminCodeCreate>;
export type AdminCodeCreateInput = z.input<typeof adminCodeCreate>;

/** PATCH /api/admin/codes/:id: pause, resume or end a code. An ended code stays ended. */
export const adminCodePatch = z.strictObject({
  status: z.enum(["active", "paused", "ended"], { error: "The status is active, paused or ended." }),
});
export type AdminCodePatch = z.infer<typeof adminCodePatch>;

/**
 * What a shopper meets now: the stored status, or for an active code, whether its dates or its uses
 * say otherwise (`scheduled`: not started; `expired`: past its end; `used_up`: no use left).
 */
export type CodeState = CodeStatus | "scheduled" | "expired" | "used_up";

/** One code as the dashboard lists it, with its uses and what its orders brought in. */
export interface AdminCodeView {
  id: string;
  terms: CodeTerms;
  /** Total uses allowed; null: no limit. */
  maxUses: number | null;
  oncePerCustomer: boolean;
  status: CodeStatus;
  state: CodeState;
  createdBy: string | null;
  createdAt: string;
  /** Paid orders' uses (a cancelled order gives its use back). */
  uses: number;
  /** Uses held by checkouts under way, not paid yet. */
  reserved: number;
  /** Paid orders with the code, renewals discounted by it included (cancelled ones left out). */
  orders: number;
  /** What those orders' customers paid, less refunds: US dollar orders only (the rest in `byCurrency`). */
  revenueCents: number;
  /** What the code took off those orders: US dollar orders only. */
  discountCents: number;
  /**
   * The same per currency of the orders, never summed across currencies (docs/decisions/051): US dollars
   * first, then each other currency with orders; empty while the code has none.
   */
  byCurrency: CodeCurrencySales[];
}

/** One currency's orders with a code, their revenue and the discount it gave, in that currency's minor units. */
export interface CodeCurrencySales {
  currency: Currency;
  orders: number;
  revenueCents: number;
  discountCents: number;
}

/** GET /api/admin/codes: every code, newest first, ended ones last. */
export interface AdminCodesResponse {
  codes: AdminCodeView[];
}
