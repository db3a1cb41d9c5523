import type { Context } from "hono";
import type { z } from "zod";
import { InvalidInput, UnsupportedFormat } from "../domain-errors.ts";

function describeIssues(issues: z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message))
    .join("; ");
}

/** Parses a value with a schema or throws a 400 naming what is wrong. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, what = "input"): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new InvalidInput("invalid_input", `Invalid ${what}: ${describeIssues(result.error.issues)}`);
  return result.data;
}

/**
 * Parses a dashboard form's body with a schema or throws a 400 with a message per field (the first issue
 * of each top-level field; "form" for the body as a whole), the first few together as the message.
 */
export function parseFormFields<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "form";
    fields[key] ??= issue.message;
  }
  const message = Object.entries(fields)
    .slice(0, 5)
    .map(([key, text]) => (key === "form" ? text : `${key}: ${text}`))
    .join("; ");
  throw new InvalidInput("invalid_input", `Invalid request body: ${message}`, { fields });
}

/** Reads a JSON body (malformed JSON is a 400, not a 500) and validates it. */
export async function readJsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().includes("application/json")) {
    throw new UnsupportedFormat(
      "unsupported_media_type",
      "Send the body as JSON (Content-Type: application/json).",
    );
  }
  return parseWith(schema, parseJsonBody(await c.req.text()), "request body");
}

/**
 * A request body's text as JSON (empty: undefined): malformed JSON, or a NUL character anywhere in it, is
 * invalid input (400), not a 500. The /api routes (readJsonBody) and the pages' actions read bodies by it.
 */
export function parseJsonBody(text: string): unknown {
  let body: unknown;
  try {
    body = text.length === 0 ? undefined : JSON.parse(text);
  } catch {
    throw new InvalidInput("malformed_json", "The request body is not valid JSON.");
  }
  // PostgreSQL text cannot hold U+0000: refuse it here rather than fail in the database (a 5xx).
  if (hasNul(body)) throw new InvalidInput("invalid_input", "The request body contains a NUL character.");
  return body;
}

/** Validates the query string; repeated keys are refused rather than silently picked. */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const all = c.req.queries();
  const flat: Record<string, string> = {};
  for (const [key, values] of Object.entries(all)) {
    if (values.length > 1) throw new InvalidInput("invalid_query", `Query parameter '${key}' is repeated.`);
    flat[key] = values[0] ?? "";
  }
  return parseWith(schema, flat, "query");
}

/** Whether any string (value or key) in a parsed JSON value contains U+0000. */
export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (!value || typeof value !== "object" || depth > 64) return false;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes("\u0000") || hasNul(v, depth + 1)) return true;
  }
  return false;
}
