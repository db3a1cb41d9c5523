import { count, inArray } from "drizzle-orm";
import { data } from "react-router";
import { allows, type Permission } from "../../server/auth/roles.ts";
import { returnRequests } from "../../server/db/schema.ts";
import { dashboardPage } from "../admin.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/admin-layout";

export const headers: Route.HeadersFunction = () => noStore;

/** The dashboard's sections, in the order of its navigation, and the permission each needs. */
const SECTIONS: { to: string; label: string; permission: Permission }[] = [
  { to: "/admin", label: "Overview", permission: { order: ["read"] } },
  { to: "/admin/orders", label: "Orders", permission: { order: ["read"] } },
  { to: "/admin/returns", label: "Returns", permission: { order: ["read"] } },
  { to: "/admin/subscriptions", label: "Subscriptions", permission: { subscription: ["read"] } },
  { to: "/admin/products", label: "Products", permission: { product: ["read"] } },
  { to: "/admin/prices", label: "Prices", permission: { product: ["read"] } },
  { to: "/admin/markets", label: "Markets", permission: { market: ["manage"] } },
  { to: "/admin/codes", label: "Discount codes", permission: { code: ["read"] } },
  { to: "/admin/gift-cards", label: "Gift cards", permission: { giftCard: ["read"] } },
  { to: "/admin/customers", label: "Customers", permission: { customer: ["read"] } },
  { to: "/admin/reviews", label: "Reviews", permission: { review: ["read"] } },
  { to: "/admin/reactions", label: "Reactions", permission: { reaction: ["read"] } },
  { to: "/admin/newsletter", label: "Newsletter", permission: { newsletter: ["read"] } },
  { to: "/admin/outbox", label: "Outbox", permission: { outbox: ["read"] } },
];

/** The dashboard's frame: who is signed in and the sections their role opens. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, user } = await dashboardPage(context, request, {});
  const sections = SECTIONS.filter((s) => allows(user.role, s.permission)).map(({ to, label }) => ({
    to,
    label,
  }));
  // The open returns (requested, approved, received) beside "Returns": one count on the status index.
  const openReturns = sections.some((s) => s.to === "/admin/returns")
    ? ((
        await services.database.db
          .select({ n: count() })
          .from(returnRequests)
          .where(inArray(returnRequests.status, ["requested", "approved", "received"]))
      )[0]?.n ?? 0)
    : 0;
  return data({ email: user.email, role: user.role, sections, openReturns }, { headers: noStore });
}
