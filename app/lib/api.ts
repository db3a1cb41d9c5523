/**
 * The browser's API client (spec point 7): credentials always sent, JSON in and out, and any
 * non-successful response becomes an Error '{status}: {body}' (status text when the body is empty).
 */
export async function apiRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: "include",
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** Default read: the first query-key element is the path; an object second element adds its non-empty entries. */
export function queryPath(queryKey: readonly unknown[]): string {
  const [path, params] = queryKey;
  if (!params || typeof params !== "object") return String(path);
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params as Record<string, unknown>)) {
    if (v !== undefined && v !== null && v !== "") search.set(k, String(v));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : String(path);
}
