import { z } from "zod";
import { MAX_PASSWORD_LENGTH } from "../account-rules.ts";

/**
 * The wire contract of the account's sign-in details (docs/decisions/052-passkeys.md, "A passkey confirms
 * a sensitive action"): POST /api/account/security/passkey (WebAuthn options for a proof),
 * POST /api/account/password and POST /api/account/email. Each change is proven by the account's password
 * or by one of its passkeys (`passkey`, the browser's answer to the options).
 */

/** The most characters a passkey's name keeps (the account's Passkeys card, the plugin's rename route). */
export const PASSKEY_NAME_MAX = 60;

const proof = {
  currentPassword: z.string().min(1, "Enter your current password.").max(256).optional(),
  /** A signature by one of the account's passkeys, instead of the password. */
  passkey: z.record(z.string(), z.unknown()).optional(),
};

/** POST /api/account/password. The new password's rules are the sign-up's (server/auth/password-policy.ts). */
export const changePasswordBody = z
  .object({
    ...proof,
    newPassword: z
      .string({ error: "Enter a new password." })
      .max(MAX_PASSWORD_LENGTH * 4, "Enter a shorter password."),
  })
  .strict();
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** POST /api/account/email: the new address gets a link; the account's address changes when it is opened. */
export const changeEmailBody = z
  .object({
    ...proof,
    newEmail: z
      .string({ error: "Enter the new e-mail address." })
      .trim()
      .toLowerCase()
      .max(254, "Enter a shorter e-mail address.")
      .pipe(z.email("Enter a valid e-mail address.")),
  })
  .strict();
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;

/** The answer of POST /api/account/email: where the link went. */
export interface EmailChangeStarted {
  sent: true;
  to: string;
}

/** How the account signs in, for its "Sign-in details" card. */
export interface SignInDetails {
  /** The account has a password (Better Auth's "credential" account). */
  hasPassword: boolean;
  /** The account's real e-mail (null for an account made by phone). */
  email: string | null;
}
