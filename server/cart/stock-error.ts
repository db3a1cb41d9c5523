import { OutOfStock, words } from "../domain-errors.ts";

/** The refusal a shopper reads: which product, how many are left, and how many their cart holds. */
export function stockError(name: string, onHand: number, inCart = 0): OutOfStock {
  if (onHand <= 0) return new OutOfStock(words("errors.outOfStock", { product: name }));
  return new OutOfStock(
    inCart > 0
      ? words("errors.onlyLeftInCart", { product: name, left: onHand, inCart })
      : words("errors.onlyLeft", { product: name, left: onHand }),
  );
}
