import { createAccessControl } from "better-auth/plugins/access";
import { defaultStatements } from "better-auth/plugins/admin/access";

/**
 * Who may do what in the owner's dashboard, through Better Auth's access control (its admin plugin keeps
 * the role on the user). `admin`: everything. `staff`: orders (read, ship, deliver, cancel), customers and
 * subscriptions on a customer's behalf, reviews (publish, hide), discount codes (read); no refunds, no
 * prices, no codes made or changed, no shop settings, no roles. `user`: a customer, nothing here.
 */
export const statements = {
  ...defaultStatements,
  order: ["read", "fulfil", "refund"],
  subscription: ["read", "change"],
  customer: ["read", "export"],
  product: ["read", "price", "stock"],
  newsletter: ["read", "export"],
  outbox: ["read"],
  audit: ["read"],
  review: ["read", "moderate", "settings"],
  // Reports of reactions to a product carry health details: the admin reads and handles them (decision 044).
  reaction: ["read", "handle"],
  // Discount codes: staff see them and what they brought in; the admin makes, pauses and ends them
  // (decision 046).
  code: ["read", "manage"],
  // Gift cards: staff see them; the admin issues and voids them (decision 047).
  giftCard: ["read", "manage"],
  // A customer's store credit given as a goodwill gesture: the admin only (decision 047).
  credit: ["give"],
  // The markets the shop sells to and the EU market's countries: the admin only (decision 051).
  market: ["manage"],
} as const;

export const accessControl = createAccessControl(statements);

export const roles = {
  // Every action the dashboard has, the admin plugin's own included.
  admin: accessControl.newRole(statements),
  staff: accessControl.newRole({
    order: ["read", "fulfil"],
    subscription: ["read", "change"],
    customer: ["read", "export"],
    product: ["read"],
    outbox: ["read"],
    review: ["read", "moderate"],
    code: ["read"],
    giftCard: ["read"],
  }),
  user: accessControl.newRole({ user: [], session: [] }),
};

export type Role = keyof typeof roles;
/** The roles that open the dashboard. */
export const DASHBOARD_ROLES = ["admin", "staff"] as const;
export type DashboardRole = (typeof DASHBOARD_ROLES)[number];

export type Permission = {
  [R in Exclude<keyof typeof statements, "user" | "session">]?: (typeof statements)[R][number][];
};

export function isDashboardRole(role: string | null | undefined): role is DashboardRole {
  return (DASHBOARD_ROLES as readonly string[]).includes(role ?? "");
}

/** Whether a role grants every action asked for. */
export function allows(role: string | null | undefined, permission: Permission): boolean {
  if (!isDashboardRole(role)) return false;
  // Nothing asked beyond opening the dashboard, which every dashboard role may.
  if (Object.keys(permission).length === 0) return true;
  return roles[role].authorize(permission as never).success;
}
