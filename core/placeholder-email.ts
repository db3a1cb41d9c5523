/**
 * Accounts created by phone sign-in have no e-mail, but the user table requires one: Better Auth stores a
 * placeholder `<digits>@phone.mana.invalid` (server/auth/auth.ts). `.invalid` is a reserved top-level
 * domain (RFC 2606, RFC 6761) that never resolves, so the placeholder can never receive mail.
 *
 * This module is the one place that knows the pattern: pages use it to show the phone number (or
 * "No e-mail yet") instead, the server to keep the placeholder out of display answers, order e-mails and
 * the payment provider, and the mailer to refuse to send to it. Shared by app and server, so pure.
 */

/** The domain of the placeholder e-mail of an account created by phone sign-in. */
export const PHONE_EMAIL_DOMAIN = "phone.mana.invalid";

/**
 * The domain of the address a deleted account's orders and subscriptions keep in place of the customer's
 * e-mail (decision 045): under `.invalid`, so it is never mailed nor shown, like the phone placeholder.
 */
export const DELETED_EMAIL_DOMAIN = "deleted.mana.invalid";

/** A deleted account's placeholder address: 'deleted-<ref>@deleted.mana.invalid' (ref names nobody). */
export function deletedAccountEmail(ref: string): string {
  return `deleted-${ref}@${DELETED_EMAIL_DOMAIN}`;
}

/** What the profile and the account menu show where a phone-only account has no e-mail. */
export const NO_EMAIL_YET = "No e-mail yet";

/** The placeholder e-mail for an account created by phone sign-in: '+1 555 000 1234' -> '15550001234@phone.mana.invalid'. */
export function placeholderEmailFor(phone: string): string {
  return `${phone.replace(/\D/g, "")}@${PHONE_EMAIL_DOMAIN}`;
}

/**
 * True for an address nobody can receive mail at: our phone placeholder, and any other address under the
 * reserved `.invalid` top-level domain (trailing dot, case and surrounding spaces ignored). Such an address
 * is never shown as the customer's e-mail and never mailed.
 */
export function isPlaceholderEmail(email: string | null | undefined): boolean {
  const domain = domainOf(email);
  return domain === "invalid" || domain?.endsWith(".invalid") === true;
}

/** The lower-cased domain of an address without a trailing dot, or null without an at sign. */
function domainOf(email: string | null | undefined): string | null {
  const at = email?.lastIndexOf("@") ?? -1;
  if (!email || at < 0) return null;
  return email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, "");
}

/** The e-mail to show or use: the address itself, or null when there is none or only a placeholder. */
export function realEmail(email: string | null | undefined): string | null {
  const trimmed = email?.trim();
  return trimmed && !isPlaceholderEmail(trimmed) ? trimmed : null;
}

/** The phone number a phone-sign-in placeholder was made from ('15550001234@phone.mana.invalid' -> '+15550001234'). */
export function phoneFromPlaceholderEmail(email: string | null | undefined): string | null {
  const trimmed = email?.trim() ?? "";
  if (domainOf(trimmed) !== PHONE_EMAIL_DOMAIN) return null;
  const digits = trimmed.slice(0, trimmed.lastIndexOf("@"));
  return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
}

/**
 * How to name the account where its e-mail would appear (account menu): the real e-mail, else the sign-in
 * phone number (E.164, as the sign-in page shows it), else null.
 */
export function accountContactOf(
  user: { email?: string | null; phoneNumber?: string | null } | null | undefined,
): string | null {
  if (!user) return null;
  return realEmail(user.email) ?? (user.phoneNumber?.trim() || phoneFromPlaceholderEmail(user.email));
}
