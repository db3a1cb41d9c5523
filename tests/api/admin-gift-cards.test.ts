import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../app/context.server.ts";
import { action as customerAction } from "../../app/routes/admin-customer.server.ts";
import { action as giftCardsAction } from "../../app/routes/admin-gift-cards.server.ts";
import { action as orderAction } from "../../app/routes/admin-order.server.ts";
import type { AdminGiftCardView } from "../../core/contracts/admin-gift-cards.ts";
import { balancesOf } from "../../server/balances/customer-ledger.ts";
import { adminAudit, customerLedger, giftCardEntries, giftCards, outbox } from "../../server/db/schema.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { paidSandboxOrder, people } from "./admin-fixtures.ts";
import { headerIdentity, Visitor } from "./checkout-visitor.ts";

/**
 * The owner's gift cards and store credit (docs/decisions/047-gift-cards-credit-and-points.md): staff read
 * the cards, the admin issues and voids them and gives a customer store credit, each with its audit row;
 * a refund's card part may go to store credit through the orders API.
 */
describe.each(testDatabases)("the dashboard's gift cards and store credit on %s", (kind) => {
  let shop: TestShop;
  let who: Awaited<ReturnType<typeof people>>;
  const db = () => shop.services.database.db;
  const list = async (as: Visitor = who.admin): Promise<AdminGiftCardView[]> => {
    const res = await as.call("GET", "/api/admin/gift-cards");
    expect(res.status).toBe(200);
    return res.body.giftCards;
  };
  const issue = (body: Record<string, unknown>, as: Visitor = who.admin) =>
    as.call("POST", "/api/admin/gift-cards", body);

  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
    who = await people(shop);
  });
  afterAll(() => shop.close());

  it("answers 401 signed out and 403 to a customer; staff list the cards but neither issue, void nor give credit", async () => {
    const anonymous = new Visitor(shop);
    const made = await issue({ amountCents: 2500, recipientEmail: "first@example.com" });
    expect(made.status).toBe(201);
    const body = { amountCents: 2500, recipientEmail: "someone@example.com" };
    const calls = [
      ["GET", "/api/admin/gift-cards", undefined],
      ["POST", "/api/admin/gift-cards", body],
      ["POST", `/api/admin/gift-cards/${made.body.id}/void`, { reason: "Test reason" }],
      ["POST", `/api/admin/customers/${who.customer.userId}/credit`, { amountCents: 500, note: "Sorry" }],
    ] as const;
    for (const [method, path, payload] of calls) {
      expect((await anonymous.call(method, path, payload)).status, `${path} signed out`).toBe(401);
      expect((await who.customer.call(method, path, payload)).status, `${path} as a customer`).toBe(403);
    }
    expect((await who.staff.call("GET", "/api/admin/gift-cards")).status).toBe(200);
    for (const [method, path, payload] of calls.slice(1)) {
      const res = await who.staff.call(method, path, payload);
      expect(res, `${path} as staff`).toMatchObject({ status: 403, body: { code: "forbidden" } });
    }
    // Nothing the refused calls asked for happened.
    const [card] = await db().select().from(giftCards).where(eq(giftCards.id, made.body.id));
    expect(card?.status).toBe("active");
    expect(await balancesOf(db(), who.customer.userId as string, "USD")).toEqual({
      creditCents: 0,
      points: 0,
    });
  });

  it("issues a card delivered at once (its code e-mailed, never listed), lists it and voids it with a reason", async () => {
    const email = `gift-${Date.now()}@example.com`;
    const res = await issue({
      amountCents: 4000,
      recipientEmail: email.toUpperCase(),
      recipientName: "Rae",
      message: "With thanks",
      note: "Late parcel",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      initialCents: 4000,
      balanceCents: 4000,
      recipientEmail: email,
      status: "active",
      delivered: true,
      orderNumber: null,
      note: "Late parcel",
    });
    expect(res.body.last4).toMatch(/^[A-Z0-9]{4}$/);
    const mail = await db().select().from(outbox).where(eq(outbox.to, email));
    expect(mail).toHaveLength(1);
    const listed = (await list()).find((g) => g.id === res.body.id);
    expect(listed).toMatchObject({ balanceCents: 4000, recipientName: "Rae" });
    // The list never carries a code or its hash.
    expect(JSON.stringify(await list())).not.toMatch(/code/i);

    const voided = await who.admin.call("POST", `/api/admin/gift-cards/${res.body.id}/void`, {
      reason: "Issued twice",
    });
    expect(voided).toMatchObject({ status: 200, body: { voidedCents: 4000 } });
    expect((await list()).find((g) => g.id === res.body.id)).toMatchObject({
      status: "voided",
      balanceCents: 0,
    });
    const again = await who.admin.call("POST", `/api/admin/gift-cards/${res.body.id}/void`, {
      reason: "Issued twice",
    });
    expect(again).toMatchObject({ status: 409, body: { code: "already_voided" } });
    const audit = await db()
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.targetType, "gift_card"), eq(adminAudit.targetId, res.body.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(["gift card issued", "gift card voided"]);
    const entries = await db()
      .select()
      .from(giftCardEntries)
      .where(eq(giftCardEntries.giftCardId, res.body.id));
    expect(entries.map((e) => [e.kind, e.amountCents]).sort()).toEqual([
      ["issued", 4000],
      ["voided", -4000],
    ]);
  });

  it("issues a card in another currency within that currency's bounds (decision 051), and lists it in it", async () => {
    const email = `gift-cad-${Date.now()}@example.com`;
    const res = await issue({ amountCents: 7500, currency: "CAD", recipientEmail: email });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ initialCents: 7500, balanceCents: 7500, currency: "CAD" });
    const [row] = await db().select().from(giftCards).where(eq(giftCards.id, res.body.id));
    expect(row?.currency).toBe("cad");
    // The price list's bounds for an amount chosen in pounds: £10.00 to £400.00.
    const tooMuch = await issue({ amountCents: 40_100, currency: "GBP", recipientEmail: email });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({
      code: "invalid_input",
      message: "The amount must be between £10.00 and £400.00.",
    });
    const unknown = await issue({ amountCents: 2500, currency: "JPY", recipientEmail: email });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain("The currency is one of USD, CAD, EUR, GBP.");
    // Without a currency, US dollars, as before.
    const usd = await issue({ amountCents: 2500, recipientEmail: email });
    expect(usd.body).toMatchObject({ currency: "USD" });
  });

  it("refuses a bad body with 400 and its fields, and an unknown card with 404", async () => {
    for (const body of [
      {},
      { amountCents: 999, recipientEmail: "a@example.com" },
      { amountCents: 50_001, recipientEmail: "a@example.com" },
      { amountCents: 2500.5, recipientEmail: "a@example.com" },
      { amountCents: 2500, recipientEmail: "not an e-mail" },
      { amountCents: 2500, recipientEmail: "a@example.com", message: "x".repeat(501) },
      { amountCents: 2500, recipientEmail: "a@example.com", extra: true },
    ]) {
      const res = await issue(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("invalid_input");
    }
    const [card] = await list();
    for (const reason of [undefined, "", "  ", "x".repeat(501)]) {
      const res = await who.admin.call("POST", `/api/admin/gift-cards/${card?.id}/void`, { reason });
      expect(res.status).toBe(400);
    }
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const res = await who.admin.call("POST", `/api/admin/gift-cards/${id}/void`, { reason: "Gone now" });
      expect(res.status, id).toBe(404);
    }
  });

  it("gives a customer store credit as a goodwill row with its audit row, and shows it on the customer page", async () => {
    const customerId = who.customer.userId as string;
    const given = await who.admin.call("POST", `/api/admin/customers/${customerId}/credit`, {
      amountCents: 1250,
      note: "Parcel arrived late",
    });
    expect(given).toMatchObject({
      status: 200,
      body: { creditCents: 1250, points: 0, byCurrency: [{ currency: "USD", creditCents: 1250, points: 0 }] },
    });
    const rows = await db().select().from(customerLedger).where(eq(customerLedger.userId, customerId));
    expect(rows).toEqual([
      expect.objectContaining({
        kind: "credit",
        reason: "goodwill",
        amount: 1250,
        note: "Parcel arrived late",
      }),
    ]);
    expect(rows[0]?.actor).toMatch(/^admin-/);
    const audit = await db()
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.targetType, "customer"), eq(adminAudit.targetId, customerId)));
    expect(audit).toEqual([expect.objectContaining({ action: "store credit given" })]);
    const detail = await who.staff.call("GET", `/api/admin/customers/${customerId}`);
    expect(detail.body.balances).toEqual({
      creditCents: 1250,
      points: 0,
      byCurrency: [{ currency: "USD", creditCents: 1250, points: 0 }],
      referrals: [],
    });

    for (const body of [
      { amountCents: 0, note: "Nothing" },
      { amountCents: -500, note: "Taking some" },
      { amountCents: 50_001, note: "Too much" },
      { amountCents: 500 },
      { amountCents: 500, note: "" },
      { amountCents: 500, note: "In yen", currency: "JPY" },
      { amountCents: 500, note: "Lower case", currency: "eur" },
    ]) {
      const res = await who.admin.call("POST", `/api/admin/customers/${customerId}/credit`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const nobody = await who.admin.call("POST", "/api/admin/customers/no-such-person/credit", {
      amountCents: 500,
      note: "Who is this",
    });
    expect(nobody.status).toBe(404);
    expect(await balancesOf(db(), customerId, "USD")).toEqual({ creditCents: 1250, points: 0 });
  });

  /** Posts a form to a dashboard page's action as `as` (nobody when null); answers its status and body. */
  async function postForm(
    run: typeof giftCardsAction | typeof customerAction | typeof orderAction,
    path: string,
    params: Record<string, string>,
    as: Visitor | null,
    fields: Record<string, string>,
  ): Promise<{ status: number; body: unknown; location?: string | null }> {
    const context = new RouterContextProvider();
    context.set(appContext, shop.services);
    const request = new Request(`http://localhost${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "http://localhost",
        ...(as?.userId ? { "x-test-user": as.userId } : {}),
      },
      body: new URLSearchParams(fields).toString(),
    });
    try {
      const answer = (await run({ context, request, params } as never)) as {
        data: unknown;
        init?: { status?: number } | null;
      };
      return { status: answer.init?.status ?? 200, body: answer.data };
    } catch (thrown) {
      if (thrown instanceof Response)
        return { status: thrown.status, body: null, location: thrown.headers.get("location") };
      const refused = thrown as { data?: unknown; init?: { status?: number } };
      if (refused.init?.status) return { status: refused.init.status, body: refused.data };
      throw thrown;
    }
  }

  it("the pages' forms: the admin issues a card, gives credit and refunds to store credit; staff cannot", async () => {
    const issueForm = {
      intent: "issue",
      amount: "30",
      recipientEmail: "form-gift@example.com",
      note: "Form",
    };
    expect((await postForm(giftCardsAction, "/admin/gift-cards", {}, who.staff, issueForm)).status).toBe(403);
    const wrong = await postForm(giftCardsAction, "/admin/gift-cards", {}, who.admin, {
      ...issueForm,
      amount: "five",
    });
    expect(wrong).toMatchObject({ status: 400, body: { errors: { amount: expect.any(String) } } });
    const issued = await postForm(giftCardsAction, "/admin/gift-cards", {}, who.admin, issueForm);
    expect(issued.status).toBe(302);
    expect(issued.location).toMatch(/^\/admin\/gift-cards\?issued=[0-9a-f-]{36}$/);
    const id = issued.location?.split("=")[1] as string;
    expect((await list()).find((g) => g.id === id)).toMatchObject({ initialCents: 3000, status: "active" });
    const voidForm = { intent: "void", id, reason: "Sent by mistake" };
    expect((await postForm(giftCardsAction, "/admin/gift-cards", {}, who.staff, voidForm)).status).toBe(403);
    expect((await postForm(giftCardsAction, "/admin/gift-cards", {}, who.admin, voidForm)).status).toBe(200);
    expect((await list()).find((g) => g.id === id)).toMatchObject({ status: "voided", balanceCents: 0 });

    const buyer = who.customer;
    const customerId = buyer.userId as string;
    const path = `/admin/customers/${customerId}`;
    const creditForm = { intent: "credit", amount: "4.50", note: "Form gesture" };
    const before = (await balancesOf(db(), customerId, "USD")).creditCents;
    expect((await postForm(customerAction, path, { id: customerId }, who.staff, creditForm)).status).toBe(
      403,
    );
    expect((await postForm(customerAction, path, { id: customerId }, who.admin, creditForm)).status).toBe(
      200,
    );
    expect((await balancesOf(db(), customerId, "USD")).creditCents).toBe(before + 450);

    const order = await paidSandboxOrder(shop, buyer, [[1, 1]]);
    const refundForm = { intent: "refund", amount: "10.00", reason: "Dented lid", to: "credit" };
    const refunded = await postForm(
      orderAction,
      `/admin/orders/${order.orderNumber}`,
      { number: order.orderNumber },
      who.admin,
      refundForm,
    );
    expect(refunded.status).toBe(200);
    expect((await balancesOf(db(), customerId, "USD")).creditCents).toBe(before + 450 + 1000);
  });

  it("refunds an order's card part to store credit through the orders API; a guest's order cannot", async () => {
    const buyer = who.customer;
    const before = (await balancesOf(db(), buyer.userId as string, "USD")).creditCents;
    const order = await paidSandboxOrder(shop, buyer, [[1, 1]]);
    const refunded = await who.admin.call("POST", `/api/admin/orders/${order.orderNumber}/refund`, {
      amountCents: 1500,
      reason: "Damaged jar",
      to: "credit",
    });
    expect(refunded.status).toBe(200);
    expect(refunded.body.refundedCents).toBe(1500);
    expect((await balancesOf(db(), buyer.userId as string, "USD")).creditCents).toBe(before + 1500);
    // Staff may not refund at all.
    const staff = await who.staff.call("POST", `/api/admin/orders/${order.orderNumber}/refund`, {
      amountCents: 100,
      reason: "Try",
      to: "credit",
    });
    expect(staff.status).toBe(403);

    const guestOrder = await paidSandboxOrder(shop, new Visitor(shop), [[1, 1]]);
    const refused = await who.admin.call("POST", `/api/admin/orders/${guestOrder.orderNumber}/refund`, {
      amountCents: 1500,
      reason: "Damaged jar",
      to: "credit",
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(refused.body.message).toMatch(/store credit needs one/);
  });
});
