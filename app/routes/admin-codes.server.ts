import { data } from "react-router";
import { z } from "zod";
import { adminCodePatch } from "../../core/contracts/admin-codes.ts";
import { canonicalCode } from "../../core/discount-code.ts";
import { uuidField } from "../../core/uuid.ts";
import { codeProducts, listAdminCodes, setCodeStatus } from "../../server/admin/codes.ts";
import { allows } from "../../server/auth/roles.ts";
import { attempt, dashboardAction, dashboardPage, invalid, parseForm, readForm } from "../admin.server.ts";
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

/** Pause, resume or end one code (`intent` status; code:manage, admin only): what PATCH /api/admin/codes/:id does. */
export async function action({ context, request }: Route.ActionArgs) {
  const { services, user } = await dashboardAction(context, request, { code: ["manage"] });
  const { intent, fields } = await readForm(request);
  if (intent !== "status")
    return invalid(intent, { form: "The page sent a form it does not have. Reload it and try again." });
  const form = parseForm(statusForm, fields);
  if (!form.ok) return invalid(intent, form.errors);
  const { id, status } = form.value;
  return attempt(intent, () =>
    setCodeStatus(services.database.db, { userId: user.id, email: user.email }, id, status),
  );
}
