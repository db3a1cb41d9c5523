/**
 * The carriers the shop ships with and their public tracking pages. Pure: the owner's command checks a
 * carrier's name here, and every order view and e-mail builds its tracking link here.
 */

export interface Carrier {
  /** The name stored on the order and shown to people. */
  name: string;
  /** The carrier's public tracking page for one code. */
  trackingUrl(code: string): string;
}

export const CARRIERS: readonly Carrier[] = [
  {
    name: "USPS",
    trackingUrl: (code) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${encodeURIComponent(code)}`,
  },
  { name: "UPS", trackingUrl: (code) => `https://www.ups.com/track?tracknum=${encodeURIComponent(code)}` },
  {
    name: "FedEx",
    trackingUrl: (code) => `https://www.fedex.com/fedextrack/?trknbr=${encodeURIComponent(code)}`,
  },
  {
    name: "Canada Post",
    trackingUrl: (code) =>
      `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${encodeURIComponent(code)}`,
  },
  {
    name: "DHL",
    trackingUrl: (code) => `https://www.dhl.com/en/express/tracking.html?AWB=${encodeURIComponent(code)}`,
  },
];

/** The names of the known carriers, in the order the command lists them. */
export const CARRIER_NAMES: readonly string[] = CARRIERS.map((c) => c.name);

/** Case, spaces, dots and dashes do not matter: "ups", "Canada Post", "canada-post", "fedex" all match. */
const key = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/** The known carrier a name means, or null. */
export function findCarrier(name: string | null | undefined): Carrier | null {
  if (!name) return null;
  const wanted = key(name);
  if (!wanted) return null;
  return CARRIERS.find((c) => key(c.name) === wanted) ?? null;
}

/**
 * The public tracking page of a code with a carrier; null when either is missing or the carrier is not
 * one the shop knows (the page then shows the code itself).
 */
export function trackingUrl(
  carrier: string | null | undefined,
  code: string | null | undefined,
): string | null {
  const found = findCarrier(carrier);
  const trimmed = code?.trim();
  if (!found || !trimmed) return null;
  return found.trackingUrl(trimmed);
}
