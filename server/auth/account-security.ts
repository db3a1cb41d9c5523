import { eq, sql } from "drizzle-orm";
import type {
  ChangeEmailBody,
  ChangePasswordBody,
  SignInDetails,
} from "../../core/contracts/account-security.ts";
import { type Locale, pathInLocale } from "../../core/i18n/locales.ts";
import { isPlaceholderEmail, realEmail } from "../../core/placeholder-email.ts";
import type { DbOrTx } from "../db/client.ts";
import { perDatabase } from "../db/prepared.ts";
import { user } from "../db/schema.ts";
import type { ShopDeps } from "../deps.ts";
import { Conflict, InvalidInput, LimitExceeded, NotSignedIn } from "../domain-errors.ts";
import { customerLocale } from "../i18n/customer-locale.ts";
import { wordsIn } from "../i18n/words.ts";
import {
  emailChangeLinkEmail,
  emailChangeNoticeEmail,
  passwordChangedEmail,
} from "../mail/templates/account-emails.ts";
import { VERIFY_PAGE } from "./auth.ts";
import { hasPassword } from "./delete-account.ts";
import type { LimitRule } from "./limit-store.ts";
import { checkPasskeyProof } from "./passkey-proof.ts";
import {
  COMMON_PASSWORD_MESSAGE,
  isCommonPassword,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from "./password-policy.ts";

/**
 * Changing the account's password or e-mail from the account page (docs/decisions/052-passkeys.md): the
 * customer proves it is them with the current password or one of their own passkeys (a proof used once,
 * server/auth/passkey-proof.ts). A new password follows the sign-up's rules, signs every other session out
 * and is announced by e-mail; a new address gets a link and replaces the old one only when the link is
 * opened (Better Auth's change-email verification), and the old address is told.
 */

/** Links to a new address sent per account: each one writes to an address nobody has proven yet. */
export const EMAIL_CHANGE_SENDS: LimitRule = { window: 3600, max: 5 };

type Deps = Pick<ShopDeps, "db" | "mailer" | "logger" | "identity" | "origin">;

/** The forgot-password page, where "it was not me" leads (and where an account without a password sets one). */
const FORGOT_PAGE = "/auth/forgot";

const emailOf = perDatabase((db) =>
  db
    .select({ email: user.email })
    .from(user)
    .where(eq(user.id, sql.placeholder("userId")))
    .prepare("email_of_user"),
);

/** How the account signs in, for the account page. */
export async function signInDetails(db: DbOrTx, userId: string): Promise<SignInDetails> {
  const [u] = await emailOf(db).execute({ userId });
  if (!u) throw new NotSignedIn("unauthorized", "Please sign in to continue.");
  return { hasPassword: await hasPassword(db, userId), email: realEmail(u.email) };
}

/** The proof a change needs: one of the account's passkeys, or else its password. */
async function checkProof(
  deps: Deps,
  userId: string,
  body: { currentPassword?: string; passkey?: Record<string, unknown> },
  withPassword: boolean,
) {
  if (body.passkey) {
    if (!(await checkPasskeyProof(deps.db, deps.origin, userId, body.passkey, "change")))
      throw new InvalidInput("wrong_passkey", "That passkey could not confirm it is you. Please try again.");
    return;
  }
  if (!withPassword)
    throw new InvalidInput(
      "passkey_required",
      "Confirm with one of your passkeys: this account has no password.",
    );
  if (!body.currentPassword)
    throw new InvalidInput("password_required", "Enter your current password.", {
      fields: { currentPassword: "Enter your current password." },
    });
  if (!(await deps.identity.checkPassword(userId, body.currentPassword)))
    throw new InvalidInput("wrong_password", "That password is not right.", {
      fields: { currentPassword: "That password is not right." },
    });
}

/** The sign-up's rules for a new password, with Better Auth's codes (the forms word them: auth-errors.ts). */
function checkNewPassword(password: string) {
  const refuse = (code: string, message: string) =>
    new InvalidInput(code, message, { fields: { newPassword: message } });
  if (password.length < MIN_PASSWORD_LENGTH)
    throw refuse("PASSWORD_TOO_SHORT", `Password should be at least ${MIN_PASSWORD_LENGTH} characters`);
  if (password.length > MAX_PASSWORD_LENGTH)
    throw refuse("PASSWORD_TOO_LONG", `Password should be at most ${MAX_PASSWORD_LENGTH} characters`);
  if (isCommonPassword(password)) throw refuse("PASSWORD_TOO_COMMON", COMMON_PASSWORD_MESSAGE);
}

/**
 * Sets a new password for an account that has one. `headers` are the asking request's: its session stays,
 * every other session of the account ends.
 */
export async function changePassword(
  deps: Deps,
  userId: string,
  headers: Headers,
  body: ChangePasswordBody,
  pageLocale: Locale | null = null,
): Promise<void> {
  if (!(await hasPassword(deps.db, userId)))
    throw new InvalidInput(
      "no_password",
      "This account has no password. Set one with “Forgot your password?” on the sign-in page.",
    );
  checkNewPassword(body.newPassword);
  await checkProof(deps, userId, body, true);
  await deps.identity.setPassword(userId, body.newPassword);
  await deps.identity.endOtherSessions(headers);
  const [u] = await deps.db
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, userId));
  const to = realEmail(u?.email);
  deps.logger.info({ userId }, "password changed from the account page");
  if (!to) return;
  const words = wordsIn(await customerLocale(deps.db, userId, pageLocale));
  await deps.mailer.send(
    passwordChangedEmail({
      to,
      name: u?.name,
      origin: deps.origin,
      url: `${deps.origin}${pathInLocale(FORGOT_PAGE, words.locale)}`,
      words,
    }),
  );
}

