import { ApiError } from "../http/api-error.ts";

/** Errors that mean "the database went away mid-request": the client gets a 503 it may retry. */
const CONNECTION_CODES = new Set([
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08003",
  "08006",
  "ECONNRESET",
  "ECONNREFUSED",
  "EPIPE",
]);

export function asServiceUnavailable(err: unknown): unknown {
  if (err instanceof ApiError) return err;
  const code =
    (err as { code?: unknown; cause?: { code?: unknown } } | null)?.code ??
    (err as { cause?: { code?: unknown } })?.cause?.code;
  const message = err instanceof Error ? err.message : "";
  if (
    (typeof code === "string" && CONNECTION_CODES.has(code)) ||
    /Connection terminated|terminating connection|Client has encountered a connection error/i.test(message)
  ) {
    return new ApiError(
      503,
      "service_unavailable",
      "The shop could not reach its database. Nothing was charged; please try again.",
    );
  }
  return err;
}
