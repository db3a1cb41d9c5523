/** A cart line as far as "the same cart" goes: what is bought, how, from which bundle, how many. */
export interface CartLineIdentity {
  productId: number;
  isSubscription: boolean;
  /** The cart stores null for a line outside a bundle, an order line ""; all three mean "no bundle". */
  bundleId?: string | null;
  quantity: number;
}

/** One line's key. Prices are not part of it: the server prices from the catalogue, never from the browser. */
export function cartLineKey(line: CartLineIdentity): string {
  return `${line.productId}|${line.isSubscription}|${line.bundleId ?? ""}|${line.quantity}`;
}

/**
 * The signature of a list of cart lines: two lists have the same signature exactly when they hold the
 * same lines, in any order. The checkout page compares it with the cart drawer's lines and the checkout
 * call with the visitor's cart (a changed cart is refused). `more` adds per-line facts to each key (the
 * pending order's fingerprint adds the line's server prices).
 */
export function cartSignature<L extends CartLineIdentity>(
  lines: readonly L[],
  more?: (line: L) => readonly (string | number)[],
): string {
  return JSON.stringify(lines.map((l) => [cartLineKey(l), ...(more?.(l) ?? [])].join("|")).sort());
}
