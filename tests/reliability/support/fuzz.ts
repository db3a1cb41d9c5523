import fc from "fast-check";

/** Values that break naive handlers: wrong types, edge numbers, control characters, payloads. */
export const nastyString = fc.constantFrom(
  "",
  " ",
  "0",
  "-1",
  "1.5",
  "1e9",
  "NaN",
  "null",
  "undefined",
  "true",
  "__proto__",
  "constructor",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\uffff",
  "🧘‍♀️",
  "x".repeat(5000),
  "' OR 1=1 --",
  "'; drop table orders; --",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "{{7*7}}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, on purpose
  "${7*7}",
  "../../etc/passwd",
  "%00",
  "%",
  "\\",
  "ashwagandha",
  "+15550001234",
  "person@example.com",
);

export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.integer(),
  fc.constantFrom(0, -1, 1.5, 1e9, 1e308, -0, 2 ** 53, 99, 100, Number.MAX_SAFE_INTEGER),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A valid body, then mutations of it: fields replaced, dropped, added (prices, userId, __proto__). */
export function bodyNear(valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<unknown> {
  const mutated = valid.chain((v) =>
    fc
      .record(
        Object.fromEntries(
          Object.entries(v).map(([k, value]) => [k, fc.oneof(fc.constant(value), nastyValue)]),
        ),
        { requiredKeys: [] },
      )
      .chain((r) =>
        fc
          .dictionary(
            fc.oneof(
              fc.constantFrom("__proto__", "constructor", "userId", "price", "total", "currency", "role"),
              fc.string({ maxLength: 8 }),
            ),
            nastyValue,
            { maxKeys: 2 },
          )
          .map((extra) => {
            const out: Record<string, unknown> = { ...r };
            for (const [k, x] of Object.entries(extra))
              Object.defineProperty(out, k, { value: x, enumerable: true });
            return out;
          }),
      ),
  );
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 5, arbitrary: mutated },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
    { weight: 1, arbitrary: nastyValue },
  );
}

export interface WireBody {
  contentType: string | null;
  body: string | undefined;
}

/** How the body travels: JSON (most often), broken JSON, a form, text/plain, or nothing. */
export function onTheWire(body: fc.Arbitrary<unknown>): fc.Arbitrary<WireBody> {
  return fc.oneof(
    { weight: 8, arbitrary: body.map((b) => ({ contentType: "application/json", body: JSON.stringify(b) })) },
    {
      weight: 1,
      arbitrary: fc.tuple(body, fc.nat(40)).map(([b, cut]) => ({
        contentType: "application/json",
        body: (JSON.stringify(b) ?? "").slice(0, cut),
      })),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.constant({ contentType: "application/x-www-form-urlencoded", body: "email=a%40b.co&quantity=2" }),
        fc.string().map((s) => ({ contentType: "text/plain", body: s })),
        fc.constant({ contentType: null, body: undefined }),
        fc.constant({ contentType: "application/json", body: `{"a":${"[".repeat(5000)}` }),
        fc.constant({ contentType: "application/json; charset=utf-8", body: "{}" }),
      ),
    },
  );
}

/** Percent-encodes like a browser; a lone surrogate becomes the bytes of invalid UTF-8. */
export function enc(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return "%ED%A0%80";
  }
}

/** A path segment: something valid, or anything a client could put there. */
export function segment(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 2, arbitrary: nastyString.map(enc) },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map(enc) },
    { weight: 1, arbitrary: fc.integer().map(String) },
  );
}

/** A query string built from chosen keys and nasty values, sometimes with a key repeated. */
export function queryNear(keys: string[], valid: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<string> {
  const pair = fc.tuple(
    fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...keys) }, fc.constantFrom("__proto__", "x", "q[]")),
    fc.oneof(
      { weight: 2, arbitrary: fc.constantFrom(...keys).chain((k) => valid[k] ?? fc.constant("")) },
      nastyString,
      fc.string({ maxLength: 20 }),
    ),
  );
  return fc
    .array(pair, { maxLength: 3 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join("&")}` : ""));
}

/** Stack traces, SQL and driver internals never reach a client. */
export const LEAK =
  /\bat [\w$.<>]+ \(|node_modules|\.ts:\d+|\bselect\b[^"]{0,80}\bfrom\b|\binsert into\b|\bupdate\b \w+ set\b|syntax error|duplicate key|violates|drizzle|pglite|postgres|ECONNREFUSED|TypeError|ReferenceError/i;
