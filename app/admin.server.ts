import { data, type RouterContextProvider, redirect } from "react-router";
import type { z } from "zod";
import type { FormAnswer, FormErrors } from "../core/contracts/form-answer.ts";
import { dashboardAccess } from "../server/admin/access.ts";
import { allows, type Permission } from "../server/auth/roles.ts";
import { errorResponse } from "../server/http/error-status.ts";
import { appContext } from "./context.server.ts";
import { noStore, refuseCrossSite } from "./session.server.ts";

/**
 * A dashboard page's check, run by every /admin loader (loaders run side by side, so the layout's check
 * alone would not hold): signed out goes to sign in, signed in without `permission` is a 403 page.
 */
export async function dashboardPage(
  context: Readonly<RouterContextProvider>,
  request: Request,
  permission: Permission,
) {
  const services = context.get(appContext);
  const access = await dashboardAccess(services, request.headers, permission);
  if (access.kind === "signed-out") throw redirect("/auth", { headers: noStore });
  if (access.kind === "forbidden") throw data(null, { status: 403, headers: noStore });
  return { services, user: access.user };
}

/**
 * A dashboard action's check, before it reads the form: a post from another site is a 403, then the same
 * answers as the page's (signed out: to sign in; a customer, or a role without `permission`: 403). The
 * permission is the one the /api/admin endpoint of the same change asks for.
 */
export async function dashboardAction(
  context: Readonly<RouterContextProvider>,
  request: Request,
  permission: Permission,
) {
  refuseCrossSite(request);
  return dashboardPage(context, request, permission);
}

/** A further right one form of an action needs (a refund on cancelling): 403 without it, as the API. */
export function requireRight(role: string, permission: Permission): void {
  if (!allows(role, permission)) throw data(null, { status: 403, headers: noStore });
}

/** The answer to a form that went through; the router then reads the page's loaders again. */
export function done(intent: string, unchanged = false) {
  return data<FormAnswer>(unchanged ? { intent, errors: null, unchanged } : { intent, errors: null }, {
    headers: noStore,
  });
}

/** The answer to a form whose fields are wrong: 400 with a message per field. */
export function invalid(intent: string, errors: FormErrors) {
  return data<FormAnswer>({ intent, errors }, { status: 400, headers: noStore });
}

/**
 * A change the domain refused, answered on the form: the domain error's message (and its field messages)
 * with the status the one table gives it (decision 032). Anything unexpected is thrown (a 500, logged).
 */
export function refused(intent: string, err: unknown) {
  const known = errorResponse(err);
  if (!known) throw err;
  return data<FormAnswer>(
    { intent, errors: { ...known.body.fields, form: known.body.message } },
    { status: known.status, headers: noStore },
  );
}

/** Runs a change: `done` when it goes through, `refused` with the domain's reason when it does not. */
export async function attempt(intent: string, change: () => Promise<unknown>) {
  try {
    await change();
  } catch (err) {
    return refused(intent, err);
  }
  return done(intent);
}

/** Reads a posted form's fields with a schema: the value, or the first message of each field that is wrong. */
export function parseForm<S extends z.ZodType>(
  schema: S,
  fields: unknown,
): { ok: true; value: z.infer<S> } | { ok: false; errors: FormErrors } {
  const result = schema.safeParse(fields);
  if (result.success) return { ok: true, value: result.data };
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "form";
    errors[key] ??= sentence(issue.message);
  }
  return { ok: false, errors };
}

const sentence = (text: string) =>
  `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? "" : "."}`;

/** A posted form's text fields, and the one that names which of the page's forms it is. */
export async function readForm(
  request: Request,
): Promise<{ intent: string; fields: Record<string, string> }> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data(null, { status: 400, headers: noStore });
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    // PostgreSQL text cannot hold U+0000: drop it here rather than fail in the database.
    if (typeof value === "string") fields[key] = value.replaceAll("\u0000", "");
  }
  return { intent: fields.intent ?? "", fields };
}
