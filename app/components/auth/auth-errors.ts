import { MAX_PASSWORD_LENGTH, PASSWORD_TOO_SHORT_MESSAGE } from "../../../core/account-rules.ts";
import type { ToastInput } from "../../hooks/use-toast.ts";

/** What a failed Better Auth call tells us: its status and error code. */
export interface AuthFailure {
  status?: number;
  code?: string;
  message?: string;
}

export const TOO_MANY = "Too many attempts. Please try again later";

const fail = (title: string, description: string): ToastInput => ({
  title,
  description,
  variant: "destructive",
});

/** The shop was opened at another address than its own (server/auth/auth-routes.ts): the message names it. */
const wrongAddress = (title: string, e: AuthFailure): ToastInput | null =>
  e.code === "WRONG_ADDRESS" && e.message ? fail(title, e.message) : null;

/** The sign-in errors people see, mapped from Better Auth's error codes (and the shop's own, server/auth/auth-routes.ts). */
export function signInFailure(e: AuthFailure): ToastInput {
  if (e.status === 429) return fail("Sign In Failed", TOO_MANY);
  const elsewhere = wrongAddress("Sign In Failed", e);
  if (elsewhere) return elsewhere;
  switch (e.code) {
    case "USER_NOT_FOUND":
      return fail("Sign In Failed", "No account found with this email");
    case "INVALID_PASSWORD":
      return fail("Sign In Failed", "Incorrect password");
    case "INVALID_EMAIL":
      return fail("Sign In Failed", "Invalid email address");
    default:
      return fail("Sign In Failed", "Could not sign in");
  }
}

/** The server's refusal of a new password (sign-up, reset), in the words the forms show; null for other failures. */
export function passwordRefusal(e: AuthFailure): string | null {
  switch (e.code) {
    case "PASSWORD_TOO_SHORT":
      return PASSWORD_TOO_SHORT_MESSAGE;
    case "PASSWORD_TOO_LONG":
      return `Password should be at most ${MAX_PASSWORD_LENGTH} characters`;
    case "PASSWORD_TOO_COMMON":
      return e.message ?? "Please choose a less common password.";
    default:
      return null;
  }
}

export function signUpFailure(e: AuthFailure): ToastInput {
  if (e.status === 429) return fail("Sign Up Failed", TOO_MANY);
  const elsewhere = wrongAddress("Sign Up Failed", e);
  if (elsewhere) return elsewhere;
  const refusal = passwordRefusal(e);
  if (refusal) return fail("Sign Up Failed", refusal);
  switch (e.code) {
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return fail("Sign Up Failed", "An account already exists with this email");
    case "INVALID_EMAIL":
      return fail("Sign Up Failed", "Invalid email address");
    default:
      return fail("Sign Up Failed", "Could not create account");
  }
}

export function smsFailure(e: AuthFailure): ToastInput {
  if (e.status === 429) return fail("SMS Failed", TOO_MANY);
  const elsewhere = wrongAddress("SMS Failed", e);
  if (elsewhere) return elsewhere;
  switch (e.code) {
    case "INVALID_PHONE_NUMBER":
      return fail("SMS Failed", "Invalid phone number format");
    case "HUMAN_CHECK_FAILED":
      return fail("SMS Failed", "Please complete the human check, then try again.");
    default:
      return fail("SMS Failed", "Could not send SMS");
  }
}

export function codeFailure(e: AuthFailure): ToastInput {
  if (e.status === 429) return fail("Verification Failed", TOO_MANY);
  if (e.code === "OTP_EXPIRED") return fail("Verification Failed", "Verification code expired");
  return fail("Verification Failed", "Invalid verification code");
}

export const PROVIDER_NAMES: Record<string, string> = {
  google: "Google",
  github: "GitHub",
  twitter: "X",
  apple: "Apple",
  oidc: "OpenID Connect",
};

export function socialFailure(provider: string, message?: string): ToastInput {
  const name = PROVIDER_NAMES[provider] ?? provider;
  return fail("Sign In Failed", message || `Could not sign in with ${name}`);
}

export function providerUnavailable(provider: string): ToastInput {
  const name = PROVIDER_NAMES[provider] ?? provider;
  return fail("Sign In Failed", `${name} sign-in is not available right now`);
}

export function resetRequestFailure(e: AuthFailure): ToastInput {
  if (e.status === 429) return fail("Reset Link Not Sent", TOO_MANY);
  const elsewhere = wrongAddress("Reset Link Not Sent", e);
  if (elsewhere) return elsewhere;
  if (e.code === "INVALID_EMAIL" || e.code === "VALIDATION_ERROR") {
    return fail("Reset Link Not Sent", "Invalid email address");
  }
  return fail("Reset Link Not Sent", "Could not send the link. Please try again.");
}

/** A reset token Better Auth no longer accepts: expired, used, or never issued. */
export const isInvalidToken = (e: AuthFailure) => e.code === "INVALID_TOKEN";

export function resetFailure(e: AuthFailure): ToastInput {
  if (e.status === 429) return fail("Password Not Changed", TOO_MANY);
  return fail(
    "Password Not Changed",
    passwordRefusal(e) ?? "Could not change your password. Please try again.",
  );
}

export function verificationSendFailure(e: AuthFailure): ToastInput {
  if (e.status === 429) {
    return fail("E-mail Not Sent", "Please wait a minute before asking for another verification e-mail.");
  }
  if (e.code === "EMAIL_ALREADY_VERIFIED") return fail("E-mail Not Sent", "Your e-mail is already verified.");
  return fail("E-mail Not Sent", "Could not send the verification e-mail. Please try again.");
}
