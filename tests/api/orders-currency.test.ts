import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvoiceDocument } from "../../app/components/orders/invoice.tsx";
import { requestTranslator } from "../../app/i18n/catalogue.server.ts";
import { ServerTranslatorContext, TranslatorProvider } from "../../app/i18n/i18n.tsx";
import { spentByCurrency, spentWords } from "../../core/contracts/admin-customers.ts";
import type { Locale } from "../../core/i18n/locales.ts";
import { giftCardEntries, giftCards, orders, outbox, subscriptions } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { loadInvoice } from "../../server/orders/invoice.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import {
  renewalReminderEmail,
  subscriptionChangedEmail,
} from "../../server/subscriptions/subscription-emails.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { type OrderRow, people } from "./admin-fixtures.ts";
import { createUser, headerIdentity, TEST_ADDRESS, Visitor } from "./checkout-visitor.ts";

const card = { cardNumber: "4242424242424242", expiry: "12/40", cvc: "123", name: "A Buyer" };

/** The invoice page's document as the server renders it, in `locale`. */
function invoiceMarkup(invoice: NonNullable<Awaited<ReturnType<typeof loadInvoice>>>, locale: Locale) {
  const page = createElement(InvoiceDocument, { invoice, backTo: "/account/orders" });
  const router = createMemoryRouter([{ path: "/invoice", element: page }], { initialEntries: ["/invoice"] });
  const translated = createElement(TranslatorProvider, null, createElement(RouterProvider, { router }));
  return renderToStaticMarkup(
    createElement(ServerTranslatorContext, { value: requestTranslator(locale, new Set()) }, translated),
  ).replaceAll("\u00a0", " ");
}

