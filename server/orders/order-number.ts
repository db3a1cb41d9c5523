import { randomId } from "../lib/random-id.ts";

/** No 0/O, 1/I/L: easy to read out on the phone. 31^8 ≈ 8.5 × 10^11 numbers, so they are not guessable. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** A human order number such as MANA-7F3K9QXA. */
export function newOrderNumber(): string {
  return `MANA-${randomId(8, ALPHABET)}`;
}

export const ORDER_NUMBER_PATTERN = /^MANA-[2-9A-HJKMNP-Z]{8}$/;
