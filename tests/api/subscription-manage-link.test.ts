import { and, asc, desc, eq, like } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../app/context.server.ts";
import {
  action as manageAction,
  headers as manageHeaders,
  loader as manageLoader,
} from "../../app/routes/subscription-manage.server.ts";
import { databaseLimitStore } from "../../server/auth/limit-store.ts";
import { orders, outbox, subscriptionEvents, subscriptions } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { PageCache } from "../../server/http/page-cache.ts";
import { unsubscribeSecret } from "../../server/newsletter/unsubscribe.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { MANAGE_LINK_DAYS, MANAGE_PAGE_PATH, manageToken } from "../../server/subscriptions/manage-link.ts";
import { MANAGE_LINK_SENDS } from "../../server/subscriptions/manage-page.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { createUser, headerIdentity, Visitor } from "./checkout-visitor.ts";

// The page a subscription e-mail's link opens without an account (decision 043): its loader and action
// tried as an attacker would, without a browser (as tests/api/page-actions.test.ts does for the account).
const ORIGIN = "http://localhost";
const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123", name: "Gus Guest" };
type Answer = { status: number; body: unknown; headers?: Headers };
type SubRow = typeof subscriptions.$inferSelect;

describe.each(testDatabases)("a subscription's manage link on %s", (kind) => {
  let shop: TestShop;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    const identity = headerIdentity(() => shop);
    // The real limits on the test database: a fresh link is e-mailed a few times an hour at most.
    const limits = () => databaseLimitStore(shop.services.database.db);
    shop = await createTestShop(kind, {
      identity: {
        ...identity,
        limits: {
          kind: "database",
          consume: (key, rule) => limits().consume(key, rule),
          refund: (key) => limits().refund(key),
          claimOnce: (key, ttl) => limits().claimOnce(key, ttl),
        },
      },
    });
    await createUser(shop, "olga", "olga@example.com");
  });
  afterAll(() => shop.close());

  const secret = () => unsubscribeSecret(shop.services.env);

  /** A subscription bought by a guest (no account) with `email`, paid on the sandbox page. */
  async function guestSubscription(email: string, userId: string | null = null): Promise<SubRow> {
    const v = new Visitor(shop, userId);
    expect((await v.add(2, 1, true)).status).toBe(201);
    const { status, body } = await v.checkout({ email });
    expect(status).toBe(200);
    const sessionId = new URL(body.url).pathname.split("/").pop() as string;
    expect(await payWithSandboxCard(shopDeps(shop.services), sessionId, CARD)).toMatchObject({
      kind: "paid",
    });
    const [order] = await db().select().from(orders).where(eq(orders.providerSessionId, sessionId));
    const [sub] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.orderId, order?.id ?? ""));
    if (!sub) throw new Error("no subscription");
    return sub;
  }
  const subNow = async (id: string) =>
    (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0] as SubRow;
  const mailsTo = (to: string, subject: string) =>
    db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, to), like(outbox.subject, `%${subject}%`)))
      .orderBy(desc(outbox.createdAt));

  function context() {
    const c = new RouterContextProvider();
    c.set(appContext, shop.services);
    return c;
  }
  /** Unwraps what a loader or an action returned or threw: its status and data. */
  async function settle(run: () => Promise<unknown>): Promise<Answer> {
    try {
      const answer = (await run()) as {
        data: unknown;
        init?: { status?: number; headers?: HeadersInit } | null;
      };
      return {
        status: answer.init?.status ?? 200,
        body: answer.data,
        headers: new Headers(answer.init?.headers),
      };
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, body: null };
      const refused = thrown as { data?: unknown; init?: { status?: number } };
      if (refused.init?.status) return { status: refused.init.status, body: refused.data };
      throw thrown;
    }
  }
  const open = (token: string, headers: Record<string, string> = {}) =>
    settle(() =>
      manageLoader({
        context: context(),
        request: new Request(`${ORIGIN}${MANAGE_PAGE_PATH}/${token}`, { headers }),
        params: { token },
      } as never),
    );
  const post = (token: string, body: unknown, headers: Record<string, string> = {}) =>
    settle(() =>
      manageAction({
        context: context(),
        request: new Request(`${ORIGIN}${MANAGE_PAGE_PATH}/${token}`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: ORIGIN, ...headers },
          body: JSON.stringify(body),
        }),
        params: { token },
      } as never),
    );

  it("opens the subscription without a session: what it is, its price, next date and the link's actions", async () => {
    const sub = await guestSubscription("gus@example.com");
    const answer = await open(manageToken(secret(), sub.id));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      state: "open",
      subscription: {
        id: sub.id,
        productName: sub.productName,
        amount: (sub.amountCents / 100).toFixed(2),
        status: "active",
        nextBillingDate: sub.nextBillingDate.toISOString(),
        actions: ["pause", "skip", "cancel"],
      },
    });
    // Private: never stored, never indexed, the token never sent on as a referrer, never from the page cache.
    const headers = new Headers(manageHeaders({} as never) as HeadersInit);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(headers.get("referrer-policy")).toBe("no-referrer");
    expect(headers.get("x-robots-tag")).toBe("noindex");
    expect(PageCache.cacheable("GET", `${MANAGE_PAGE_PATH}/${manageToken(secret(), sub.id)}`)).toBe(false);
  });

  it("a forged, tampered, other-purpose or unknown subscription's token is a 404 that names nothing", async () => {
    const sub = await guestSubscription("hal@example.com");
    const good = manageToken(secret(), sub.id);
    const [id, expires, signature] = good.split(".") as [string, string, string];
    const tampered = [
      `${id}.${Number(expires) + 86_400}.${signature}`,
      // The signature's last two characters changed (to "AA", or "BA" for one that already ends so).
      `${id}.${expires}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BA" : "AA"}`,
      `${crypto.randomUUID()}.${expires}.${signature}`,
      manageToken("another secret", sub.id),
      manageToken(secret(), crypto.randomUUID()),
      "not-a-token",
      `${good}.extra`,
    ];
    for (const token of tampered) {
      expect((await open(token)).status, token).toBe(404);
      const refused = await post(token, { intent: "subscription", id: sub.id, action: "cancel", body: {} });
      expect(refused.status, token).toBe(404);
      expect(JSON.stringify(refused.body)).not.toContain(sub.productName);
      expect((await post(token, { intent: "manage-link" })).status, token).toBe(404);
    }
    expect((await subNow(sub.id)).status).toBe("active");
  });

  it("a token acts only on its own subscription: another's id in the post is a 404, nothing changes", async () => {
    const mine = await guestSubscription("ida@example.com");
    const theirs = await guestSubscription("jon@example.com");
    const token = manageToken(secret(), mine.id);
    for (const action of ["cancel", "pause", "skip"] as const) {
      const refused = await post(token, {
        intent: "subscription",
        id: theirs.id,
        action,
        body: action === "pause" ? { months: 1 } : {},
      });
      expect(refused, action).toMatchObject({ status: 404, body: { ok: false } });
    }
    const preview = await post(token, {
      intent: "subscription-preview",
      id: theirs.id,
      action: "cancel",
      body: {},
    });
    expect(preview.status).toBe(404);
    expect(await subNow(theirs.id)).toMatchObject({
      status: "active",
      nextBillingDate: theirs.nextBillingDate,
    });
    // An action the link does not offer, and a post from another site, are refused too.
    expect(
      (await post(token, { intent: "subscription", id: mine.id, action: "swap", body: { productId: 1 } }))
        .status,
    ).toBe(400);
    expect(
      (
        await post(
          token,
          { intent: "subscription", id: mine.id, action: "cancel", body: {} },
          { origin: "https://evil.example" },
        )
      ).status,
    ).toBe(403);
    expect((await subNow(mine.id)).status).toBe("active");
  });

  it("pauses, skips and cancels through the link, as the customer, each confirmed by e-mail with the link", async () => {
    const sub = await guestSubscription("kim@example.com");
    const token = manageToken(secret(), sub.id);
    const skip = await post(token, { intent: "subscription", id: sub.id, action: "skip", body: {} });
    expect(skip).toMatchObject({ status: 200, body: { ok: true, intent: "subscription" } });
    expect((await subNow(sub.id)).nextBillingDate.getTime()).toBeGreaterThan(sub.nextBillingDate.getTime());
    const pause = await post(token, {
      intent: "subscription",
      id: sub.id,
      action: "pause",
      body: { months: null },
    });
    expect(pause).toMatchObject({ status: 200, body: { subscription: { status: "paused" } } });
    const resume = await post(token, { intent: "subscription", id: sub.id, action: "resume", body: {} });
    expect(resume).toMatchObject({ status: 200, body: { subscription: { status: "active" } } });

    const before = await subNow(sub.id);
    const cancel = await post(token, {
      intent: "subscription",
      id: sub.id,
      action: "cancel",
      body: { reason: "It is too expensive" },
    });
    expect(cancel).toMatchObject({
      status: 200,
      body: { subscription: { status: "cancelled", actions: [] } },
    });
    const after = await subNow(sub.id);
    // It runs to the end of the period paid for.
    expect(after).toMatchObject({ status: "cancelled", endsAt: before.nextBillingDate });
    const events = await db()
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.subscriptionId, sub.id))
      .orderBy(asc(subscriptionEvents.createdAt));
    expect(events.filter((e) => e.type !== "created").map((e) => [e.type, e.actor])).toEqual(
      expect.arrayContaining([
        ["skipped", "customer"],
        ["paused", "customer"],
        ["resumed", "customer"],
        ["cancelled", "customer"],
      ]),
    );
    const [cancelled] = await mailsTo("kim@example.com", "is cancelled");
    expect(cancelled?.text).toContain(`It ends on`);
    // Every subscription e-mail links to the subscription's own page; a guest's to no account page.
    expect(cancelled?.text).toMatch(new RegExp(`${MANAGE_PAGE_PATH}/${sub.id}\\.\\d+\\.[\\w-]+`));
    expect(cancelled?.text).not.toContain("/account/subscriptions");
    // Cancelled, the link still opens the page, with nothing left to do.
    expect(await open(token)).toMatchObject({
      status: 200,
      body: { subscription: { status: "cancelled", actions: [] } },
    });
  });

  it("a signed-in customer's own subscription opens from the link too, and its e-mails link both pages", async () => {
    const sub = await guestSubscription("olga@example.com", "olga");
    const answer = await open(manageToken(secret(), sub.id), { "x-test-user": "olga" });
    expect(answer).toMatchObject({ status: 200, body: { state: "open", subscription: { id: sub.id } } });
    const cancel = await post(
      manageToken(secret(), sub.id),
      { intent: "subscription", id: sub.id, action: "cancel", body: {} },
      { "x-test-user": "olga" },
    );
    expect(cancel.status).toBe(200);
    const [mail] = await mailsTo("olga@example.com", "is cancelled");
    expect(mail?.text).toContain(`${MANAGE_PAGE_PATH}/${sub.id}.`);
    expect(mail?.text).toContain("/account/subscriptions");
  });

  it("an expired link says so, changes nothing, and e-mails a fresh link only to the subscription's address", async () => {
    const sub = await guestSubscription("lea@example.com");
    const old = manageToken(secret(), sub.id, new Date(Date.now() - (MANAGE_LINK_DAYS + 1) * 86_400_000));
    expect(await open(old)).toMatchObject({ status: 200, body: { state: "expired" } });
    expect(JSON.stringify((await open(old)).body)).not.toContain("lea@example.com");
    const refused = await post(old, { intent: "subscription", id: sub.id, action: "cancel", body: {} });
    expect(refused).toMatchObject({ status: 403, body: { ok: false, error: { code: "link_expired" } } });
    expect((await subNow(sub.id)).status).toBe("active");

    // An address in the post is not read: the link goes to the subscription's own address.
    const sent = await post(old, { intent: "manage-link", email: "mallory@example.com" });
    expect(sent).toMatchObject({ status: 200, body: { ok: true, intent: "manage-link" } });
    expect(await mailsTo("mallory@example.com", "")).toHaveLength(0);
    const [fresh] = await mailsTo("lea@example.com", "Your link to manage");
    const link = /\/subscriptions\/manage\/([\w.-]+)/.exec(fresh?.text ?? "")?.[1];
    expect(link).toBeTruthy();
    expect(await open(link as string)).toMatchObject({ status: 200, body: { state: "open" } });

    // Rate limited like the other e-mails a visitor can make the shop send.
    for (let i = 1; i < MANAGE_LINK_SENDS.max; i++)
      expect((await post(old, { intent: "manage-link" })).status).toBe(200);
    const limited = await post(old, { intent: "manage-link" });
    expect(limited).toMatchObject({ status: 429, body: { ok: false, error: { code: "too_many_requests" } } });
    expect(await mailsTo("lea@example.com", "Your link to manage")).toHaveLength(MANAGE_LINK_SENDS.max);
  });

  it("two cancels through the link at once: one cancellation, one e-mail", async () => {
    const sub = await guestSubscription("max@example.com");
    const token = manageToken(secret(), sub.id);
    const answers = await Promise.all([
      post(token, { intent: "subscription", id: sub.id, action: "cancel", body: {} }),
      post(token, { intent: "subscription", id: sub.id, action: "cancel", body: {} }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await mailsTo("max@example.com", "is cancelled")).toHaveLength(1);
  });
});
