import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ADDRESS } from "../../api/checkout-visitor.ts";
import { StripeStandIn } from "../../support/stripe-stand-in.ts";
import { completed, deliver, type StandInSession, WEBHOOK_SECRET } from "../support/stripe-events.ts";
import { ensureBuild, freshDatabase, ProductionShop } from "./production-shop.ts";

/**
 * Reliability checks "Faults survived" (docs/reliability.md): the process killed (SIGKILL) at random points while handling webhooks, then
 * the events redelivered (as Stripe does until it gets a 2xx): each paid session yields exactly one paid
 * order and at most one e-mail; unpaid sessions none.
 */
const ORDERS = 40;

describe("SIGKILL while handling webhooks (production build, PostgreSQL)", () => {
  let shop: ProductionShop;
  let standIn: StripeStandIn;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    ensureBuild();
    standIn = await new StripeStandIn().start();
    db = await freshDatabase();
    shop = await new ProductionShop({ DATABASE_URL: db.url, ...standIn.env(WEBHOOK_SECRET) }).start();
  }, 300_000);
  afterAll(async () => {
    await shop?.kill();
    await standIn?.stop();
    await db?.drop();
  });

  it(`${ORDERS} sessions, the shop killed mid-delivery until every event is acknowledged: one order each, at most one e-mail`, async () => {
    const sessions: { session: StandInSession; paid: boolean }[] = [];
    for (let i = 0; i < ORDERS; i++) {
      let cookie = "";
      const headers = () => ({
        origin: shop.url,
        "content-type": "application/json",
        ...(cookie ? { cookie } : {}),
      });
      const add = await fetch(`${shop.url}/api/cart`, {
        method: "POST",
        headers: headers(),
        body: JSON.stringify({ productId: (i % 4) + 1, quantity: 1 + (i % 2) }),
      });
      cookie = (add.headers.get("set-cookie") ?? "").split(";")[0] as string;
      const items = (await (await fetch(`${shop.url}/api/cart`, { headers: headers() })).json()) as Record<
        string,
        unknown
      >[];
      const res = await fetch(`${shop.url}/api/checkout/create-session`, {
        method: "POST",
        headers: headers(),
        body: JSON.stringify({
          email: `kill-${i}@example.com`,
          shippingAddress: TEST_ADDRESS,
          cartItems: items.map((l) => ({
            productId: l.productId,
            quantity: l.quantity,
            isSubscription: l.isSubscription,
            bundleId: l.bundleId,
          })),
        }),
      });
      expect(res.status).toBe(200);
      const { url } = (await res.json()) as { url: string };
      const id = new URL(url).pathname.split("/").pop() as string;
      sessions.push({ session: standIn.sessions.get(id) as unknown as StandInSession, paid: i % 3 !== 0 });
    }
    const events = sessions.map((s) => completed(s.session, s.paid));
    const send = (body: string, signature: string) =>
      fetch(`${shop.url}/api/webhooks/stripe`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body,
      });
    const deliverOrZero = (e: unknown) => deliver(send, e).catch(() => 0);

    let pending = [...events];
    let kills = 0;
    let rounds = 0;
    while (pending.length && rounds < 40) {
      rounds++;
      const inFlight = pending.map(deliverOrZero);
      if (rounds <= 8) {
        await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 60)));
        await shop.kill("SIGKILL");
        kills++;
      }
      const statuses = await Promise.all(inFlight);
      pending = pending.filter((_, i) => statuses[i] !== 200);
      if (!shop.child) await shop.start();
    }
    expect(pending).toEqual([]);
    // And Stripe's duplicate deliveries after the fact change nothing.
    expect((await Promise.all(events.map(deliverOrZero))).every((s) => s === 200)).toBe(true);

    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const ids = sessions.map((s) => s.session.id);
      const { rows } = await client.query(
        `select o.provider_session_id as sid, o.status, count(*) over (partition by o.provider_session_id) as n,
                (select count(*) from outbox m where m.dedupe_key = 'order-confirmation:' || o.id) as mails
           from orders o where o.provider_session_id = any($1)`,
        [ids],
      );
      const bySession = new Map(rows.map((r) => [r.sid, r]));
      let mails = 0;
      for (const s of sessions) {
        const row = bySession.get(s.session.id);
        expect(Number(row?.n), s.session.id).toBe(1);
        expect(row?.status, s.session.id).toBe(s.paid ? "processing" : "pending");
        expect(Number(row?.mails)).toBeLessThanOrEqual(s.paid ? 1 : 0);
        mails += Number(row?.mails);
      }
      console.log(
        `sigkill: ${kills} kills over ${rounds} rounds; ${sessions.filter((s) => s.paid).length} paid sessions, ${mails} e-mails`,
      );
    } finally {
      await client.end();
    }
  }, 600_000);
});
