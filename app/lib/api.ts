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
