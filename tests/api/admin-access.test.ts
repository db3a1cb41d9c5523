import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUserRole } from "../../server/admin/promote.ts";
import { allows } from "../../server/auth/roles.ts";
import { adminAudit, orders, user } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { Browser, uniqueEmail } from "./auth-helpers.ts";
import { TEST_ADDRESS } from "./checkout-visitor.ts";

/** Every /api/admin route and the permission it needs: each is tried by every kind of caller. */
const ROUTES = [
  { path: "/api/admin/me", staff: true },
  { path: "/api/admin/overview", staff: true },
  { path: "/api/admin/audit", staff: false },
  { path: "/api/admin/reviews", staff: true },
];

describe("the dashboard's roles", () => {
  it("admin may do everything; staff orders, customers and subscriptions but no refunds, prices or audit; customers nothing", () => {
    expect(allows("admin", { order: ["refund"], product: ["price"], audit: ["read"] })).toBe(true);
    expect(allows("staff", { order: ["read", "fulfil"], customer: ["read", "export"] })).toBe(true);
    expect(allows("staff", { subscription: ["change"] })).toBe(true);
    expect(allows("staff", { order: ["refund"] })).toBe(false);
    expect(allows("staff", { product: ["price"] })).toBe(false);
    expect(allows("staff", { audit: ["read"] })).toBe(false);
    expect(allows("staff", { review: ["read", "moderate"] })).toBe(true);
    expect(allows("staff", { review: ["settings"] })).toBe(false);
    expect(allows("admin", { review: ["settings"] })).toBe(true);
    expect(allows("user", { order: ["read"] })).toBe(false);
    expect(allows(null, {})).toBe(false);
    expect(allows("owner", {})).toBe(false);
  });
});

