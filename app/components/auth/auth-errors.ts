import type { ToastInput } from "../../hooks/use-toast.ts";

/** What a failed Better Auth call tells us: its status and error code. */
export interface AuthFailure {
  status?: number;
  code?: string;
  message?: string;
}

const TOO_MANY = "Too many attempts. Please try again later";

const fail = (title: string, description: string): ToastInput => ({
  title,
  description,
  variant: "destructive",
});

/** The sign-in errors people see, mapped from Better Auth's error codes (and the shop's own, server/auth/auth-routes.ts). */
export function signInFailure(e: AuthFailure): ToastInput {
  if (e.status === 429) return fail("Sign In Failed", TOO_MANY);
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

export function signUpFailure(e: AuthFailure): ToastInput {
  if (e.status === 429) return fail("Sign Up Failed", TOO_MANY);
  switch (e.code) {
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return fail("Sign Up Failed", "An account already exists with this email");
    case "PASSWORD_TOO_SHORT":
      return fail("Sign Up Failed", "Password should be at least 6 characters");
    case "PASSWORD_TOO_COMMON":
      return fail("Sign Up Failed", e.message ?? "Please choose a less common password.");
    case "INVALID_EMAIL":
      return fail("Sign Up Failed", "Invalid email address");
    default:
      return fail("Sign Up Failed", "Could not create account");
  }
}

export function smsFailure(e: AuthFailure): ToastInput {
  if (e.status === 429) return fail("SMS Failed", TOO_MANY);
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
