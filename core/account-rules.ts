/** Account rules the pages and the server share: a new password (Better Auth checks the same), how long e-mailed links work. */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
/** What a form says under a new-password field. */
export const PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters`;
/** A password shorter than the minimum, refused by the server. */
export const PASSWORD_TOO_SHORT_MESSAGE = `Password should be at least ${MIN_PASSWORD_LENGTH} characters`;
/** How long a password-reset link works, and how long an e-mail verification link works. */
export const RESET_LINK_HOURS = 1;
export const VERIFICATION_LINK_HOURS = 24;
