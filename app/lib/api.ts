/**
 * The browser's one client for our /api: credentials always sent, JSON in and out, and any non-successful
 * response becomes an Error '{status}: {body}' (the status text when the body is empty). An empty
 * successful body reads as null. `keepalive` lets a request outlive the page (an event sent as the
 * visitor follows a link).
 */
export async function apiRequest<T>(
  method: string,
  path: string,
  body?: unknown,
  options: { keepalive?: boolean } = {},
): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: "include",
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    keepalive: options.keepalive,
  });
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** What an /api failure said: its status, and the JSON body's code, message and per-field messages. */
export interface ApiFailure {
  status: number;
  code: string | null;
  message: string | null;
  fields: Record<string, string>;
}

/**
 * Reads an error thrown by apiRequest ('{status}: {body}') back into its parts; null for any other error
 * (the network failed). A body that is not JSON leaves code and message null.
 */
export function readApiError(err: unknown): ApiFailure | null {
  if (!(err instanceof Error)) return null;
  const match = /^(\d{3}): ([\s\S]*)$/.exec(err.message);
  if (!match) return null;
  const failure: ApiFailure = { status: Number(match[1]), code: null, message: null, fields: {} };
  let body: unknown;
  try {
    body = JSON.parse(match[2] ?? "");
  } catch {
    return failure;
  }
  if (!body || typeof body !== "object") return failure;
  const { code, message, fields } = body as Record<string, unknown>;
  if (typeof code === "string") failure.code = code;
  if (typeof message === "string") failure.message = message;
  if (fields && typeof fields === "object") {
    for (const [k, v] of Object.entries(fields)) if (typeof v === "string") failure.fields[k] = v;
  }
  return failure;
}
