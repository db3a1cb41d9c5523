import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../../core/account-rules.ts";
import type { ToastInput } from "../../hooks/use-toast.ts";
import type { Translator } from "../../i18n/i18n.tsx";

type T = Translator["t"];

/** What a failed Better Auth call tells us: its status and error code. */
export interface AuthFailure {
  status?: number;
  code?: string;
  message?: string;
}

/**
 * The failures people see, in the page's language (docs/decisions/049-languages.md): Better Auth answers
 * in English, so each known error code is mapped to a message of the auth area; an unknown one falls back
 * to the general message of its form.
 */
const fail = (title: string, description: string): ToastInput => ({
  title,
  description,
  variant: "destructive",
});

const tooMany = (t: T) => t("auth.error.tooMany");

/** The shop was opened at another address than its own (server/auth/auth-routes.ts): the message names it. */
const wrongAddress = (title: string, e: AuthFailure): ToastInput | null =>
  e.code === "WRONG_ADDRESS" && e.message ? fail(title, e.message) : null;

/** The sign-in errors people see, mapped from Better Auth's error codes (and the shop's own, server/auth/auth-routes.ts). */
export function signInFailure(e: AuthFailure, t: T): ToastInput {
  const title = t("auth.error.signIn.title");
  if (e.status === 429) return fail(title, tooMany(t));
  const elsewhere = wrongAddress(title, e);
  if (elsewhere) return elsewhere;
  switch (e.code) {
    case "USER_NOT_FOUND":
      return fail(title, t("auth.error.userNotFound"));
    case "INVALID_PASSWORD":
      return fail(title, t("auth.error.invalidPassword"));
    case "INVALID_EMAIL":
      return fail(title, t("auth.error.invalidEmail"));
    default:
      return fail(title, t("auth.error.signIn.other"));
  }
}

/** The server's refusal of a new password (sign-up, reset), in the words the forms show; null for other failures. */
export function passwordRefusal(e: AuthFailure, t: T): string | null {
  switch (e.code) {
    case "PASSWORD_TOO_SHORT":
      return t("auth.error.passwordTooShort", { min: MIN_PASSWORD_LENGTH });
    case "PASSWORD_TOO_LONG":
      return t("auth.error.passwordTooLong", { max: MAX_PASSWORD_LENGTH });
    case "PASSWORD_TOO_COMMON":
      return t("auth.error.passwordTooCommon");
    default:
      return null;
  }
}

export function signUpFailure(e: AuthFailure, t: T): ToastInput {
  const title = t("auth.error.signUp.title");
  if (e.status === 429) return fail(title, tooMany(t));
  const elsewhere = wrongAddress(title, e);
  if (elsewhere) return elsewhere;
  const refusal = passwordRefusal(e, t);
  if (refusal) return fail(title, refusal);
  switch (e.code) {
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return fail(title, t("auth.error.userExists"));
    case "INVALID_EMAIL":
      return fail(title, t("auth.error.invalidEmail"));
    default:
      return fail(title, t("auth.error.signUp.other"));
  }
}

export function smsFailure(e: AuthFailure, t: T): ToastInput {
  const title = t("auth.error.sms.title");
  if (e.status === 429) return fail(title, tooMany(t));
  const elsewhere = wrongAddress(title, e);
  if (elsewhere) return elsewhere;
  switch (e.code) {
    case "INVALID_PHONE_NUMBER":
      return fail(title, t("auth.error.invalidPhone"));
    case "HUMAN_CHECK_FAILED":
      return fail(title, t("auth.error.humanCheck"));
    default:
      return fail(title, t("auth.error.sms.other"));
  }
}

export function codeFailure(e: AuthFailure, t: T): ToastInput {
  const title = t("auth.error.code.title");
  if (e.status === 429) return fail(title, tooMany(t));
  if (e.code === "OTP_EXPIRED") return fail(title, t("auth.error.codeExpired"));
  return fail(title, t("auth.error.codeInvalid"));
}

export const PROVIDER_NAMES: Record<string, string> = {
  google: "Google",
  github: "GitHub",
  twitter: "X",
  apple: "Apple",
  oidc: "OpenID Connect",
};

export function socialFailure(provider: string, t: T, message?: string): ToastInput {
  const name = PROVIDER_NAMES[provider] ?? provider;
  return fail(t("auth.error.signIn.title"), message || t("auth.error.social", { name }));
}

export function providerUnavailable(provider: string, t: T): ToastInput {
  const name = PROVIDER_NAMES[provider] ?? provider;
  return fail(t("auth.error.signIn.title"), t("auth.error.providerUnavailable", { name }));
}

export function resetRequestFailure(e: AuthFailure, t: T): ToastInput {
  const title = t("auth.error.resetRequest.title");
  if (e.status === 429) return fail(title, tooMany(t));
  const elsewhere = wrongAddress(title, e);
  if (elsewhere) return elsewhere;
  if (e.code === "INVALID_EMAIL" || e.code === "VALIDATION_ERROR") {
    return fail(title, t("auth.error.invalidEmail"));
  }
  return fail(title, t("auth.error.resetRequest.other"));
}

/** A reset token Better Auth no longer accepts: expired, used, or never issued. */
export const isInvalidToken = (e: AuthFailure) => e.code === "INVALID_TOKEN";

export function resetFailure(e: AuthFailure, t: T): ToastInput {
  const title = t("auth.error.reset.title");
  if (e.status === 429) return fail(title, tooMany(t));
  return fail(title, passwordRefusal(e, t) ?? t("auth.error.reset.other"));
}

export function verificationSendFailure(e: AuthFailure): ToastInput {
  if (e.status === 429) {
    return fail("E-mail Not Sent", "Please wait a minute before asking for another verification e-mail.");
  }
  if (e.code === "EMAIL_ALREADY_VERIFIED") return fail("E-mail Not Sent", "Your e-mail is already verified.");
  return fail("E-mail Not Sent", "Could not send the verification e-mail. Please try again.");
}
