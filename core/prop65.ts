/**
 * California's Proposition 65 (Health and Safety Code §25249.6): a product that exposes a buyer in
 * California to a listed chemical carries a "clear and reasonable" warning. The text below is the
 * safe-harbor wording for food, dietary supplements included (27 CCR §25607.1-25607.2); an internet sale
 * also shows it on the product page or before the purchase is completed (27 CCR §25602(b)). The chemical
 * names come from the product's label in content/products.json; the words around them are the rule's own.
 */

export const PROP65_TYPES = ["cancer", "reproductive", "both"] as const;
export type Prop65Type = (typeof PROP65_TYPES)[number];

export interface Prop65Warning {
  type: Prop65Type;
  /** The listed chemical (or chemicals) the product can expose a buyer to, e.g. "lead". */
  chemical: string;
  /**
   * For "both" when the reproductive toxicant is another chemical than the carcinogen (§25607.2(a)(3));
   * left out when one chemical is listed for both.
   */
  reproductiveChemical?: string;
}

const CANCER = "known to the State of California to cause cancer";
const REPRODUCTIVE = "known to the State of California to cause birth defects or other reproductive harm";
export const PROP65_MORE = "For more information go to www.P65Warnings.ca.gov/food.";
export const PROP65_URL = "https://www.P65Warnings.ca.gov/food";

/** The sentence after "WARNING:" (the page sets the signal word in bold capitals, §25607.2(a)). */
export function prop65Sentence(w: Prop65Warning): string {
  const start = `Consuming this product can expose you to chemicals including ${w.chemical}, which is`;
  if (w.type === "cancer") return `${start} ${CANCER}.`;
  if (w.type === "reproductive") return `${start} ${REPRODUCTIVE}.`;
  if (w.reproductiveChemical && w.reproductiveChemical !== w.chemical)
    return `${start} ${CANCER}, and ${w.reproductiveChemical}, which is ${REPRODUCTIVE}.`;
  return `${start} known to the State of California to cause cancer and birth defects or other reproductive harm.`;
}

/** The whole safe-harbor warning, as one line of text (e-mails, tests, plain text). */
export function prop65Text(w: Prop65Warning): string {
  return `WARNING: ${prop65Sentence(w)} ${PROP65_MORE}`;
}

/** Whether an address gets the warning: a shipment to California (US, region CA). */
export function shipsToCalifornia(address: { country?: string | null; region?: string | null }): boolean {
  return (
    (address.country ?? "").trim().toUpperCase() === "US" &&
    (address.region ?? "").trim().toUpperCase() === "CA"
  );
}

/** A product in the cart that needs a warning, as checkout shows it. */
export interface CartProp65Warning {
  productName: string;
  warning: Prop65Warning;
}
