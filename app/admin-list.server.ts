import type { z } from "zod";

/**
 * A dashboard list's `?q=&page=…` as its page reads it: a search the owner mistyped is said in words and the
 * list shown without it (the API answers 400 instead), and parameters the form does not send are ignored.
 */
export function readListSearch<S extends z.ZodObject>(
  schema: S,
  request: Request,
): { query: z.infer<S>; problem: string | null } {
  const known = Object.keys(schema.shape);
  const params = Object.fromEntries(
    [...new URL(request.url).searchParams].filter(([key]) => known.includes(key)),
  );
  const parsed = schema.safeParse(params);
  if (parsed.success) return { query: parsed.data, problem: null };
  const why = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
  return {
    query: schema.parse({}),
    problem: `The search was not understood (${why}), so the whole list is shown.`,
  };
}
