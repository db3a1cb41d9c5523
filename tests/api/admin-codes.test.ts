import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../app/context.server.ts";
import { action as codesAction } from "../../app/routes/admin-codes.server.ts";
import { action as newCodeAction } from "../../app/routes/admin-codes-new.server.ts";
import type { AdminCodeView } from "../../core/contracts/admin-codes.ts";
import { adminAudit, discountCodes, orders } from "../../server/db/schema.ts";
import { seed } from "../../server/db/seed.ts";
import { shopDeps } from "../../server/deps.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { sessionIdOf } from "../support/stripe-shop.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { people } from "./admin-fixtures.ts";
import { headerIdentity, newCustomer, Visitor } from "./checkout-visitor.ts";

const ORIGIN = "http://localhost";
type Answer = { status: number; body: unknown; location?: string | null };

const card = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123", name: "Test Person" };
const DAY_MS = 86_400_000;

/**
 * The owner's discount codes (docs/decisions/046-discount-codes.md): the list with uses and revenue for
 * staff and admin, a new code and its pause, resumption and end for the admin only, every rule of the body
 * checked, each write audited.
 */
describe.each(testDatabases)("the dashboard's discount codes on %s", (kind) => {
  let shop: TestShop;
  let who: Awaited<ReturnType<typeof people>>;
  let made = 0;
  const db = () => shop.services.database.db;
  /** A code no other test in this run uses. */
  const fresh = (prefix = "T") => `${prefix}${++made}P${process.pid}`;
  const list = async (as: Visitor = who.admin): Promise<AdminCodeView[]> => {
    const res = await as.call("GET", "/api/admin/codes");
    expect(res.status).toBe(200);
    return res.body.codes;
  };
  const create = (body: Record<string, unknown>, as: Visitor = who.admin) =>
    as.call("POST", "/api/admin/codes", body);

  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
    who = await people(shop);
  });
  afterAll(() => shop.close());

  it("answers 401 signed out and 403 to a customer; staff read the codes but neither make nor change one", async () => {
    const anonymous = new Visitor(shop);
    const body = { code: fresh(), kind: "percent", percent: 10 };
    const [demo] = await list();
    for (const [method, path, payload] of [
      ["GET", "/api/admin/codes", undefined],
      ["POST", "/api/admin/codes", body],
      ["PATCH", `/api/admin/codes/${demo?.id}`, { status: "paused" }],
    ] as const) {
      expect((await anonymous.call(method, path, payload)).status, `${method} signed out`).toBe(401);
      const customer = await who.customer.call(method, path, payload);
      expect(customer, `${method} as a customer`).toMatchObject({ status: 403, body: { code: "forbidden" } });
    }
    expect((await who.staff.call("GET", "/api/admin/codes")).status).toBe(200);
    expect(await create(body, who.staff)).toMatchObject({ status: 403, body: { code: "forbidden" } });
    expect(await who.staff.call("PATCH", `/api/admin/codes/${demo?.id}`, { status: "ended" })).toMatchObject({
      status: 403,
      body: { code: "forbidden" },
    });
    // Nothing was made or changed.
    expect((await list()).find((c) => c.terms.code === body.code)).toBeUndefined();
    expect((await list()).find((c) => c.id === demo?.id)?.status).toBe("active");
  });

  it("lists the demo codes the seed adds, and seeding again leaves a code the owner changed as it is", async () => {
    const demo = (await list()).filter((c) => ["WELCOME10", "FREESHIP", "SAVE5"].includes(c.terms.code));
    const byCode = Object.fromEntries(demo.map((c) => [c.terms.code, c]));
    expect(byCode.WELCOME10).toMatchObject({
      terms: { kind: "percent", percent: 10, combinesWithBundles: true, firstOrderOnly: false },
      oncePerCustomer: true,
      maxUses: null,
      status: "active",
      state: "active",
    });
    expect(byCode.FREESHIP).toMatchObject({ terms: { kind: "free_shipping", minSubtotalCents: 4000 } });
    expect(byCode.SAVE5).toMatchObject({
      terms: { kind: "amount", amountCents: 500, minSubtotalCents: 5000 },
    });

    const save5 = byCode.SAVE5 as AdminCodeView;
    expect((await who.admin.call("PATCH", `/api/admin/codes/${save5.id}`, { status: "paused" })).status).toBe(
      200,
    );
    await seed(db());
    const again = await list();
    expect(again.filter((c) => c.terms.code === "SAVE5")).toHaveLength(1);
    expect(again.find((c) => c.terms.code === "SAVE5")?.status).toBe("paused");
    await who.admin.call("PATCH", `/api/admin/codes/${save5.id}`, { status: "active" });

    // A customer's referral code is theirs: not in the owner's list.
    const referral = fresh("FRIEND");
    await db()
      .insert(discountCodes)
      .values({ code: referral, kind: "amount", amountCents: 1000, referrerUserId: who.customer.userId });
    expect((await list()).map((c) => c.terms.code)).not.toContain(referral);
  });

  it("makes a code from every field, stored canonical, listed with no uses, with an audit row", async () => {
    const code = fresh("spring-");
    const startsAt = new Date(Date.now() + DAY_MS).toISOString();
    const endsAt = new Date(Date.now() + 30 * DAY_MS).toISOString();
    const res = await create({
      code: `  ${code.toLowerCase()} `,
      kind: "amount",
      amountCents: 750,
      minSubtotalCents: 5000,
      startsAt,
      endsAt,
      maxUses: 100,
      oncePerCustomer: true,
      firstOrderOnly: true,
      productIds: [3, 1, 3],
      combinesWithBundles: false,
      renewals: "first_n",
      renewalCount: 3,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      terms: {
        code: code.toUpperCase(),
        kind: "amount",
        percent: null,
        amountCents: 750,
        minSubtotalCents: 5000,
        productIds: [1, 3],
        combinesWithBundles: false,
        firstOrderOnly: true,
        renewals: "first_n",
        renewalCount: 3,
        startsAt,
        endsAt,
      },
      maxUses: 100,
      oncePerCustomer: true,
      status: "active",
      // Its first day is tomorrow.
      state: "scheduled",
      createdBy: who.admin.userId ? `${who.admin.userId}@example.com` : null,
      uses: 0,
      reserved: 0,
      orders: 0,
      revenueCents: 0,
      discountCents: 0,
    });
    expect((await list(who.staff)).find((c) => c.id === res.body.id)?.terms.code).toBe(code.toUpperCase());
    const audit = await db().select().from(adminAudit).where(eq(adminAudit.targetId, res.body.id));
    expect(audit).toMatchObject([
      {
        action: "code.create",
        targetType: "discount_code",
        actor: `${who.admin.userId}@example.com`,
        before: null,
        after: { code: code.toUpperCase(), kind: "amount", amountCents: 750, status: "active" },
      },
    ]);

    // The least a code needs: its text and what it gives; the rest takes the defaults.
    const plain = await create({ code: fresh(), kind: "free_shipping" });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({
      terms: {
        kind: "free_shipping",
        productIds: null,
        combinesWithBundles: true,
        firstOrderOnly: false,
        renewals: "first_order",
        renewalCount: null,
        startsAt: null,
        endsAt: null,
      },
      maxUses: null,
      oncePerCustomer: false,
      state: "active",
    });
  });

  it("refuses a code already taken, in any case, and of two made at once exactly one", async () => {
    const code = fresh("dup");
    expect((await create({ code, kind: "percent", percent: 5 })).status).toBe(201);
    const again = await create({ code: code.toLowerCase(), kind: "amount", amountCents: 100 });
    expect(again).toMatchObject({
      status: 409,
      body: {
        code: "code_taken",
        message: `The code ${code.toUpperCase()} already exists: choose another.`,
        fields: { code: `The code ${code.toUpperCase()} already exists: choose another.` },
      },
    });
    const twin = fresh("twin");
    const both = await Promise.all([
      create({ code: twin, kind: "percent", percent: 5 }),
      create({ code: twin.toLowerCase(), kind: "percent", percent: 15 }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await db().select().from(discountCodes).where(eq(discountCodes.code, twin.toUpperCase()));
    expect(rows).toHaveLength(1);
  });

  it("refuses each wrong body with 400, naming the field and saying what is wrong", async () => {
    const past = new Date(Date.now() - DAY_MS).toISOString();
    const soon = new Date(Date.now() + DAY_MS).toISOString();
    const later = new Date(Date.now() + 2 * DAY_MS).toISOString();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ kind: "percent", percent: 10 }, "code", /Enter the code/],
      [{ code: "ab", kind: "percent", percent: 10 }, "code", /3 to 32 letters/],
      [{ code: "TWO WORDS", kind: "percent", percent: 10 }, "code", /3 to 32 letters/],
      [{ code: "A".repeat(33), kind: "percent", percent: 10 }, "code", /3 to 32 letters/],
      [{ code: fresh(), kind: "bogo" }, "kind", /Choose what the code gives/],
      [{ code: fresh(), kind: "percent" }, "percent", /Enter the percentage off/],
      [{ code: fresh(), kind: "percent", percent: 0 }, "percent", /from 1 to 100/],
      [{ code: fresh(), kind: "percent", percent: 101 }, "percent", /from 1 to 100/],
      [{ code: fresh(), kind: "percent", percent: 12.5 }, "percent", /whole number/],
      [{ code: fresh(), kind: "percent", percent: "10" }, "percent", /whole number/],
      [{ code: fresh(), kind: "amount" }, "amountCents", /Enter the amount off/],
      [{ code: fresh(), kind: "amount", amountCents: 0 }, "amountCents", /more than \$0\.00/],
      [{ code: fresh(), kind: "amount", amountCents: -500 }, "amountCents", /more than \$0\.00/],
      [{ code: fresh(), kind: "amount", amountCents: 500, percent: 10 }, "percent", /Only a percentage/],
      [{ code: fresh(), kind: "percent", percent: 10, amountCents: 500 }, "amountCents", /Only an amount/],
      [{ code: fresh(), kind: "free_shipping", minSubtotalCents: 0 }, "minSubtotalCents", /more than/],
      [{ code: fresh(), kind: "free_shipping", startsAt: "tomorrow" }, "startsAt", /date and time/],
      [
        { code: fresh(), kind: "free_shipping", startsAt: later, endsAt: soon },
        "endsAt",
        /end must be after the start/,
      ],
      [{ code: fresh(), kind: "free_shipping", endsAt: past }, "endsAt", /already passed/],
      [{ code: fresh(), kind: "free_shipping", maxUses: 0 }, "maxUses", /1 or more/],
      [{ code: fresh(), kind: "free_shipping", productIds: [] }, "productIds", /at least one product/],
      [{ code: fresh(), kind: "free_shipping", productIds: [999] }, "productIds", /no product 999/],
      [{ code: fresh(), kind: "free_shipping", productIds: ["1"] }, "productIds", /./],
      [{ code: fresh(), kind: "percent", percent: 5, renewals: "first_n" }, "renewalCount", /how many/],
      [
        { code: fresh(), kind: "percent", percent: 5, renewals: "first_n", renewalCount: 25 },
        "renewalCount",
        /at most 24/,
      ],
      [
        { code: fresh(), kind: "percent", percent: 5, renewals: "every", renewalCount: 2 },
        "renewalCount",
        /Only/,
      ],
      [{ code: fresh(), kind: "percent", percent: 5, renewals: "sometimes" }, "renewals", /Choose which/],
      [{ code: fresh(), kind: "free_shipping", renewals: "every" }, "renewals", /carries into no renewal/],
      [{ code: fresh(), kind: "free_shipping", oncePerCustomer: "yes" }, "oncePerCustomer", /true or false/],
      [{ code: fresh(), kind: "free_shipping", status: "ended" }, "form", /status/],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toMatch(/^(invalid_input|unknown_product)$/);
      expect(res.body.fields?.[field], `${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).toMatch(
        message,
      );
    }
    // Not JSON, malformed JSON, or not a JSON object.
    const raw = await who.admin.call("POST", "/api/admin/codes", "code=X", { "content-type": "text/plain" });
    expect(raw.status).toBe(415);
    expect((await who.admin.call("POST", "/api/admin/codes", '{"code":')).status).toBe(400);
    expect((await create([] as never)).status).toBe(400);
  });

  it("pauses, resumes and ends a code; a paused or ended one is refused in the cart; an ended one stays ended", async () => {
    const made = await create({ code: fresh("life"), kind: "percent", percent: 10 });
    const { id, terms } = made.body as AdminCodeView;
    const patch = (status: unknown) => who.admin.call("PATCH", `/api/admin/codes/${id}`, { status });
    const shopper = new Visitor(shop);
    await shopper.add(1, 1, false);

    expect(await patch("paused")).toMatchObject({ status: 200, body: { status: "paused", state: "paused" } });
    expect(await shopper.call("POST", "/api/cart/code", { code: terms.code })).toMatchObject({
      status: 409,
      body: { code: "code_not_active" },
    });
    expect(await patch("active")).toMatchObject({ status: 200, body: { status: "active", state: "active" } });
    expect((await shopper.call("POST", "/api/cart/code", { code: terms.code })).status).toBe(200);
    // The status it has already: nothing changes, nothing is written.
    expect((await patch("active")).status).toBe(200);
    expect(await patch("ended")).toMatchObject({ status: 200, body: { status: "ended", state: "ended" } });
    expect(await shopper.call("POST", "/api/cart/code", { code: terms.code })).toMatchObject({
      status: 409,
      body: { code: "code_expired" },
    });
    for (const status of ["active", "paused"]) {
      expect(await patch(status)).toMatchObject({
        status: 409,
        body: {
          code: "code_ended",
          message: `The code ${terms.code} has ended and cannot be used again. Make a new code instead.`,
        },
      });
    }
    expect((await list()).find((c) => c.id === id)?.status).toBe("ended");

    const audit = await db()
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.targetId, id), eq(adminAudit.targetType, "discount_code")))
      .orderBy(adminAudit.createdAt);
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ["code.create", null, expect.objectContaining({ status: "active" })],
      ["code.pause", { status: "active" }, { status: "paused" }],
      ["code.resume", { status: "paused" }, { status: "active" }],
      ["code.end", { status: "active" }, { status: "ended" }],
    ]);

    expect(await patch("deleted")).toMatchObject({
      status: 400,
      body: { fields: { status: /active, paused/ } },
    });
    expect((await who.admin.call("PATCH", `/api/admin/codes/${id}`, { status: "paused", x: 1 })).status).toBe(
      400,
    );
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const other of [missing, "not-an-id", "1"]) {
      const res = await who.admin.call("PATCH", `/api/admin/codes/${other}`, { status: "paused" });
      expect(res, other).toMatchObject({ status: 404, body: { code: "not_found" } });
    }
  });

  it("counts a paid order's use, its revenue and discount on the code, the overview and the order", async () => {
    const made = await create({ code: fresh("paid"), kind: "percent", percent: 20, maxUses: 5 });
    const code = made.body as AdminCodeView;
    const overviewBefore = (await who.admin.call("GET", "/api/admin/overview")).body;

    const buyer = await newCustomer(shop, "code-buyer");
    await buyer.add(1, 2, false); // 2 × $30.00
    const applied = await buyer.call("POST", "/api/cart/code", { code: code.terms.code.toLowerCase() });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const checkout = await buyer.checkout({
      email: `${buyer.userId}@example.com`,
      userId: buyer.userId,
      discountCode: code.terms.code,
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);

    const underWay = (await list()).find((c) => c.id === code.id);
    expect(underWay).toMatchObject({ uses: 0, reserved: 1, orders: 0, revenueCents: 0, discountCents: 0 });

    const paid = await payWithSandboxCard(shopDeps(shop.services), sessionIdOf(checkout.body.url), card);
    expect(paid?.kind).toBe("paid");
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.providerSessionId, sessionIdOf(checkout.body.url)));
    expect(order).toMatchObject({ discountCode: code.terms.code, codeDiscountCents: 1200 });

    const after = (await list(who.staff)).find((c) => c.id === code.id);
    expect(after).toMatchObject({
      uses: 1,
      reserved: 0,
      orders: 1,
      revenueCents: order?.totalCents,
      discountCents: 1200,
      state: "active",
    });

    const overviewAfter = (await who.admin.call("GET", "/api/admin/overview")).body;
    for (const i of [0, 1, 2]) {
      expect(overviewAfter.periods[i].codeDiscountCents - overviewBefore.periods[i].codeDiscountCents).toBe(
        1200,
      );
      expect(overviewAfter.periods[i].revenueCents - overviewBefore.periods[i].revenueCents).toBe(
        order?.totalCents,
      );
    }

    const detail = await who.staff.call("GET", `/api/admin/orders/${order?.orderNumber}`);
    expect(detail.body).toMatchObject({ discountCode: code.terms.code, codeDiscountCents: 1200 });
  });

  it("an end and a resumption at once: the code ends, and is never active after", async () => {
    for (let round = 0; round < 3; round++) {
      const made = await create({ code: fresh("race"), kind: "percent", percent: 5 });
      const id = (made.body as AdminCodeView).id;
      await who.admin.call("PATCH", `/api/admin/codes/${id}`, { status: "paused" });
      const [ended, resumed] = await Promise.all([
        who.admin.call("PATCH", `/api/admin/codes/${id}`, { status: "ended" }),
        who.admin.call("PATCH", `/api/admin/codes/${id}`, { status: "active" }),
      ]);
      expect(ended.status).toBe(200);
      expect([200, 409]).toContain(resumed.status);
      expect((await list()).find((c) => c.id === id)?.status).toBe("ended");
    }
  });

  it("says a code with no use left is used up", async () => {
    const made = await create({ code: fresh("once"), kind: "amount", amountCents: 100, maxUses: 1 });
    const code = made.body as AdminCodeView;
    const buyer = new Visitor(shop);
    await buyer.add(2, 1, false);
    expect((await buyer.call("POST", "/api/cart/code", { code: code.terms.code })).status).toBe(200);
    const checkout = await buyer.checkout({ email: "used-up@example.com", discountCode: code.terms.code });
    expect(checkout.status).toBe(200);
    expect((await list()).find((c) => c.id === code.id)).toMatchObject({ reserved: 1, state: "used_up" });
  });

  /** Posts a form to a dashboard page's action as `as` (nobody when null), from `origin`. */
  async function postForm(
    page: "codes" | "codes/new",
    as: Visitor | null,
    fields: Record<string, string>,
    origin = ORIGIN,
  ): Promise<Answer> {
    const context = new RouterContextProvider();
    context.set(appContext, shop.services);
    const request = new Request(`${ORIGIN}/admin/${page}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin,
        ...(as?.userId ? { "x-test-user": as.userId } : {}),
      },
      body: new URLSearchParams(fields).toString(),
    });
    const run = page === "codes" ? codesAction : newCodeAction;
    try {
      const answer = (await run({ context, request, params: {} } as never)) as {
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

  it("the pages' forms: the admin makes and ends a code; staff, customers, other sites and the signed out cannot", async () => {
    const code = fresh("form");
    const form = { intent: "create", code, kind: "percent", percent: "15", combinesWithBundles: "on" };
    expect((await postForm("codes/new", who.staff, form)).status).toBe(403);
    expect((await postForm("codes/new", who.customer, form)).status).toBe(403);
    expect((await postForm("codes/new", who.admin, form, "https://evil.example")).status).toBe(403);
    expect(await postForm("codes/new", null, form)).toMatchObject({ status: 302, location: "/auth" });
    expect((await list()).find((c) => c.terms.code === code.toUpperCase())).toBeUndefined();

    // Each wrong field answered beside it, the body's rules included (the server's, by the form's names).
    const wrong = await postForm("codes/new", who.admin, {
      intent: "create",
      code: "a b",
      kind: "amount",
      amount: "0",
      endsOn: "2020-01-01",
    });
    expect(wrong).toMatchObject({
      status: 400,
      body: {
        intent: "create",
        errors: {
          amount: "The amount off must be more than $0.00.",
          code: "A code is 3 to 32 letters, digits, dashes or underscores.",
        },
      },
    });
    const rules = await postForm("codes/new", who.admin, {
      intent: "create",
      code: "a b",
      kind: "amount",
      amount: "5",
      "product-999": "on",
    });
    expect(rules).toMatchObject({
      status: 400,
      body: { errors: { code: "A code is 3 to 32 letters, digits, dashes or underscores." } },
    });
    const past = await postForm("codes/new", who.admin, {
      intent: "create",
      code: fresh(),
      kind: "free_shipping",
      endsOn: "2020-01-01",
    });
    expect(past).toMatchObject({ status: 400, body: { errors: { endsOn: /already passed/ } } });

    const made = await postForm("codes/new", who.admin, form);
    expect(made).toMatchObject({ status: 302, location: `/admin/codes?created=${code.toUpperCase()}` });
    const listed = (await list()).find((c) => c.terms.code === code.toUpperCase());
    expect(listed).toMatchObject({ terms: { kind: "percent", percent: 15, combinesWithBundles: true } });
    expect(await postForm("codes/new", who.admin, form)).toMatchObject({
      status: 409,
      body: { errors: { code: `The code ${code.toUpperCase()} already exists: choose another.` } },
    });

    const end = { intent: "status", id: listed?.id ?? "", status: "ended" };
    expect((await postForm("codes", who.staff, end)).status).toBe(403);
    expect((await postForm("codes", who.admin, end, "https://evil.example")).status).toBe(403);
    expect((await list()).find((c) => c.id === listed?.id)?.status).toBe("active");
    expect(await postForm("codes", who.admin, { ...end, id: "nope" })).toMatchObject({
      status: 400,
      body: { errors: { id: "There is no such discount code." } },
    });
    expect(await postForm("codes", who.admin, end)).toMatchObject({ status: 200, body: { errors: null } });
    expect(await postForm("codes", who.admin, { ...end, status: "active" })).toMatchObject({
      status: 409,
      body: { errors: { form: /has ended and cannot be used again/ } },
    });
  });
});
