import { data } from "react-router";
import { z } from "zod";
import { adminCodePatch } from "../../core/contracts/admin-codes.ts";
import type { FormAnswer } from "../../core/contracts/form-answer.ts";
import { canonicalCode } from "../../core/discount-code.ts";
import { uuidField } from "../../core/uuid.ts";
import { codeProducts, listAdminCodes, setCodeAmounts, setCodeStatus } from "../../server/admin/codes.ts";
import { allows } from "../../server/auth/roles.ts";
import { errorResponse } from "../../server/http/error-status.ts";
import {
  attempt,
  dashboardAction,
  dashboardPage,
  done,
  invalid,
  parseForm,
  readForm,
} from "../admin.server.ts";
import { formErrorsOf, readCodeAmounts } from "../components/admin/code-form-model.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-codes";

export const headers: Route.HeadersFunction = () => noStore;

/**
 * /admin/codes: every discount code with its uses and what its orders brought in (code:read, staff too);
 * `?created=CODE` after a new code, which the page announces.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, user } = await dashboardPage(context, request, { code: ["read"] });
  const created = canonicalCode(new URL(request.url).searchParams.get("created") ?? "");
  const db = services.database.db;
  const [{ codes }, names] = await Promise.all([listAdminCodes(db), codeProducts(db)]);
  return data(
    {
      codes,
      productNames: Object.fromEntries(names.map((p) => [p.id, p.name])) as Record<number, string>,
      created: codes.some((c) => c.terms.code === created) ? created : null,
      may: { manage: allows(user.role, { code: ["manage"] }) },
    },
    { headers: noStore },
  );
}

const statusForm = z.object({
  id: uuidField("There is no such discount code."),
  status: adminCodePatch.shape.status,
});

const idForm = z.object({ id: uuidField("There is no such discount code.") });

/**
 * Pause, resume or end one code (`intent` status), as PATCH /api/admin/codes/:id does; or set its amount off
 * and minimum in CAD, EUR and GBP (`intent` amounts), as PUT /api/admin/codes/:id/amounts does, each
 * wrong amount answered beside its field (code:manage, admin only).
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { services, user } = await dashboardAction(context, request, { code: ["manage"] });
  const { intent, fields } = await readForm(request);
  const actor = { userId: user.id, email: user.email };
  const db = services.database.db;
  if (intent === "amounts") {
    const form = parseForm(idForm, fields);
    if (!form.ok) return invalid(intent, form.errors);
    const { id } = form.value;
    const code = (await listAdminCodes(db)).codes.find((c) => c.id === id);
    const read = readCodeAmounts(fields, code?.terms.kind ?? "");
    if (Object.keys(read.errors).length > 0) return invalid(intent, read.errors);
    try {
      await setCodeAmounts(db, actor, id, { amounts: read.amounts });
    } catch (err) {
      const known = errorResponse(err);
      if (!known) throw err;
      const errors = {
        ...(known.body.fields ? formErrorsOf(known.body.fields) : {}),
        form: known.body.message,
      };
      return data<FormAnswer>({ intent, errors }, { status: known.status, headers: noStore });
    }
    return done(intent);
  }
  if (intent !== "status")
    return invalid(intent, { form: "The page sent a form it does not have. Reload it and try again." });
  const form = parseForm(statusForm, fields);
  if (!form.ok) return invalid(intent, form.errors);
  const { id, status } = form.value;
  return attempt(intent, () => setCodeStatus(db, actor, id, status));
}