describe.each(testDatabases)("the owner's dashboard API on %s", (kind) => {
  let shop: TestShop;
  const people: Record<"customer" | "staff" | "admin", { browser: Browser; email: string }> = {} as never;

  beforeAll(async () => {
    shop = await createTestShop(kind, { auth: true });
    for (const who of ["customer", "staff", "admin"] as const) {
      const browser = new Browser(shop);
      const email = uniqueEmail(who);
      // A sign-up cannot choose its role: the field is the server's alone.
      const withRole = await browser.call("POST", "/api/auth/sign-up/email", {
        email,
        password: "correct horse 7",
        name: who,
        role: "admin",
      });
      expect(withRole.status).toBe(400);
      expect((await browser.signUp(email, "correct horse 7", who)).status).toBe(200);
      people[who] = { browser, email };
    }
    expect(
      await setUserRole(shop.services.database.db, people.staff.email, "staff", "command line"),
    ).toMatchObject({
      kind: "changed",
      from: "user",
      to: "staff",
    });
    await setUserRole(shop.services.database.db, people.admin.email.toUpperCase(), "admin", "command line");
  });
  afterAll(() => shop.close());

  it("a sign-up is a customer whatever it sends", async () => {
    const [row] = await shop.services.database.db
      .select({ role: user.role })
      .from(user)
      .where(eq(user.email, people.customer.email));
    expect(row?.role).toBe("user");
  });

  it("checks the role on every route: 401 signed out, 403 for a customer, staff where allowed, admin everywhere", async () => {
    for (const route of ROUTES) {
      const anonymous = await new Browser(shop).call("GET", route.path);
      expect(anonymous, route.path).toMatchObject({ status: 401, body: { code: "unauthorized" } });
      const customer = await people.customer.browser.call("GET", route.path);
      expect(customer, route.path).toMatchObject({ status: 403, body: { code: "forbidden" } });
      expect((await people.staff.browser.call("GET", route.path)).status, route.path).toBe(
        route.staff ? 200 : 403,
      );
      expect((await people.admin.browser.call("GET", route.path)).status, route.path).toBe(200);
    }
  });

  it("Better Auth's own admin endpoints are closed, to an admin too: owner actions go through the audited API", async () => {
    for (const [method, path, body] of [
      ["POST", "/api/auth/admin/set-role", { userId: "x", role: "admin" }],
      ["GET", "/api/auth/admin/list-users", undefined],
      ["POST", "/api/auth/admin/impersonate-user", { userId: "x" }],
    ] as const)
      expect((await people.admin.browser.call(method, path, body)).status, path).toBe(404);
  });

  it("tells the dashboard who is acting and what their role allows", async () => {
    const staff = await people.staff.browser.call("GET", "/api/admin/me");
    expect(staff.body).toMatchObject({ email: people.staff.email, role: "staff" });
    expect(staff.body.permissions.order).toEqual(["read", "fulfil"]);
    expect(staff.body.permissions.product).toEqual(["read"]);
    const admin = await people.admin.browser.call("GET", "/api/admin/me");
    expect(admin.body.permissions.order).toEqual(["read", "fulfil", "refund"]);
  });

  it("a role taken away counts from the next request, and each change is in the audit log", async () => {
    const db = shop.services.database.db;
    await setUserRole(db, people.staff.email, "user", "command line");
    expect((await people.staff.browser.call("GET", "/api/admin/overview")).status).toBe(403);
    await setUserRole(db, people.staff.email, "staff", "command line");
    expect((await people.staff.browser.call("GET", "/api/admin/overview")).status).toBe(200);
    expect(await setUserRole(db, people.staff.email, "staff", "command line")).toMatchObject({
      kind: "unchanged",
    });
    expect(await setUserRole(db, "nobody@example.com", "admin", "command line")).toMatchObject({
      kind: "unknown_user",
    });
    const [staffRow] = await db.select().from(user).where(eq(user.email, people.staff.email));
    const trail = await db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.targetId, staffRow?.id as string));
    expect(trail.map((a) => [a.actor, a.action, a.before, a.after])).toEqual([
      ["command line", "role-changed", { role: "user" }, { role: "staff" }],
      ["command line", "role-changed", { role: "staff" }, { role: "user" }],
      ["command line", "role-changed", { role: "user" }, { role: "staff" }],
    ]);
    const audit = await people.admin.browser.call("GET", "/api/admin/audit");
    expect(audit.body.filter((a: { targetId: string }) => a.targetId === staffRow?.id)).toHaveLength(3);
  });

  it("the overview counts paid orders, revenue, orders to ship, subscriptions and recurring revenue", async () => {
    const before = (await people.admin.browser.call("GET", "/api/admin/overview")).body;
    const buyer = people.customer.browser;
    expect(
      (await buyer.call("POST", "/api/cart", { productId: 2, quantity: 1, isSubscription: true })).status,
    ).toBe(201);
    expect(
      (await buyer.call("POST", "/api/cart", { productId: 1, quantity: 2, isSubscription: false })).status,
    ).toBe(201);
    const cartItems = (await buyer.call("GET", "/api/cart")).body;
    const checkout = await buyer.call("POST", "/api/checkout/create-session", {
      email: people.customer.email,
      userId: null,
      cartItems,
      shippingAddress: TEST_ADDRESS,
      acceptRenewal: true,
    });
    expect(checkout.status).toBe(200);
    const sessionId = new URL(checkout.body.url).pathname.split("/").pop() as string;
    const paid = await payWithSandboxCard(shopDeps(shop.services), sessionId, {
      cardNumber: "4242424242424242",
      expiry: "12/40",
      cvc: "123",
      name: "Sam Shopper",
    });
    expect(paid).toMatchObject({ kind: "paid" });
    const after = (await people.admin.browser.call("GET", "/api/admin/overview")).body;
    const [order] = await shop.services.database.db
      .select()
      .from(orders)
      .where(eq(orders.providerSessionId, sessionId));
    for (const i of [0, 1, 2]) {
      expect(after.periods[i].orders - before.periods[i].orders).toBe(1);
      expect(after.periods[i].revenueCents - before.periods[i].revenueCents).toBe(order?.totalCents);
    }
    expect(after.waitingToShip - before.waitingToShip).toBe(1);
    expect(after.activeSubscriptions - before.activeSubscriptions).toBe(1);
    expect(after.monthlyRecurringCents - before.monthlyRecurringCents).toBe(3400);
    expect(after.daily).toHaveLength(30);
    expect(after.daily.at(-1).day).toBe(new Date().toISOString().slice(0, 10));
    expect(after.daily.at(-1).revenueCents - (before.daily.at(-1)?.revenueCents ?? 0)).toBe(
      after.periods[0].revenueCents - before.periods[0].revenueCents,
    );
  });
});
