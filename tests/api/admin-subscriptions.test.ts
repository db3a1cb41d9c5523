import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAudit, subscriptionEvents } from "../../server/db/schema.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { mailSubjects, paidSandboxOrder, people } from "./admin-fixtures.ts";
import { createUser, headerIdentity, Visitor } from "./checkout-visitor.ts";

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

/** A new signed-in customer's subscription, bought by a paid sandbox checkout with a subscription line. */
async function subscribedCustomer(shop: TestShop, productId: number) {
  const id = `buyer-${randomBytes(4).toString("hex")}`;
  const email = `${id}@example.com`;
  await createUser(shop, id, email);
  const buyer = new Visitor(shop, id);
  await paidSandboxOrder(shop, buyer, [[productId, 1, true]], email);
  const [sub] = (await buyer.call("GET", "/api/subscriptions")).body;
  return { buyer, email, id: sub.id as string };
}

describe.each(testDatabases)("the dashboard's subscriptions on %s (sandbox payments)", (kind) => {
  let shop: TestShop;
  let who: Awaited<ReturnType<typeof people>>;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
    who = await people(shop);
  });
  afterAll(() => shop.close());

  it("checks the role on every route: 401 signed out, 403 customer, staff and admin allowed", async () => {
    const { id } = await subscribedCustomer(shop, 1);
    const routes = [
      ["GET", "/api/admin/subscriptions", undefined],
      ["GET", `/api/admin/subscriptions/${id}`, undefined],
      ["POST", `/api/admin/subscriptions/${id}/pause`, { months: 1 }],
      ["POST", `/api/admin/subscriptions/${id}/resume`, {}],
      ["POST", `/api/admin/subscriptions/${id}/cancel`, { reason: null }],
    ] as const;
    for (const [method, path, body] of routes) {
      expect((await new Visitor(shop).call(method, path, body)).status, path).toBe(401);
      expect((await who.customer.call(method, path, body)).status, path).toBe(403);
    }
    for (const [method, path, body] of routes) {
      const asStaff = await who.staff.call(method, path, body);
      expect(asStaff.status, `${path} staff`).toBe(200);
    }
    expect((await who.admin.call("GET", `/api/admin/subscriptions/${id}`)).status).toBe(200);
    expect((await who.admin.call("GET", "/api/admin/subscriptions")).status).toBe(200);
  });

  it("lists newest first, filtered by status and searched by e-mail or product, 25 to a page", async () => {
    const a = await subscribedCustomer(shop, 2);
    const b = await subscribedCustomer(shop, 3);
    const list = async (q: string) => who.staff.call("GET", `/api/admin/subscriptions?${q}`);
    const all = (await list("")).body;
    expect(all.subscriptions[0].id).toBe(b.id);
    expect(all.subscriptions[1].id).toBe(a.id);
    expect(all).toMatchObject({ page: 1, pages: 1 });

    const byEmail = (await list(`q=${encodeURIComponent(a.email.toUpperCase())}`)).body;
    expect(byEmail.subscriptions.map((s: { id: string }) => s.id)).toEqual([a.id]);
    expect(byEmail.subscriptions[0]).toMatchObject({ email: a.email, status: "active", quantity: 1 });
    const byProduct = (await list("q=ashwag")).body;
    expect(byProduct.subscriptions.map((s: { id: string }) => s.id)).toContain(b.id);
    expect(
      byProduct.subscriptions.every((s: { productName: string }) => s.productName === "Ashwagandha"),
    ).toBe(true);
    expect((await list("q=100%25")).body.total).toBe(0);

    expect(
      (await who.staff.call("POST", `/api/admin/subscriptions/${a.id}/pause`, { months: null })).status,
    ).toBe(200);
    const paused = (await list("status=paused")).body;
    expect(paused.subscriptions.map((s: { id: string }) => s.id)).toContain(a.id);
    expect(paused.subscriptions.every((s: { status: string }) => s.status === "paused")).toBe(true);
    const active = (await list("status=active")).body;
    expect(active.subscriptions.map((s: { id: string }) => s.id)).not.toContain(a.id);
    expect((await list("status=all")).body.total).toBe(all.total);
    expect((await list("status=lost")).status).toBe(400);
    expect((await list("page=0")).status).toBe(400);
    // A page past the end is the last page.
    expect((await list("page=99")).body.page).toBe(1);
  });

  it("pauses for the customer: the customer's own e-mail, the owner as the event's actor, an audit row", async () => {
    const { buyer, email, id } = await subscribedCustomer(shop, 1);
    const res = await who.staff.call("POST", `/api/admin/subscriptions/${id}/pause`, { months: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: "paused", actions: ["resume", "cancel"] });
    expect(res.body.pausedUntil).not.toBeNull();
    expect(res.body.nextBillingDate).toBe(res.body.pausedUntil);
    expect(await mailSubjects(shop, email, "is paused")).toEqual([
      "Your Korean Ginseng subscription is paused",
    ]);
    expect(res.body.timeline.map((e: { type: string; actor: string }) => [e.type, e.actor]).at(-1)).toEqual([
      "paused",
      "owner",
    ]);
    expect(res.body.audit).toHaveLength(1);
    expect(res.body.audit[0]).toMatchObject({
      action: "subscription.pause",
      before: { status: "active", pausedUntil: null },
      after: { status: "paused", pausedUntil: res.body.pausedUntil },
    });
    expect(res.body.audit[0].actor).toMatch(/^staff-/);
    // The customer sees it paused on their own account.
    const [mine] = (await buyer.call("GET", "/api/subscriptions")).body;
    expect(mine).toMatchObject({ status: "paused", pausedUntil: res.body.pausedUntil });
    // The detail names the order it came from.
    expect(res.body.order.orderNumber).toMatch(/^MANA-/);
    expect(res.body.renewals).toEqual([]);
  });

  it("resumes and cancels for the customer, each with the customer's e-mail and an audit row", async () => {
    const { email, id } = await subscribedCustomer(shop, 2);
    const path = `/api/admin/subscriptions/${id}`;
    expect((await who.admin.call("POST", `${path}/resume`, {})).status).toBe(409);
    expect((await who.admin.call("POST", `${path}/resume`, {})).body.message).toBe(
      "This subscription is not paused.",
    );
    expect((await who.admin.call("POST", `${path}/pause`, { months: null })).status).toBe(200);
    const resumed = await who.admin.call("POST", `${path}/resume`, {});
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ status: "active", pausedUntil: null });
    expect(await mailSubjects(shop, email, "is back on")).toHaveLength(1);

    const cancelled = await who.admin.call("POST", `${path}/cancel`, { reason: "It is too expensive" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "cancelled", cancelReason: "It is too expensive" });
    expect(cancelled.body.endsAt).not.toBeNull();
    expect(cancelled.body.actions).toEqual([]);
    expect(await mailSubjects(shop, email, "is cancelled")).toHaveLength(1);
    expect(cancelled.body.audit.map((a: { action: string }) => a.action)).toEqual([
      "subscription.cancel",
      "subscription.resume",
      "subscription.pause",
    ]);
    const events = await shop.services.database.db
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.subscriptionId, id));
    expect(events.filter((e) => e.actor === "owner").map((e) => e.type)).toEqual([
      "paused",
      "resumed",
      "cancelled",
    ]);
    expect((await who.admin.call("POST", `${path}/pause`, { months: 1 })).status).toBe(409);
  });

  it("refuses bad input with 400 and unknown ids with 404, changing nothing", async () => {
    const { id } = await subscribedCustomer(shop, 3);
    const path = `/api/admin/subscriptions/${id}`;
    const bad = await who.staff.call("POST", `${path}/pause`, { months: 5 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("Choose 1, 2, 3 months.");
    expect((await who.staff.call("POST", `${path}/pause`, {})).status).toBe(400);
    expect((await who.staff.call("POST", `${path}/cancel`, { reason: "bored" })).status).toBe(400);
    expect((await who.staff.call("POST", `${path}/resume`, "{not json")).status).toBe(400);
    expect((await who.staff.call("POST", `${path}/skip`, {})).status).toBe(404);
    expect((await who.staff.call("GET", "/api/admin/subscriptions/not-a-uuid")).status).toBe(404);
    expect((await who.staff.call("GET", `/api/admin/subscriptions/${UNKNOWN}`)).status).toBe(404);
    expect(
      (await who.staff.call("POST", `/api/admin/subscriptions/${UNKNOWN}/pause`, { months: 1 })).status,
    ).toBe(404);
    expect((await who.staff.call("POST", "/api/admin/subscriptions/nope/pause", { months: 1 })).status).toBe(
      404,
    );
    const after = (await who.staff.call("GET", path)).body;
    expect(after).toMatchObject({ status: "active", audit: [] });
    const audit = await shop.services.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.targetId, id));
    expect(audit).toHaveLength(0);
  });
});
