/**
 * The discount code's wire contract: what the cart drawer and the checkout send to apply a code, and what
 * the server answers (docs/decisions/046-discount-codes.md).
 */
import { z } from "zod";
import type { CodeRefusal, CodeTerms } from "../discount-code.ts";

/** POST /api/cart/code: the code as the shopper typed it (trimmed and upper-cased by the server). */
export const cartCodeBody = z.strictObject({ code: z.string().max(64) });
export type CartCodeBody = z.infer<typeof cartCodeBody>;

/**
 * GET, POST and DELETE /api/cart/code answer the code the cart carries (null for none) with its terms, and
 * why it gives nothing when a check that needs the shop's records refuses it now (used up since it was
 * applied, used by this customer). The browser prices the cart with these terms (core/pricing.ts), which
 * also says when the cart does not meet them (a minimum, the products). A refused POST answers with the
 * refusal's reason as `code` (`code_<reason>`: 404 `code_unknown`, 409 for the others, 400 `invalid_code`
 * for text that cannot be a code) and its `message` (a minimum not met says how much more to add); the
 * cart keeps the code it had.
 */
export interface CartCodeResponse {
  code: CodeTerms | null;
  refusal: CodeRefusal | null;
}
