import type { ContentfulStatusCode } from "hono/utils/http-status";

/** An expected failure the client can act on: becomes `{ message, code }` with its status. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  constructor(status: ContentfulStatusCode, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export const notFound = (message = "Not found") => new ApiError(404, "not_found", message);
