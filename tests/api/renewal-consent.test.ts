import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCheckoutPage } from "../../app/routes/checkout.server.ts";
import { RENEWAL_TERMS } from "../../core/renewal-disclosure.ts";
import { orders, outbox, renewalConsents, subscriptions } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { unsubscribeSecret } from "../../server/newsletter/unsubscribe.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { checkManageToken, MANAGE_PAGE_PATH } from "../../server/subscriptions/manage-link.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { people } from "./admin-fixtures.ts";
import { headerIdentity, newCustomer, Visitor } from "./checkout-visitor.ts";

const CARD_4242 = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123", name: "Sam Shopper" };
const STACK = "complete-mana-system";
const REFUSED = "Please tick the box to agree to the automatic renewal of your subscription before you pay.";
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

let emails = 0;
const newEmail = (who: string) => `${who}-${++emails}-${process.pid}@example.com`;

describe.each(testDatabases)("consent to automatic renewal at checkout on %s", (kind) => {
  let shop: TestShop;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
  });
  afterAll(() => shop.close());

  const pageHeaders = (v: Visitor) =>
    new Headers({ cookie: v.cookie, ...(v.userId ? { "x-test-user": v.userId } : {}) });

  /** A guest with Total Restore as a subscription ($34.00 a month) and Korean Ginseng bought once. */
  async function guestWithSubscription() {
    const v = new Visitor(shop);
    expect((await v.add(2, 1, true)).status).toBe(201);
    expect((await v.add(1, 1, false)).status).toBe(201);
    return v;
  }

  const orderOf = async (url: string) => {
    const sessionId = new URL(url).pathname.split("/").pop() as string;
    const [order] = await db().select().from(orders).where(eq(orders.providerSessionId, sessionId));
    if (!order) throw new Error("no order for the session");
    return { order, sessionId };
  };
  const consentsOf = (orderId: string) =>
    db().select().from(renewalConsents).where(eq(renewalConsents.orderId, orderId));

  it("refuses a cart with a subscription without the box ticked: 400 with the reason, and no order", async () => {
    const v = await guestWithSubscription();
    const email = newEmail("refused");
    for (const acceptRenewal of [undefined, false]) {
      const res = await v.checkout({ email, acceptRenewal });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: "renewal_consent_required", message: REFUSED });
    }
    // A value that is not a yes is bad input, not a consent.
    expect((await v.checkout({ email, acceptRenewal: "yes" })).status).toBe(400);
    expect(await db().select().from(orders).where(eq(orders.email, email))).toHaveLength(0);
  });

  it("accepts it with the box ticked and keeps the terms shown, their hash, the client and the order", async () => {
    const v = await guestWithSubscription();
    const page = await loadCheckoutPage(shop.services, pageHeaders(v));
    expect(page.renewal?.disclosure.items).toEqual(["Total Restore: $34.00 every month, shipping free"]);
    const email = newEmail("agreed");
    const res = await v.checkout(
      { email, renewalDisclosureHash: page.renewal?.hash },
      // Without TRUSTED_PROXIES a forwarded address is not believed: the connection's own is kept.
      { "user-agent": "ConsentTest/1.0 (renewal)", "x-forwarded-for": "203.0.113.9" },
    );
    expect(res.status).toBe(200);
    const { order } = await orderOf(res.body.url);
    const [consent, ...more] = await consentsOf(order.id);
    expect(more).toHaveLength(0);
    expect(consent).toMatchObject({
      orderId: order.id,
      userId: null,
      email,
      termsVersion: RENEWAL_TERMS.version,
      disclosure: page.renewal?.disclosure.text,
      disclosureHash: page.renewal?.hash,
      ipAddress: "127.0.0.1",
      userAgent: "ConsentTest/1.0 (renewal)",
    });
    expect(consent?.disclosureHash).toBe(sha256(consent?.disclosure ?? ""));
    expect(consent?.disclosure).toContain("Total Restore: $34.00 every month, shipping free");
    expect(consent?.disclosure).not.toContain("Korean Ginseng");
    expect(consent?.disclosure).toContain(RENEWAL_TERMS.cancel);
  });

  it("sends a page that showed other terms back to show the cart's own (409), without an order", async () => {
    const v = await guestWithSubscription();
    const email = newEmail("stale");
    const res = await v.checkout({ email, renewalDisclosureHash: "0".repeat(64) });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("renewal_terms_changed");
    expect(await db().select().from(orders).where(eq(orders.email, email))).toHaveLength(0);
    expect((await v.checkout({ email, renewalDisclosureHash: "not-a-hash" })).status).toBe(400);
  });

  it("keeps one consent per order: the same checkout started twice (or at once) replaces it", async () => {
    const v = await guestWithSubscription();
    const email = newEmail("twice");
    const first = await v.checkout({ email }, { "user-agent": "First/1" });
    const [second, third] = await Promise.all([
      v.checkout({ email }, { "user-agent": "Second/2" }),
      v.checkout({ email }, { "user-agent": "Second/2" }),
    ]);
    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    expect(second.body.url).toBe(first.body.url);
    const { order } = await orderOf(first.body.url);
    const rows = await consentsOf(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.userAgent).toBe("Second/2");
  });

  it("keeps the signed-in customer's id with the consent", async () => {
    const v = await newCustomer(shop, "consent");
    expect((await v.add(3, 2, true)).status).toBe(201);
    const res = await v.checkout({ email: `${v.userId}@example.com` });
    expect(res.status).toBe(200);
    const { order } = await orderOf(res.body.url);
    const [consent] = await consentsOf(order.id);
    expect(consent).toMatchObject({ userId: v.userId, email: `${v.userId}@example.com` });
    expect(consent?.disclosure).toContain("2 x Ashwagandha: $51.00 every month");
  });

  it("asks no consent of a cart without subscriptions, and keeps none", async () => {
    const v = new Visitor(shop);
    expect((await v.add(4, 1, false)).status).toBe(201);
    expect((await loadCheckoutPage(shop.services, pageHeaders(v))).renewal).toBeNull();
    const res = await v.checkout({ email: newEmail("once"), acceptRenewal: undefined });
    expect(res.status).toBe(200);
    const { order } = await orderOf(res.body.url);
    expect(await consentsOf(order.id)).toHaveLength(0);
  });

  it("the confirmation restates the terms agreed to and links each subscription's manage page", async () => {
    const v = new Visitor(shop);
    for (const productId of [1, 2, 3, 4]) expect((await v.add(productId, 1, true, STACK)).status).toBe(201);
    const email = newEmail("stack");
    const res = await v.checkout({ email });
    expect(res.status).toBe(200);
    const { order, sessionId } = await orderOf(res.body.url);
    const [consent] = await consentsOf(order.id);
    // The stack's $80.00 a month, shared over its four products.
    expect(consent?.disclosure).toContain("In all, $80.00 every month.");
    expect(await payWithSandboxCard(shopDeps(shop.services), sessionId, CARD_4242)).toMatchObject({
      kind: "paid",
    });

    const subs = await db().select().from(subscriptions).where(eq(subscriptions.orderId, order.id));
    expect(subs).toHaveLength(4);
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `order-confirmation:${order.id}`));
    for (const line of consent?.disclosure.split("\n") ?? []) expect(mail?.text).toContain(line);
    const links = [
      ...(mail?.text ?? "").matchAll(new RegExp(`http://[^\\s]+${MANAGE_PAGE_PATH}/(\\S+)`, "g")),
    ];
    expect(links).toHaveLength(4);
    const secret = unsubscribeSecret(shop.services.env);
    const linked = links.map((m) => {
      const check = checkManageToken(secret, m[1]);
      if (!check.ok) throw new Error(`a manage link that does not work: ${m[0]}`);
      return check.subscriptionId;
    });
    expect(linked.sort()).toEqual(subs.map((s) => s.id).sort());
    expect(mail?.html).toContain(`${MANAGE_PAGE_PATH}/`);
  });

  it("the owner sees the consent on the subscription's page and in the CSV; customers and guests do not", async () => {
    const v = await guestWithSubscription();
    const email = newEmail("csv");
    // A user agent is the client's to write: one that reads as a formula stays text in the spreadsheet.
    const res = await v.checkout({ email }, { "user-agent": '=HYPERLINK("http://evil.example")' });
    const { order, sessionId } = await orderOf(res.body.url);
    await payWithSandboxCard(shopDeps(shop.services), sessionId, CARD_4242);
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.orderId, order.id));
    const [consent] = await consentsOf(order.id);
    const { admin, staff, customer } = await people(shop);

    const detail = await admin.call("GET", `/api/admin/subscriptions/${sub?.id}`);
    expect(detail.body.renewalConsent).toMatchObject({
      termsVersion: RENEWAL_TERMS.version,
      disclosure: consent?.disclosure,
      disclosureHash: consent?.disclosureHash,
      ipAddress: "127.0.0.1",
      userAgent: '=HYPERLINK("http://evil.example")',
      email,
    });

    for (const owner of [admin, staff]) {
      const csv = await owner.call("GET", "/api/admin/renewal-consents.csv");
      expect(csv.status).toBe(200);
      expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      const text = String(csv.body);
      expect(text.startsWith('"consented_at","order_number","email","user_id","terms_version"')).toBe(true);
      const row = text.split("\r\n").find((l) => l.includes(order.orderNumber));
      expect(row).toContain(`"${email}"`);
      expect(row).toContain(`"${consent?.disclosureHash}"`);
      expect(row).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    }
    const today = new Date().toISOString().slice(0, 10);
    const inRange = await admin.call("GET", `/api/admin/renewal-consents.csv?from=${today}&to=${today}`);
    expect(String(inRange.body)).toContain(order.orderNumber);
    const later = await admin.call("GET", "/api/admin/renewal-consents.csv?from=2099-01-01");
    expect(String(later.body).trim().split("\r\n")).toHaveLength(1);
    for (const bad of [
      "?from=2026-02-31",
      "?to=yesterday",
      "?from=2026-12-02&to=2026-12-01",
      "?from=a&from=b",
    ])
      expect((await admin.call("GET", `/api/admin/renewal-consents.csv${bad}`)).status).toBe(400);

    expect((await customer.call("GET", "/api/admin/renewal-consents.csv")).status).toBe(403);
    expect((await new Visitor(shop).call("GET", "/api/admin/renewal-consents.csv")).status).toBe(401);
    expect((await customer.call("GET", `/api/admin/subscriptions/${sub?.id}`)).status).toBe(403);
    expect((await new Visitor(shop).call("GET", "/api/admin/RENEWAL-CONSENTS.CSV")).status).not.toBe(200);
  });
});
