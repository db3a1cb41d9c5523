/**
 * What an /api failure said, typed: its status, and the JSON error body's code, message and per-field
 * messages (server/http/error-status.ts `ErrorBody`). A body that is not the API's JSON (a proxy's page)
 * leaves `code` null, and its message is the spec's '{status}: {body}' (the status text when the body is
 * empty), which is also what `display` gives for any failure.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly fields: Readonly<Record<string, string>>;
  /** '{status}: {body}', the words the product spec gives a failed request, for display. */
  readonly display: string;

  constructor(status: number, body: string, statusText = "") {
    const display = `${status}: ${body || statusText}`;
    const parsed = parseErrorBody(body);
    super(parsed.message ?? display);
    this.name = "ApiError";
    this.status = status;
    this.code = parsed.code;
    this.fields = parsed.fields;
    this.display = display;
  }

  /** True when the message is the server's own words (its JSON error body), not the raw answer. */
  get fromServer(): boolean {
    return this.code !== null;
  }
}

function parseErrorBody(text: string): {
  code: string | null;
  message: string | null;
  fields: Record<string, string>;
} {
  const parsed = { code: null as string | null, message: null as string | null, fields: {} };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return parsed;
  }
  if (!body || typeof body !== "object") return parsed;
  const { code, message, fields } = body as Record<string, unknown>;
  const out: Record<string, string> = {};
  if (fields && typeof fields === "object") {
    for (const [k, v] of Object.entries(fields)) if (typeof v === "string") out[k] = v;
  }
  // The API's error JSON always carries a code; a body without one is not the server's words.
  if (typeof code !== "string") return parsed;
  return { code, message: typeof message === "string" ? message : null, fields: out };
}

/**
 * The page's language as the header the server reads it from (server/i18n/request-locale.ts), sent with every
 * API call, Better Auth's included: the words of an answer, an e-mail or a text are in it.
 */
export function pageLocaleHeader(): { "x-mana-locale": string } {
  const lang = typeof document === "undefined" ? "" : document.documentElement.lang;
  return { "x-mana-locale": lang || "en" };
}

/**
 * The browser's one client for our /api: credentials always sent, JSON in and out, and any non-successful
 * response becomes an `ApiError`; a request that got no answer (offline) rejects with fetch's own
 * TypeError. An empty successful body reads as null. `keepalive` lets a request outlive the page (an
 * event sent as the visitor follows a link).
 */
export async function apiRequest<T>(
  method: string,
  path: string,
  body?: unknown,
  options: { keepalive?: boolean } = {},
): Promise<T> {
  const headers: Record<string, string> = pageLocaleHeader();
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(path, {
    method,
    credentials: "include",
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    keepalive: options.keepalive,
  });
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** The failure as an ApiError, or null when the request got no answer (or the error is not one). */
export function apiErrorOf(err: unknown): ApiError | null {
  return err instanceof ApiError ? err : null;
}

/** The server's own words for a failure (its JSON message), else `fallback`. */
export function serverMessage(err: unknown, fallback: string): string {
  const failure = apiErrorOf(err);
  return failure?.fromServer ? failure.message : fallback;
}
