import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, orders, outbox } from "../../server/db/schema.ts";
import { Browser, uniqueEmail } from "../api/auth-helpers.ts";
import { Visitor } from "../api/checkout-visitor.ts";
import { useStripeShop } from "../support/stripe-shop.ts";
import type { StripeStandIn } from "../support/stripe-stand-in.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { assertSecureConfig } from "./support/config-guard.ts";
import { completed, deliver, inProcess, type StandInSession } from "./support/stripe-events.ts";

/** Reliability checks "Nothing lost" (docs/reliability.md) (the rest is in tests/api/webhooks.test.ts and tests/api/newsletter.test.ts). */
describe.each(testDatabases)("nothing lost on %s", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind, { auth: true });
    await assertSecureConfig(shop);
  });
  afterAll(() => shop.close());

  it("1,000 concurrent +1 on one cart line: quantity equals the 2xx answers, one row, no 5xx", async () => {
    const v = new Browser(shop);
    expect((await v.call("POST", "/api/cart", { productId: 3, quantity: 1 })).status).toBe(201);
    const results = await Promise.all(
      Array.from({ length: 1000 }, () => v.call("POST", "/api/cart", { productId: 3, quantity: 1 })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    const ok = statuses.filter((s) => s >= 200 && s < 300).length;
    // Lines stop at 99: the rest are refused with a 4xx, never silently clipped.
    expect(statuses.filter((s) => s >= 400).every((s) => s === 400 || s === 409 || s === 422)).toBe(true);
    const cart = (await v.call("GET", "/api/cart")).body as { productId: number; quantity: number }[];
    expect(cart).toHaveLength(1);
    expect(cart[0]?.quantity).toBe(1 + ok);
    const rows = await shop.services.database.db.select().from(cartItems).where(eq(cartItems.productId, 3));
    expect(rows.filter((r) => r.quantity === cart[0]?.quantity)).toHaveLength(1);
  });

  it("two sign-ins merging the same guest cart at once count every item once", async () => {
    const email = uniqueEmail("merge");
    const owner = new Browser(shop);
    await owner.signUp(email);
    await owner.call("POST", "/api/cart", { productId: 1, quantity: 2 });
    await owner.signOut();
    const guest = new Browser(shop);
    await guest.call("POST", "/api/cart", { productId: 1, quantity: 1 });
    await guest.call("POST", "/api/cart", { productId: 4, quantity: 3, isSubscription: true });
    const twins = [new Browser(shop), new Browser(shop), new Browser(shop)];
    for (const t of twins) t.jar = new Map(guest.jar);
    const answers = await Promise.all(twins.map((t) => t.signIn(email)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const cart = (await twins[0]?.call("GET", "/api/cart"))?.body as {
      productId: number;
      quantity: number;
      isSubscription: boolean;
    }[];
    expect(cart.map((l) => [l.productId, l.isSubscription, l.quantity]).sort()).toEqual([
      [1, false, 3],
      [4, true, 3],
    ]);
  });
});

describe.each(testDatabases)("webhook outage then redelivery on %s", (kind) => {
  let shop: TestShop;
  let standIn: StripeStandIn;
  useStripeShop(kind, (started) => ({ shop, standIn } = started));

  it("50 events failing, then replayed (twice): every paid session fulfilled once, unpaid ones never", async () => {
    const db = shop.services.database.db;
    const sessions: { session: StandInSession; orderId: string; paid: boolean }[] = [];
    for (let i = 0; i < 50; i++) {
      const v = new Visitor(shop);
      await v.add((i % 4) + 1, 1 + (i % 3), false);
      const res = await v.checkout();
      expect(res.status).toBe(200);
      const id = new URL(res.body.url).pathname.split("/").pop() as string;
      const session = standIn.sessions.get(id) as unknown as StandInSession;
      const [order] = await db.select().from(orders).where(eq(orders.providerSessionId, id));
      sessions.push({ session, orderId: order?.id as string, paid: i % 5 !== 0 });
    }
    const events = sessions.map((s) => completed(s.session, s.paid));
    const send = inProcess(shop);

    // The endpoint fails: its table of received events is gone (a botched deploy, a lost database).
    await db.execute(sql`alter table payment_events rename to payment_events_away`);
    let failed: number[];
    try {
      failed = await Promise.all(events.map((e) => deliver(send, e)));
    } finally {
      await db.execute(sql`alter table payment_events_away rename to payment_events`);
    }
    expect(failed.every((s) => s >= 500)).toBe(true);
    const ids = sessions.map((s) => s.orderId);
    const statusOf = async () =>
      Object.fromEntries(
        (await db.select().from(orders).where(inArray(orders.id, ids))).map((o) => [o.id, o.status]),
      );
    expect(Object.values(await statusOf()).every((s) => s === "pending")).toBe(true);

    // Stripe redelivers every event, twice, in a shuffled order and partly at once.
    for (let round = 0; round < 2; round++) {
      const shuffled = [...events].sort(() => Math.random() - 0.5);
      const statuses = await Promise.all(shuffled.map((e) => deliver(send, e)));
      expect(statuses.every((s) => s === 200)).toBe(true);
    }
    const final = await statusOf();
    for (const s of sessions) expect(final[s.orderId], s.orderId).toBe(s.paid ? "processing" : "pending");
    const mails = await db
      .select()
      .from(outbox)
      .where(
        inArray(
          outbox.dedupeKey,
          ids.map((id) => `order-confirmation:${id}`),
        ),
      );
    expect(mails).toHaveLength(sessions.filter((s) => s.paid).length);
  });
});
