import type { ContentfulStatusCode } from "hono/utils/http-status";

/** An expected failure the client can act on: becomes `{ message, code }` with its status. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  /** A message per form field, for the form to show beside each field (e.g. a shipping address). */
  readonly fields: Record<string, string> | undefined;
  constructor(status: ContentfulStatusCode, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const notFound = (message = "Not found") => new ApiError(404, "not_found", message);
