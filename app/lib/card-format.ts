/**
 * How the test card form formats what a shopper types, as hosted card pages do: the number in groups of
 * four (American Express 4-6-5), the expiry as `MM / YY` from digits alone, the brand from the first digits.
 */

export type CardBrand = "Visa" | "Mastercard" | "American Express" | "Discover";

/** The card's brand from its first digits, or null while they say nothing yet. */
export function cardBrand(value: string): CardBrand | null {
  const d = value.replace(/\D/g, "");
  if (/^4/.test(d)) return "Visa";
  if (/^3[47]/.test(d)) return "American Express";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(d)) return "Mastercard";
  if (/^(6011|65|64[4-9])/.test(d)) return "Discover";
  return null;
}

/** Digits only, at most 19, grouped: `4242424242424242` -> `4242 4242 4242 4242`. */
export function formatCardNumber(value: string): string {
  const d = value.replace(/\D/g, "").slice(0, 19);
  const groups = cardBrand(d) === "American Express" ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= d.length) break;
    parts.push(d.slice(at, at + size));
    at += size;
  }
  return parts.join(" ");
}

/**
 * `MM / YY` from what was typed or pasted: `1234`, `12/34` and `12 / 34` all give `12 / 34`; a first
 * digit from 2 to 9 can only start a month, so `4` gives `04 / `; `1` waits for the next digit.
 * `deleting` keeps a backspace over the separator from re-adding it.
 */
export function formatExpiry(value: string, deleting = false): string {
  const slash = /\//.test(value);
  let d = value.replace(/\D/g, "");
  if (d.length === 1 && /[2-9]/.test(d)) d = `0${d}`;
  // "1/" or "1 / 2": a one-digit month before the separator.
  if (slash && /^\d\D/.test(value.trim())) d = `0${d}`;
  if (d.length >= 2 && Number(d.slice(0, 2)) > 12) d = `0${d}`;
  d = d.slice(0, 4);
  if (d.length < 2) return d;
  if (d.length === 2) return deleting ? d : `${d} / `;
  return `${d.slice(0, 2)} / ${d.slice(2)}`;
}