// Every view of an order shows its amounts in the order's own currency, a Canadian amount always marked
// CA$ (docs/decisions/051-markets-and-currencies.md). The order here is a US checkout whose stored currency
// is set to "cad" before it is paid, standing for an order the checkout placed in Canadian dollars.
describe.each(testDatabases)("an order's currency in every view on %s", (kind) => {
  let shop: TestShop;
  let who: Awaited<ReturnType<typeof people>>;
  let order: OrderRow;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
    who = await people(shop);
    await createUser(shop, "cora", "cora@example.com");
    // Korean Ginseng once and Total Restore as a subscription: 30.00 + 34.00 + 5.95 shipping = 69.95.
    const v = new Visitor(shop, "cora");
    expect((await v.add(1, 1, false)).status).toBe(201);
    expect((await v.add(2, 1, true)).status).toBe(201);
    const res = await v.checkout({
      email: "cora@example.com",
      userId: "cora",
      shippingAddress: TEST_ADDRESS,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sessionId = new URL(res.body.url).pathname.split("/").pop() as string;
    await db().update(orders).set({ currency: "cad" }).where(eq(orders.providerSessionId, sessionId));
    expect(await payWithSandboxCard(shopDeps(shop.services), sessionId, card)).toMatchObject({
      kind: "paid",
    });
    const [row] = await db().select().from(orders).where(eq(orders.providerSessionId, sessionId));
    order = row as OrderRow;
    expect(order).toMatchObject({ currency: "cad", totalCents: 6995, taxCents: 0 });
  });
  afterAll(() => shop.close());

  it("the orders API names the currency beside the amounts, the list and the one order alike", async () => {
    const one = await new Visitor(shop, "cora").call("GET", `/api/orders/${order.orderNumber}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ currency: "CAD", totalAmount: "69.95", total: 69.95 });
    expect(one.body.totals).toMatchObject({ currency: "CAD", totalCents: 6995, shippingCents: 595 });
    const list = await new Visitor(shop, "cora").call("GET", "/api/orders");
    expect(list.body.find((o: { orderNumber: string }) => o.orderNumber === order.orderNumber)).toMatchObject(
      {
        currency: "CAD",
        totals: { currency: "CAD" },
      },
    );
  });

  it("the confirmation e-mail writes every amount as CA$", async () => {
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `order-confirmation:${order.id}`));
    const text = mail?.text.replaceAll("\u00a0", " ") ?? "";
    expect(text).toContain("Subtotal: CA$64.00");
    expect(text).toContain("Shipping: CA$5.95");
    expect(text).toContain("Total: CA$69.95");
    expect(text).toContain("CA$30.00");
    expect(text).toContain("CA$34.00");
    // No amount of the order's lines and figures without its currency's sign: every "$" is a "CA$". (The
    // renewal terms below them are quoted as agreed at checkout: the checkout writes them.)
    const figures = text.slice(0, text.indexOf("Shipping to:"));
    expect(figures).toContain("Total: CA$69.95");
    expect(figures.match(/(?<!CA)\$\d/g)).toBeNull();
    expect(mail?.html).toContain("CA$69.95");
  });

  it("the invoice page writes every amount as CA$, in English and in French", async () => {
    const invoice = await loadInvoice(db(), order.orderNumber, { userId: "cora" }, "en");
    expect(invoice).toMatchObject({ currency: "cad", totalCents: 6995 });
    if (!invoice) return;
    const en = invoiceMarkup(invoice, "en");
    for (const amount of ["CA$30.00", "CA$34.00", "CA$64.00", "CA$5.95", "CA$69.95"])
      expect(en).toContain(amount);
    expect(en.match(/(?<!CA)\$\d/g)).toBeNull();
    expect(en).toContain("CAD");
    const fr = invoiceMarkup(
      (await loadInvoice(db(), order.orderNumber, { userId: "cora" }, "fr")) ?? invoice,
      "fr",
    );
    expect(fr).toContain("CA$69.95");
    expect(fr.match(/(?<!CA)\$\d/g)).toBeNull();
  });

  it("the owner's orders API gives the order's currency in the list and the detail", async () => {
    const detail = await who.admin.call("GET", `/api/admin/orders/${order.orderNumber}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ currency: "cad", totalCents: 6995, refundableCents: 6995 });
    const list = await who.admin.call("GET", `/api/admin/orders?q=${order.orderNumber}`);
    expect(list.body.orders).toEqual([
      expect.objectContaining({ orderNumber: order.orderNumber, currency: "cad", totalCents: 6995 }),
    ]);
  });

  it("a refund's e-mail and the order's page data carry the refund in CA$", async () => {
    const res = await who.admin.call("POST", `/api/admin/orders/${order.orderNumber}/refund`, {
      amountCents: 1000,
      reason: "A damaged box",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sent = await db().select().from(outbox).where(eq(outbox.to, "cora@example.com"));
    const refunded = sent.find((m) => m.dedupeKey?.startsWith("order-refunded:"));
    expect(refunded?.subject).toContain("CA$10.00");
    expect(refunded?.text).toContain("CA$10.00");
    expect(refunded?.text.match(/(?<!CA)\$\d/g)).toBeNull();
    const one = await new Visitor(shop, "cora").call("GET", `/api/orders/${order.orderNumber}`);
    expect(one.body.payment).toMatchObject({ state: "partially_refunded", refundedCents: 1000 });
    expect(one.body.timeline).toContainEqual(
      expect.objectContaining({ type: "refunded", amountCents: 1000 }),
    );
  });

  it("the subscription it started renews in its currency: the subscriptions API says so", async () => {
    // The subscription keeps the currency it was bought in (decision 051); set here as the order's.
    await db().update(subscriptions).set({ currency: "cad" }).where(eq(subscriptions.orderId, order.id));
    const res = await new Visitor(shop, "cora").call("GET", "/api/subscriptions");
    expect(res.body).toEqual([expect.objectContaining({ amount: "34.00", currency: "CAD" })]);
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.orderId, order.id));
    const owner = await who.admin.call("GET", `/api/admin/subscriptions/${sub?.id}`);
    expect(owner.body).toMatchObject({ currency: "cad", amountCents: 3400 });
    // Its e-mails write its amounts in it: a change's confirmation and the renewal reminder.
    if (!sub) throw new Error("no subscription");
    const links = {
      origin: "https://shop.example",
      manageSecret: "a-test-secret-of-enough-length-0123456789",
    };
    const changed = subscriptionChangedEmail(sub, { type: "quantity", eventId: "e1" }, links);
    expect(changed.text).toContain("CA$34.00");
    expect(changed.text.match(/(?<!CA)\$\d/g)).toBeNull();
    const reminder = renewalReminderEmail(sub, links);
    expect(reminder.text).toContain("CA$34.00");
    expect(reminder.text.match(/(?<!CA)\$\d/g)).toBeNull();
  });

  it("a gift card received in Canadian dollars is listed on the account in its currency", async () => {
    const [card] = await db()
      .insert(giftCards)
      .values({
        codeHash: `SECRETHASH${randomUUID()}`,
        last4: "C4AD",
        currency: "cad",
        initialCents: 5000,
        recipientEmail: "cora@example.com",
        status: "active",
        deliveredAt: new Date(),
      })
      .returning();
    if (!card) throw new Error("no gift card");
    await db().insert(giftCardEntries).values({ giftCardId: card.id, kind: "issued", amountCents: 5000 });
    const res = await new Visitor(shop, "cora").call("GET", "/api/account/balances");
    expect(res.body.giftCards.received).toEqual([
      expect.objectContaining({ last4: "C4AD", balanceCents: 5000, currency: "CAD" }),
    ]);
  });

  it("the owner's customer pages never sum two currencies: what the customer spent is in CA$ alone", async () => {
    // 69.95 paid, 10.00 refunded above: 59.95 Canadian dollars, nothing in US dollars.
    const one = await who.admin.call("GET", "/api/admin/customers/cora");
    expect(one.body).toMatchObject({
      spentCents: 0,
      spent: [{ currency: "CAD", cents: 5995 }],
      orders: [expect.objectContaining({ orderNumber: order.orderNumber, currency: "cad" })],
      subscriptions: [expect.objectContaining({ currency: "cad" })],
    });
    expect(spentWords(one.body.spent)).toBe("CA$59.95");
    const list = await who.admin.call("GET", "/api/admin/customers?q=cora");
    expect(list.body.customers).toEqual([
      expect.objectContaining({ spentCents: 0, spent: [{ currency: "CAD", cents: 5995 }] }),
    ]);
    expect(
      spentWords(
        spentByCurrency([
          { currency: "cad", cents: 4000 },
          { currency: "usd", cents: 3000 },
          { currency: "cad", cents: 1995 },
        ]),
      ),
    ).toBe("$30.00 · CA$59.95");
    expect(spentWords([])).toBe("$0.00");
  });
});
