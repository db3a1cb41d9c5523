/** Errors that mean "the database went away mid-request": the client gets an answer it may retry. */
const CONNECTION_CODES = new Set([
  "57P01", // admin_shutdown: terminated by pg_terminate_backend
  "57P02",
  "57P03",
  "08000",
  "08003",
  "08006",
  "ECONNRESET",
  "ECONNREFUSED",
  "EPIPE",
]);
const CONNECTION_MESSAGE =
  /Connection terminated|terminating connection|connection error|Client was closed|not queryable|ECONNRESET/i;

/** Whether an error (drizzle wraps the driver's error in `cause`) is a lost database connection. */
export function isConnectionLoss(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 4) return false;
  const { code, message, cause } = err as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === "string" && CONNECTION_CODES.has(code)) return true;
  if (typeof message === "string" && CONNECTION_MESSAGE.test(message)) return true;
  return isConnectionLoss(cause, depth + 1);
}
