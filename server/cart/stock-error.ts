import { OutOfStock } from "../domain-errors.ts";

/** The refusal a shopper reads: which product, how many are left, and how many their cart holds. */
export function stockError(name: string, onHand: number, inCart = 0): OutOfStock {
  if (onHand <= 0) return new OutOfStock(`Sorry, ${name} is out of stock.`);
  const left = `Sorry, only ${onHand} of ${name} ${onHand === 1 ? "is" : "are"} left in stock`;
  return new OutOfStock(inCart > 0 ? `${left}, and your cart already has ${inCart}.` : `${left}.`);
}
