import {
  LIST_CURRENCIES,
  type ListCurrency,
  type PriceChange,
  readAmount,
} from "../../../core/contracts/admin-prices.ts";
import { CURRENCY_SIGNS, formatCents } from "../../../core/money.ts";

/** The currencies' names as the dashboard's labels and hints say them. */
export const CURRENCY_NAMES: Record<ListCurrency, string> = {
  CAD: "Canadian dollars",
  EUR: "euros",
  GBP: "pounds",
};

/** A price field's name in a form: the item and the currency, as the server's refusals name them. */
export const priceField = (item: string, currency: ListCurrency) => `${item}@${currency}`;

/** An amount as its field shows it ("40.00"), blank when the item has no price in the currency. */
export const amountText = (cents: number | null | undefined) => (cents == null ? "" : formatCents(cents));

/**
 * The prices a form asks to set: each posted `${item}@${currency}` field read as an amount ("40",
 * "40.00", "40,50", "€29"), only those that differ from `current` (by the same names) kept, and a message
 * per field that is not an amount. A field left blank is refused while the item has a price there (a price is never removed
 * here), and skipped while it has none. Only the items in `current` are read: a forged name is ignored.
 */
export function readPriceFields(
  fields: Record<string, string | undefined>,
  current: ReadonlyMap<string, number | null>,
  nameOf: (item: string) => string,
): { changes: PriceChange[]; errors: Record<string, string> } {
  const changes: PriceChange[] = [];
  const errors: Record<string, string> = {};
  for (const [field, now] of current) {
    const text = fields[field];
    if (text === undefined) continue;
    const [item = "", currency] = field.split("@") as [string, ListCurrency];
    if (!LIST_CURRENCIES.includes(currency)) continue;
    if (!text.trim() && now === null) continue;
    // The currency's sign may lead, as the shop writes it: CA$40.00, €29, £25.
    const amount = readAmount(text, CURRENCY_SIGNS[currency]);
    if (typeof amount === "string") errors[field] = `${nameOf(item)} in ${currency}: ${amount}`;
    else if (amount !== now) changes.push({ item, currency, amountCents: amount });
  }
  return { changes, errors };
}
