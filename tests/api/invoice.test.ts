import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSeller, sellerDetails } from "../../server/content/seller.ts";
import { orders, orderTaxLines } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { loadInvoice } from "../../server/orders/invoice.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { createUser, headerIdentity, TEST_ADDRESS, Visitor } from "./checkout-visitor.ts";

const card = { cardNumber: "4242424242424242", expiry: "12/40", cvc: "123", name: "Ivy Invoice" };
const ONTARIO = { ...TEST_ADDRESS, city: "Toronto", region: "ON", postalCode: "M5V 2T6", country: "CA" };

// A paid order's invoice (server/orders/invoice.ts): the order's own figures, one row per stored tax line in
// the page's language, only for its customer or the shop's team, and none for an order never paid.
describe.each(testDatabases)("an order's invoice on %s", (kind) => {
  let shop: TestShop;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
    await createUser(shop, "ivy", "ivy@example.com");
    await createUser(shop, "otto", "otto@example.com");
  });
  afterAll(() => shop.close());

  /** Ivy's Korean Ginseng once and Total Restore as a subscription, to Ontario; paid unless `pay` is false. */
  async function ordered(pay = true) {
    const v = new Visitor(shop, "ivy");
    expect((await v.add(1, 1, false)).status).toBe(201);
    expect((await v.add(2, 1, true)).status).toBe(201);
    const res = await v.checkout({ email: "ivy@example.com", userId: "ivy", shippingAddress: ONTARIO });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sessionId = new URL(res.body.url).pathname.split("/").pop() as string;
    if (pay)
      expect(await payWithSandboxCard(shopDeps(shop.services), sessionId, card)).toMatchObject({
        kind: "paid",
      });
    const [order] = await db().select().from(orders).where(eq(orders.providerSessionId, sessionId));
    if (!order) throw new Error("no order for the session");
    return order;
  }

  it("prints the paid order's figures, HST 13% as its own row, for its customer", async () => {
    const order = await ordered();
    const invoice = await loadInvoice(db(), order.orderNumber, { userId: "ivy" }, "en");
    expect(invoice).not.toBeNull();
    if (!invoice) return;
    expect(invoice).toMatchObject({
      number: order.orderNumber,
      issuedAt: order.paidAt?.toISOString(),
      // Shipped to Canada: in Canadian dollars (decision 051).
      currency: "cad",
      seller: sellerDetails(),
      buyer: { email: "ivy@example.com", address: { city: "Toronto", region: "ON", country: "CA" } },
      totalCents: order.totalCents,
      refundedCents: 0,
    });
    expect(invoice.seller.legalName).toContain("(demo)");
    expect(invoice.rows.filter((r) => r.kind === "tax")).toEqual([
      { kind: "tax", text: "HST 13%", cents: order.taxCents },
    ]);
    expect(order.taxCents).toBeGreaterThan(0);
    // Every row above the total but an included tax sums to it, as on the order's page.
    const totalAt = invoice.rows.findIndex((r) => r.kind === "total");
    const above = invoice.rows.slice(0, totalAt).filter((r) => r.kind !== "taxIncluded");
    expect(above.reduce((sum, r) => sum + r.cents, 0)).toBe(order.totalCents);
    expect(invoice.rows[totalAt]).toMatchObject({ key: "orders.figures.total", cents: order.totalCents });
    expect(invoice.lines.reduce((sum, l) => sum + l.lineCents, 0)).toBe(
      invoice.rows.find((r) => r.kind === "subtotal")?.cents,
    );
    // In French the tax is worded as the French pages word it.
    const fr = await loadInvoice(db(), order.orderNumber.toLowerCase(), { userId: "ivy" }, "fr");
    expect(fr?.rows.find((r) => r.kind === "tax")?.text).toBe("TVH 13\u00a0%");
  });

  it("is nobody else's: another customer gets nothing, the shop's team gets the same invoice", async () => {
    const order = await ordered();
    expect(await loadInvoice(db(), order.orderNumber, { userId: "otto" }, "en")).toBeNull();
    const staff = await loadInvoice(db(), order.orderNumber, { staff: true }, "en");
    expect(staff).toEqual(await loadInvoice(db(), order.orderNumber, { userId: "ivy" }, "en"));
    expect(await loadInvoice(db(), "MANA-2222222Z", { staff: true }, "en")).toBeNull();
    expect(await loadInvoice(db(), "not-a-number", { staff: true }, "en")).toBeNull();
  });

  it("shows a tax the prices contain as its own row, not added: VAT 20% included", async () => {
    const order = await ordered();
    // The same order as if the prices contained a VAT of 20%: no added tax, the VAT in its line.
    const vat = Math.round(((order.totalCents - order.taxCents) * 20) / 120);
    await db()
      .update(orders)
      .set({ taxCents: 0, totalCents: order.totalCents - order.taxCents })
      .where(eq(orders.id, order.id));
    await db().delete(orderTaxLines).where(eq(orderTaxLines.orderId, order.id));
    await db().insert(orderTaxLines).values({
      orderId: order.id,
      position: 0,
      name: "VAT",
      ratePercent: "20",
      amountCents: vat,
      currency: "usd",
      included: true,
    });
    const invoice = await loadInvoice(db(), order.orderNumber, { userId: "ivy" }, "en");
    expect(invoice?.rows.filter((r) => r.kind.startsWith("tax"))).toEqual([
      { kind: "taxIncluded", text: "VAT 20% included", cents: vat },
    ]);
    const rows = invoice?.rows ?? [];
    const totalAt = rows.findIndex((r) => r.kind === "total");
    const added = rows.slice(0, totalAt).filter((r) => r.kind !== "taxIncluded");
    expect(added.reduce((sum, r) => sum + r.cents, 0)).toBe(order.totalCents - order.taxCents);
    expect(invoice?.totalCents).toBe(order.totalCents - order.taxCents);
    const es = await loadInvoice(db(), order.orderNumber, { userId: "ivy" }, "es");
    expect(es?.rows.find((r) => r.kind === "taxIncluded")?.text).toBe("IVA 20\u00a0% incluido");
  });

  it("has none for an order never paid", async () => {
    const order = await ordered(false);
    expect(order.status).toBe("pending");
    expect(await loadInvoice(db(), order.orderNumber, { userId: "ivy" }, "en")).toBeNull();
    expect(await loadInvoice(db(), order.orderNumber, { staff: true }, "en")).toBeNull();
  });
});

describe("content/seller.json", () => {
  it("is the demo's seller, with its tax registrations (the UK's VAT, and the EU's import one-stop shop for the EU market)", () => {
    const seller = sellerDetails();
    expect(seller.legalName).toMatch(/\(demo\)/);
    expect(seller.email).not.toMatch(/example\.(com|org|net)/);
    expect(seller.taxRegistrations.map((r) => r.scheme)).toEqual([
      "usSalesTax",
      "gstHst",
      "qst",
      "vat",
      "ioss",
    ]);
  });

  it("refuses a file that is wrong, naming each field", () => {
    expect(() =>
      parseSeller({ legalName: "", addressLines: [], country: "usa", email: "nobody", taxRegistrations: [] }),
    ).toThrow(
      /^content\/seller\.json is not valid: legalName: .*; addressLines: .*; country: .*; email: the seller's e-mail address/,
    );
    expect(() => parseSeller({ ...sellerDetails(), extra: 1 })).toThrow(/content\/seller\.json is not valid/);
  });
});
