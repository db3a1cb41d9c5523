import { data, redirect } from "react-router";
import { adminCodeCreate } from "../../core/contracts/admin-codes.ts";
import type { FormAnswer } from "../../core/contracts/form-answer.ts";
import { codeProducts, createCode } from "../../server/admin/codes.ts";
import { errorResponse } from "../../server/http/error-status.ts";
import { dashboardAction, dashboardPage, invalid, parseForm, readForm } from "../admin.server.ts";
import { formErrorsOf, readCodeForm } from "../components/admin/code-form-model.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-codes-new";

export const headers: Route.HeadersFunction = () => noStore;

/** /admin/codes/new: the form for a new code (code:manage, admin only), with the products it may name. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await dashboardPage(context, request, { code: ["manage"] });
  return data({ products: await codeProducts(services.database.db) }, { headers: noStore });
}

/**
 * Makes the code: the form read (code-form-model.ts), then the rules POST /api/admin/codes checks
 * (core/contracts/admin-codes.ts) and the code made as it makes it. Each refusal is answered beside its
 * field; a code made goes to the list, which says so.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { services, user } = await dashboardAction(context, request, { code: ["manage"] });
  const { intent, fields } = await readForm(request);
  if (intent !== "create")
    return invalid(intent, { form: "The page sent a form it does not have. Reload it and try again." });
  const db = services.database.db;
  const ids = (await codeProducts(db)).map((p) => p.id);
  // Every field's message at once: what the form could not read, then the body's rules for the rest.
  const read = readCodeForm(fields, ids);
  const body = parseForm(adminCodeCreate, read.body);
  const errors = { ...(body.ok ? {} : formErrorsOf(body.errors)), ...read.errors };
  if (!body.ok || Object.keys(errors).length > 0) return invalid(intent, errors);
  let code: string;
  try {
    code = (await createCode(db, { userId: user.id, email: user.email }, body.value)).terms.code;
  } catch (err) {
    const known = errorResponse(err);
    if (!known) throw err;
    const errors = known.body.fields ? formErrorsOf(known.body.fields) : { form: known.body.message };
    return data<FormAnswer>({ intent, errors }, { status: known.status, headers: noStore });
  }
  throw redirect(`/admin/codes?created=${encodeURIComponent(code)}`, { headers: noStore });
}
