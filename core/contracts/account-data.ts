import { z } from "zod";

/**
 * The wire contract of a customer's own data (docs/decisions/045-privacy-export-and-deletion.md):
 * GET /api/account/export (everything the shop holds about the signed-in customer, as a JSON download),
 * GET /api/account/deletion (how deleting is confirmed), POST /api/account/deletion/code (a code for an
 * account without a password) and POST /api/account/delete.
 */

/** How the customer proves it is them before the account is deleted. */
export type DeletionProof =
  /** The account's password. */
  | { kind: "password" }
  /** A 6-digit code sent to the account's e-mail or phone (an account made by phone or a provider). */
  | { kind: "code"; channel: "email" | "sms"; to: string }
  /** Nothing can be sent: the account has no password, no e-mail and no phone. */
  | { kind: "none" };

/** GET /api/account/deletion. `refusal` is set when this account cannot be deleted (a dashboard role). */
export interface DeletionInfo {
  proof: DeletionProof;
  refusal: string | null;
}

export const DELETION_CODE_LENGTH = 6;

/** POST /api/account/delete: the password, or the code sent, or a passkey's signature. */
export const deleteAccountBody = z
  .object({
    password: z.string().min(1, "Enter your password.").max(256).optional(),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, "Enter the 6-digit code.")
      .optional(),
    /** A signature by one of the account's passkeys, instead of the password (decision 052). */
    passkey: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

/** What deleting did, as counts (never the erased data): the answer of POST /api/account/delete. */
export interface DeletionResult {
  deleted: true;
  ordersKept: number;
  subscriptionsCancelled: number;
  reviewsDeleted: number;
}