/**
 * Sends the link that moves the account to `body.newEmail`, and tells the current address. An address
 * another account uses is refused as the sign-up refuses it.
 */
export async function requestEmailChange(
  deps: Deps,
  userId: string,
  body: ChangeEmailBody,
  pageLocale: Locale | null = null,
): Promise<{ to: string }> {
  const [u] = await deps.db.select().from(user).where(eq(user.id, userId));
  if (!u) throw new NotSignedIn("unauthorized", "Please sign in to continue.");
  const newEmail = body.newEmail;
  if (isPlaceholderEmail(newEmail))
    throw new InvalidInput("invalid_email", "Enter a valid e-mail address.", {
      fields: { newEmail: "Enter a valid e-mail address." },
    });
  if (newEmail === u.email.toLowerCase())
    throw new InvalidInput("same_email", "This is already your account's e-mail address.", {
      fields: { newEmail: "This is already your account's e-mail address." },
    });
  await checkProof(deps, userId, body, await hasPassword(deps.db, userId));
  // After the proof: the same answer the sign-up gives, to the account's proven owner only.
  const [taken] = await deps.db.select({ id: user.id }).from(user).where(eq(user.email, newEmail));
  if (taken)
    throw new Conflict("email_taken", "An account already exists with this email", {
      fields: { newEmail: "An account already exists with this email" },
    });
  const sends = await deps.identity.limits.consume(`account-email-change:${userId}`, EMAIL_CHANGE_SENDS);
  if (!sends.allowed)
    throw new LimitExceeded(
      "too_many_requests",
      "You asked for several links already. Please try again in an hour.",
    );
  const words = wordsIn(await customerLocale(deps.db, userId, pageLocale));
  const token = await deps.identity.emailChangeToken(userId, u.email, newEmail);
  const url = `${deps.origin}${pathInLocale(VERIFY_PAGE, words.locale)}?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(
    emailChangeLinkEmail({ to: newEmail, name: u.name, origin: deps.origin, url, words }),
  );
  const old = realEmail(u.email);
  if (old)
    await deps.mailer.send(
      emailChangeNoticeEmail({
        to: old,
        newEmail,
        name: u.name,
        origin: deps.origin,
        url: `${deps.origin}${pathInLocale(FORGOT_PAGE, words.locale)}`,
        words,
      }),
    );
  deps.logger.info({ userId }, "e-mail change asked for from the account page");
  return { to: newEmail };
}
