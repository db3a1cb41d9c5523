import { ApiError } from "../http/api-error.ts";

/** Errors that mean "the database went away mid-request": the client gets a 503 it may retry. */
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

function isConnectionLoss(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 4) return false;
  const { code, message, cause } = err as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === "string" && CONNECTION_CODES.has(code)) return true;
  if (typeof message === "string" && CONNECTION_MESSAGE.test(message)) return true;
  return isConnectionLoss(cause, depth + 1);
}

/** Maps a lost database connection (drizzle wraps the driver's error in `cause`) to a clear 503. */
export function asServiceUnavailable(err: unknown): unknown {
  if (err instanceof ApiError) return err;
  if (isConnectionLoss(err)) {
    return new ApiError(
      503,
      "service_unavailable",
      "The shop could not reach its database. Nothing was charged and your cart is unchanged; please try again.",
    );
  }
  return err;
}
