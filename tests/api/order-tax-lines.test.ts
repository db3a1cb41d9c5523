import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSandboxPage } from "../../app/routes/pay.$sessionId.server.ts";
import { orderTotals, summaryRows } from "../../core/order-totals.ts";
import { orders, orderTaxLines, outbox } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { orderConfirmationEmail } from "../../server/orders/confirmation-email.ts";
import { fulfilOrder } from "../../server/orders/fulfil-order.ts";
import { loadOneOrderTaxLines, loadOrderLines } from "../../server/orders/order-rows.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { type OrderRow, people } from "./admin-fixtures.ts";
import { createUser, headerIdentity, TEST_ADDRESS, Visitor } from "./checkout-visitor.ts";

const card = { cardNumber: "4242424242424242", expiry: "12/40", cvc: "123", name: "A Buyer" };
const ONTARIO = { ...TEST_ADDRESS, city: "Toronto", region: "ON", postalCode: "M5V 2T6", country: "CA" };
const QUEBEC = { ...ONTARIO, city: "Montréal", region: "QC", postalCode: "H2X 1Y4" };

// Every view of a placed order lists its taxes one by one (core/order-totals.ts taxRows): the orders API,
// the card page's and success page's summary, the owner's order and file, the e-mails and the data export.
describe.each(testDatabases)("an order's tax lines in every view on %s", (kind) => {
  let shop: TestShop;
  let who: Awaited<ReturnType<typeof people>>;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
    who = await people(shop);
    await createUser(shop, "tina", "tina@example.com");
  });
  afterAll(() => shop.close());

  /**
   * Tina's order of Korean Ginseng once and Total Restore as a subscription ($64.00 + $5.95 shipping); to
   * Canada, in Canadian dollars (decision 051): CA$85.90 + CA$7.95 shipping.
   */
  async function bought(address: typeof TEST_ADDRESS, locale?: string) {
    const v = new Visitor(shop, "tina");
    expect((await v.add(1, 1, false)).status).toBe(201);
    expect((await v.add(2, 1, true)).status).toBe(201);
    const res = await v.checkout({
      email: "tina@example.com",
      userId: "tina",
      shippingAddress: address,
      ...(locale ? { locale } : {}),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sessionId = new URL(res.body.url).pathname.split("/").pop() as string;
    // The card page, before paying, already shows the taxes.
    const page = await loadSandboxPage(shop.services, sessionId);
    expect(await payWithSandboxCard(shopDeps(shop.services), sessionId, card)).toMatchObject({
      kind: "paid",
    });
    const [order] = await db().select().from(orders).where(eq(orders.providerSessionId, sessionId));
    return { order: order as OrderRow, page };
  }

  it("Ontario's HST: one row in the orders API, the card page's summary, and the figures sum", async () => {
    const { order, page } = await bought(ONTARIO);
    // 13% of CA$93.85 = CA$12.2005 -> CA$12.20.
    expect(order).toMatchObject({ currency: "cad", taxCents: 1220, totalCents: 10605 });
    expect(page?.summary).toMatchObject({
      taxCents: 1220,
      taxLines: [{ name: "HST", ratePercent: "13", cents: 1220, included: false }],
      totalCents: 10605,
    });
    const res = await new Visitor(shop, "tina").call("GET", `/api/orders/${order.orderNumber}`);
    expect(res.status).toBe(200);
    expect(res.body.totals).toMatchObject({
      subtotalCents: 8590,
      shippingCents: 795,
      taxCents: 1220,
      taxLines: [{ name: "HST", ratePercent: "13", cents: 1220, included: false }],
      totalCents: 10605,
    });
    const t = res.body.totals;
    expect(t.subtotalCents + t.shippingCents + t.taxLines[0].cents).toBe(t.totalCents);
    // The list too, from one query for all the orders' lines.
    const list = await new Visitor(shop, "tina").call("GET", "/api/orders");
    const listed = list.body.find((o: { orderNumber: string }) => o.orderNumber === order.orderNumber);
    expect(listed.totals.taxLines).toEqual([
      { name: "HST", ratePercent: "13", cents: 1220, included: false },
    ]);
  });

  it("Quebec's GST and QST: two rows in the e-mails, in the order's language", async () => {
    const { order } = await bought(QUEBEC, "fr");
    expect(order.locale).toBe("fr");
    const lines = await loadOrderLines(db(), order.id);
    const taxLines = await loadOneOrderTaxLines(db(), order.id);
    expect(taxLines).toEqual([
      { name: "GST", ratePercent: "5", cents: 469, included: false },
      { name: "QST", ratePercent: "9.975", cents: 936, included: false },
    ]);
    const t = orderTotals({ ...order, lines, taxLines });
    expect(t.balanced).toBe(true);
    const mail = orderConfirmationEmail(order, lines, "https://shop.example", null, taxLines);
    const text = mail.text.replaceAll("\u00a0", " ");
    expect(text).toContain("Livraison: CA$7.95\nTPS 5 %: CA$4.69\nTVQ 9,975 %: CA$9.36\nTotal: CA$107.90");
    expect(text).not.toMatch(/^Taxes/m);
    expect(mail.html?.replaceAll("\u00a0", " ")).toContain("TVQ 9,975 %");
    // A cancelled order's e-mail lists its figures too: through fulfilOrder, which reads its taxes.
    await fulfilOrder(shopDeps(shop.services), order.orderNumber, "cancelled");
    const [sent] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `order-cancelled:${order.id}`));
    expect(sent?.text.replaceAll("\u00a0", " ")).toContain("TVQ 9,975 %: CA$9.36");
  });

  it("an English e-mail names each tax; a VAT the prices contain is shown as included, not added", async () => {
    const { order } = await bought(TEST_ADDRESS);
    expect(order.taxCents).toBe(0);
    // An included VAT line, as a UK order would carry it: shown, and the total stays the price.
    await db().insert(orderTaxLines).values({
      orderId: order.id,
      position: 0,
      name: "VAT",
      ratePercent: "20",
      amountCents: 1166,
      currency: order.currency,
      included: true,
    });
    const lines = await loadOrderLines(db(), order.id);
    const taxLines = await loadOneOrderTaxLines(db(), order.id);
    const t = orderTotals({ ...order, lines, taxLines });
    expect(t.balanced).toBe(true);
    expect(summaryRows(t).map((r) => [r.label, r.cents, r.kind])).toContainEqual([
      "VAT 20% included",
      1166,
      "taxIncluded",
    ]);
    const text = orderConfirmationEmail(order, lines, "https://shop.example", null, taxLines).text;
    expect(text).toContain("VAT 20% included: $11.66");
    expect(text).toContain("Total: $69.95");
    const res = await new Visitor(shop, "tina").call("GET", `/api/orders/${order.orderNumber}`);
    expect(res.body.totals).toMatchObject({
      taxCents: 0,
      taxLines: [{ name: "VAT", ratePercent: "20", cents: 1166, included: true }],
      totalCents: 6995,
    });
  });

  it("an order placed before taxes were itemised keeps its one Tax row", async () => {
    const { order } = await bought(TEST_ADDRESS);
    const lines = await loadOrderLines(db(), order.id);
    const text = orderConfirmationEmail(order, lines, "https://shop.example").text;
    expect(text).toContain("Tax: $0.00");
    const res = await new Visitor(shop, "tina").call("GET", `/api/orders/${order.orderNumber}`);
    expect(res.body.totals.taxLines).toEqual([]);
  });

  it("the owner's order and orders file list each tax; the file's figures sum", async () => {
    const { order } = await bought(QUEBEC);
    const detail = await who.staff.call("GET", `/api/admin/orders/${order.orderNumber}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      taxCents: 1405,
      taxLines: [
        { name: "GST", ratePercent: "5", cents: 469, included: false },
        { name: "QST", ratePercent: "9.975", cents: 936, included: false },
      ],
      totalCents: 10790,
    });
    const path = `/api/admin/orders/export.csv?q=${order.orderNumber}`;
    expect((await new Visitor(shop).call("GET", path)).status).toBe(401);
    expect((await who.customer.call("GET", path)).status).toBe(403);
    const res = await who.staff.call("GET", path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="orders.csv"');
    const [header, row, end] = String(res.body).split("\r\n");
    expect(header).toBe(
      '"order_number","placed_at","status","email","currency","subtotal","savings","gift_cards","shipping","tax","tax_lines","total","refunded"',
    );
    expect(end).toBe("");
    expect(row).toBe(
      `"${order.orderNumber}","${order.createdAt.toISOString()}","processing","tina@example.com","CAD","85.90","0.00","0.00","7.95","14.05","GST 5% 4.69; QST 9.975% 9.36","107.90","0.00"`,
    );
    const cells = (row as string).split('","');
    const money = (i: number) => Math.round(Number(cells[i]) * 100);
    expect(money(5) - money(6) + money(7) + money(8) + money(9)).toBe(money(11));
  });

  it("the customer's data export holds each order's tax lines", async () => {
    const { order } = await bought(ONTARIO);
    const res = await new Visitor(shop, "tina").call("GET", "/api/account/export");
    expect(res.status).toBe(200);
    const exported = res.body.orders.find(
      (o: { orderNumber: string }) => o.orderNumber === order.orderNumber,
    );
    expect(exported).toMatchObject({
      taxCents: 1220,
      taxLines: [{ name: "HST", ratePercent: "13", amountCents: 1220, currency: "cad", included: false }],
      totalCents: 10605,
    });
  });
});
