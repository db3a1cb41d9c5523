import { eq } from "drizzle-orm";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../app/context.server.ts";
import { action as orderAction, loader as orderLoader } from "../../app/routes/account-order.server.ts";
import {
  action as claimAction,
  loader as claimLoader,
} from "../../app/routes/account-order-return.server.ts";
import { parseAdminCommand, runAdminCommand } from "../../server/admin/command.ts";
import { orders, returnRequests } from "../../server/db/schema.ts";
import { mailerFromEnv } from "../../server/mail/mailer.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { paidSandboxOrder } from "./admin-fixtures.ts";
import { headerIdentity, newCustomer, PARIS, TEST_ADDRESS, type Visitor } from "./checkout-visitor.ts";

type OrderRow = typeof orders.$inferSelect;
const DAY = 86_400_000;

/**
 * The customer's returns pages (docs/decisions/055-returns.md): the claim page's loader and action
 * (app/routes/account-order-return.server.ts) and the order page's withdrawal (app/routes/account-order.server.ts)
 * answer only the signed-in customer's own order, refuse a post from another site, a body that is not the
 * contract's and a keep the reason does not allow, and send a claim taken on to the order page in the
 * page's language.
 */
describe.each(testDatabases)("the returns pages on %s", (kind) => {
  let shop: TestShop;
  let buyer: Visitor;
  let other: Visitor;
  let us: OrderRow;
  let paris: OrderRow;
  const db = () => shop.services.database.db;

  const admin = async (...args: string[]) => {
    const parsed = parseAdminCommand(args);
    if ("refused" in parsed) throw new Error(parsed.refused);
    const result = await runAdminCommand(parsed.command, {
      env: shop.services.env,
      database: shop.services.database,
      mailer: () => mailerFromEnv(shop.services.env, db(), pino({ level: "silent" })),
    });
    expect(result.code, result.err.join("\n")).toBe(0);
  };

  /** A paid order of one Ashwagandha, shipped and delivered 3 days ago (to Paris in euros for "fr"). */
  async function delivered(who: Visitor, where: "us" | "fr"): Promise<OrderRow> {
    const row = await paidSandboxOrder(
      shop,
      who,
      [[3, 2]],
      `${who.userId}@example.com`,
      where === "fr"
        ? { shippingAddress: PARIS, currency: "EUR", locale: "fr" }
        : { shippingAddress: TEST_ADDRESS },
    );
    await admin("orders", "ship", row.orderNumber, "--carrier", "UPS", "--tracking", "1Z1");
    await db()
      .update(orders)
      .set({ shippedAt: new Date(Date.now() - 5 * DAY) })
      .where(eq(orders.id, row.id));
    await admin(
      "orders",
      "deliver",
      row.orderNumber,
      "--as-of",
      new Date(Date.now() - 3 * DAY).toISOString().slice(0, 10),
    );
    return row;
  }

  /** Runs a page's loader or action as `as` (nobody when null): its status, body and where it sends on to. */
  async function run(
    fn: typeof claimAction | typeof claimLoader | typeof orderAction | typeof orderLoader,
    path: string,
    params: Record<string, string>,
    as: Visitor | null,
    body?: unknown,
    origin = "http://localhost",
  ): Promise<{ status: number; body: unknown; location?: string | null }> {
    const context = new RouterContextProvider();
    context.set(appContext, shop.services);
    const request = new Request(`http://localhost${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json", origin }),
        ...(as?.userId ? { "x-test-user": as.userId } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    try {
      const answer = (await fn({ context, request, params } as never)) as unknown;
      if (answer instanceof Response)
        return { status: answer.status, body: null, location: answer.headers.get("location") };
      const { data, init } = answer as { data: unknown; init?: { status?: number } | null };
      return { status: init?.status ?? 200, body: data };
    } catch (thrown) {
      if (thrown instanceof Response)
        return { status: thrown.status, body: null, location: thrown.headers.get("location") };
      const refused = thrown as { data?: unknown; init?: { status?: number } };
      if (refused.init?.status) return { status: refused.init.status, body: refused.data };
      throw thrown;
    }
  }

  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
    buyer = await newCustomer(shop, "pages");
    other = await newCustomer(shop, "other");
    us = await delivered(buyer, "us");
    paris = await delivered(buyer, "fr");
  }, 180_000);
  afterAll(() => shop.close());

  const claimPath = (o: OrderRow, prefix = "") => `${prefix}/account/orders/${o.orderNumber}/return`;
  const lineOf = async (o: OrderRow) => {
    const page = await run(claimLoader, claimPath(o), { number: o.orderNumber }, buyer);
    return (page.body as { view: { lines: { lineId: string }[] } }).view.lines[0]?.lineId as string;
  };

  it("the claim page shows the customer's own order only: another customer's is 404, signed out asks to sign in", async () => {
    const own = await run(claimLoader, claimPath(us), { number: us.orderNumber }, buyer);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      signedIn: true,
      view: { orderNumber: us.orderNumber, guarantee: { open: true }, withdrawal: null },
    });
    expect((await run(claimLoader, claimPath(us), { number: us.orderNumber }, other)).status).toBe(404);
    expect((await run(claimLoader, claimPath(us), { number: "MANA-NOPE" }, buyer)).status).toBe(404);
    expect(await run(claimLoader, claimPath(us), { number: us.orderNumber }, null)).toMatchObject({
      status: 200,
      body: { signedIn: false, view: null },
    });
  });

  it("the claim's refusals: signed out, another site, another customer's order, not the contract's body, keep for a reason that needs it back", async () => {
    const lineId = await lineOf(us);
    const body = { intent: "claim", lines: [{ lineId, quantity: 1 }], reason: "changed_mind", keep: false };
    const params = { number: us.orderNumber };
    expect(await run(claimAction, claimPath(us), params, null, body)).toMatchObject({
      status: 401,
      body: { ok: false },
    });
    expect(
      (await run(claimAction, claimPath(us), params, buyer, body, "https://elsewhere.example")).status,
    ).toBe(403);
    expect(await run(claimAction, claimPath(us), params, other, body)).toMatchObject({
      status: 404,
      body: { ok: false, error: { code: "not_found" } },
    });
    for (const bad of [
      null,
      [],
      "claim",
      { ...body, lines: [{ lineId, quantity: 0 }] },
      { ...body, reason: "bored" },
    ])
      expect((await run(claimAction, claimPath(us), params, buyer, bad)).status, JSON.stringify(bad)).toBe(
        400,
      );
    expect(await run(claimAction, claimPath(us), params, buyer, { ...body, keep: true })).toMatchObject({
      status: 409,
      body: { ok: false, error: { code: "return_required" } },
    });
    expect(
      await run(claimAction, claimPath(us), params, buyer, { ...body, lines: [{ lineId, quantity: 3 }] }),
    ).toMatchObject({
      status: 409,
      body: { ok: false, error: { code: "return_quantity" } },
    });
    // Nothing was recorded.
    expect(await db().select().from(returnRequests).where(eq(returnRequests.orderId, us.id))).toEqual([]);
  });

  it("a claim taken goes on to the order page in the page's language, which lists it", async () => {
    const lineId = await lineOf(us);
    // The page's "up to": what 0, 1 or 2 of the line refund, by the claim's own rule.
    const before = await run(claimLoader, claimPath(us), { number: us.orderNumber }, buyer);
    const table = (before.body as { refunds: Record<string, number[]> }).refunds[lineId] as number[];
    expect(table).toHaveLength(3);
    expect(table[0]).toBe(0);
    expect(table[1]).toBeGreaterThan(0);
    expect(table[2]).toBeGreaterThanOrEqual(2 * (table[1] as number));
    const body = {
      intent: "claim",
      lines: [{ lineId, quantity: 1 }],
      reason: "no_difference",
      keep: true,
      refundTo: "credit",
    };
    const taken = await run(claimAction, claimPath(us, "/es"), { number: us.orderNumber }, buyer, body);
    expect(taken.status).toBe(302);
    const number = new URL(taken.location as string, "http://localhost").searchParams.get(
      "claimed",
    ) as string;
    expect(taken.location).toBe(`/es/account/orders/${us.orderNumber}?claimed=${encodeURIComponent(number)}`);
    const page = await run(orderLoader, `/account/orders/${us.orderNumber}`, { id: us.orderNumber }, buyer);
    expect(page.body).toMatchObject({
      returns: {
        returns: [
          {
            number,
            kind: "guarantee",
            status: "requested",
            keep: true,
            refundTo: "credit",
            refundCents: table[1],
          },
        ],
        lines: [{ claimable: 1 }],
      },
    });
  });

  it("the withdrawal: a US order has none (409), the confirmation is required (400), another customer's order 404, then it is recorded", async () => {
    const post = (o: OrderRow, as: Visitor | null, body: unknown) =>
      run(orderAction, `/account/orders/${o.orderNumber}`, { id: o.orderNumber }, as, body);
    expect(await post(us, buyer, { intent: "withdraw", confirm: true })).toMatchObject({
      status: 409,
      body: { ok: false, error: { code: "return_no_withdrawal" } },
    });
    expect((await post(paris, buyer, { intent: "withdraw" })).status).toBe(400);
    expect((await post(paris, buyer, { intent: "withdraw", confirm: "yes" })).status).toBe(400);
    expect((await post(paris, other, { intent: "withdraw", confirm: true })).status).toBe(404);
    expect((await post(paris, null, { intent: "withdraw", confirm: true })).status).toBe(401);
    const done = await post(paris, buyer, { intent: "withdraw", confirm: true });
    expect(done).toMatchObject({
      status: 200,
      body: {
        ok: true,
        intent: "withdraw",
        withdrawal: { kind: "withdrawal", status: "requested", currency: "EUR" },
      },
    });
    // Twice: nothing left to withdraw from.
    expect(await post(paris, buyer, { intent: "withdraw", confirm: true })).toMatchObject({
      status: 409,
      body: { ok: false, error: { code: "return_nothing_left" } },
    });
  });
});
