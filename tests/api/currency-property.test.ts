import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currencyOfCountry } from "../../core/markets.ts";
import { orderLines, orders, orderTaxLines } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { pendingOrderOf } from "../support/stripe-shop.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { TEST_ADDRESS, Visitor } from "./checkout-visitor.ts";

/**
 * No sum of two currencies anywhere (docs/decisions/051-markets-and-currencies.md), through the API and the
 * database: for random carts (products, quantities, one-time or subscribed) shipped to random places of
 * the four markets, the cart priced in the market's currency, the order placed there, paid on the sandbox,
 * and every amount stored with it are in one currency, the market's, and add up to the order's total.
 */

const card = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123", name: "Test Person" };

/** A place in each market, and in the US one that taxes (the home state) and one that does not. */
const PLACES = [
  { country: "US", region: "IL", city: "Springfield", postalCode: "62701" },
  { country: "US", region: "WA", city: "Seattle", postalCode: "98101" },
  { country: "CA", region: "ON", city: "Toronto", postalCode: "M5V 2T6" },
  { country: "CA", region: "QC", city: "Montréal", postalCode: "H2X 1Y4" },
  { country: "CA", region: "BC", city: "Vancouver", postalCode: "V6B 1A1" },
  { country: "GB", region: "", city: "London", postalCode: "SW1A 1AA" },
  { country: "FR", region: "", city: "Paris", postalCode: "75001" },
  { country: "DE", region: "", city: "Berlin", postalCode: "10115" },
  { country: "IE", region: "", city: "Dublin", postalCode: "D02 X285" },
] as const;

const line = fc.record({
  productId: fc.integer({ min: 1, max: 4 }),
  quantity: fc.integer({ min: 1, max: 3 }),
  isSubscription: fc.boolean(),
});

describe.each(testDatabases)("no mixed-currency sum, over random carts and markets, on %s", (kind) => {
  let shop: TestShop;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    shop = await createTestShop(kind);
  });
  afterAll(() => shop.close());

  it("the cart's totals, the order, its lines, its taxes and its payment are all in the market's currency and sum", async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 3 }),
        fc.constantFrom(...PLACES),
        async (lines, place) => {
          n += 1;
          const currency = currencyOfCountry(place.country);
          const v = new Visitor(shop);
          for (const l of lines)
            expect((await v.add(l.productId, l.quantity, l.isSubscription)).status).toBe(201);

          // What the pages show: the cart priced in that currency's list.
          const shown = await v.call("GET", `/api/cart/totals?currency=${currency}`);
          expect(shown.status).toBe(200);
          expect(shown.body.currency).toBe(currency);
          expect(shown.body.totals.currency).toBe(currency);

          const res = await v.checkout({
            email: `prop-${kind}-${n}@example.com`,
            shippingAddress: { ...TEST_ADDRESS, ...place },
            currency,
          });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          const { order, sessionId } = await pendingOrderOf(shop, res.body.url);
          const lower = currency.toLowerCase();
          expect(order.currency).toBe(lower);
          // The goods and the shipping are the page's, from the same list.
          expect(order.subtotalCents).toBe(shown.body.totals.subtotalCents);
          expect(order.shippingCents).toBe(shown.body.totals.shippingCents);

          const stored = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id));
          const taxes = await db().select().from(orderTaxLines).where(eq(orderTaxLines.orderId, order.id));
          expect(taxes.every((t) => t.currency === lower)).toBe(true);
          // Each line's total is its units at the list's price, less its own savings; the subtotal is theirs.
          const goods = stored.reduce((sum, l) => sum + l.lineTotalCents, 0);
          expect(goods).toBeGreaterThan(0);
          expect(order.subtotalCents).toBe(goods);
          const added = taxes.filter((t) => !t.included).reduce((sum, t) => sum + t.amountCents, 0);
          expect(order.taxCents).toBe(added);
          expect(order.totalCents).toBe(
            order.subtotalCents -
              order.discountCents -
              order.codeDiscountCents +
              order.giftCardCents +
              order.shippingCents +
              order.taxCents,
          );
          // A VAT the prices include adds nothing (UK and EU); a sales tax, GST or HST is added (US, Canada).
          if (
            place.country === "GB" ||
            place.country === "FR" ||
            place.country === "DE" ||
            place.country === "IE"
          )
            expect(taxes.length > 0 && taxes.every((t) => t.included)).toBe(true);

          // The sandbox charges that total in that currency.
          expect(await payWithSandboxCard(shopDeps(shop.services), sessionId, card)).toMatchObject({
            kind: "paid",
          });
          const [paid] = await db().select().from(orders).where(eq(orders.id, order.id));
          expect(paid).toMatchObject({ status: "processing", currency: lower, totalCents: order.totalCents });
        },
      ),
      { numRuns: 12, seed: 20261127 },
    );
  }, 180_000);
});
