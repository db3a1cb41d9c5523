import { describe, expect, it } from "vitest";
import type { CartItemView } from "../../core/contracts/cart.ts";
import type { Product } from "../catalogue.ts";
import { checkoutSessionParams } from "../payments/stripe-provider.ts";
import { priceOrder, shippingRateCents } from "./price-order.ts";

const product = (id: number, priceCents: number, subscriptionDiscount: number | null = null): Product => ({
  id,
  slug: `p${id}`,
  name: `Product ${id}`,
  tagline: "",
  description: "",
  price: (priceCents / 100).toFixed(2),
  priceCents,
  subscriptionDiscount,
  benefits: [],
  category: "x",
  packageSize: "60ml",
  imageUrl: `/p${id}.svg`,
  accent: "#000",
  inStock: true,
});
const catalogue = [
  product(1, 3000),
  product(2, 4000),
  product(3, 3000),
  product(4, 3000),
  product(5, 3333, 10),
];
const bundle = {
  id: "complete",
  name: "Complete",
  productIds: [1, 2, 3, 4],
  bundlePriceCents: 10000,
  subscriptionDiscount: 20,
};

function item(
  productId: number,
  quantity: number,
  isSubscription = false,
  withBundle = false,
  price = "0.01",
): CartItemView {
  return {
    id: `${productId}-${quantity}-${isSubscription}-${withBundle}`,
    productId,
    quantity,
    isSubscription,
    bundleId: withBundle ? bundle.id : null,
    // The price on the cart line is what the browser saw: the order never uses it.
    product: { name: "tampered", slug: "", imageUrl: "", price, subscriptionDiscount: 99 },
    bundle: withBundle ? bundle : null,
  };
}

describe("pricing an order on the server, in cents", () => {
  it("takes unit prices and names from the catalogue, never from the cart line", () => {
    const { lines, totals } = priceOrder([item(1, 2)], catalogue, 595);
    expect(lines).toMatchObject([{ productName: "Product 1", unitPriceCents: 3000, lineTotalCents: 6000 }]);
    expect(totals).toMatchObject({ subtotalCents: 6000, shippingCents: 595, totalCents: 6595 });
  });

  it("charges the flat rate at $75.00 exactly and ships free from $75.01", () => {
    const withExtra = [...catalogue, product(6, 1500), product(7, 1501)];
    expect(priceOrder([item(1, 2), item(6, 1)], withExtra, 595).totals).toMatchObject({
      subtotalCents: 7500,
      shippingCents: 595,
      totalCents: 8095,
    });
    expect(priceOrder([item(1, 2), item(7, 1)], withExtra, 595).totals).toMatchObject({
      subtotalCents: 7501,
      shippingCents: 0,
      totalCents: 7501,
    });
  });

  it("counts subscription discounts before the free-shipping threshold", () => {
    // $40 + $30 x 0.85 = $65.50: under $75, so the flat rate applies.
    expect(priceOrder([item(2, 1), item(4, 1, true)], catalogue, 595).totals).toMatchObject({
      subtotalCents: 6550,
      shippingCents: 595,
      totalCents: 7145,
    });
  });

  it("subscription lines: price x (1 - discount) x quantity, rounded once per line", () => {
    const { lines } = priceOrder([item(5, 3, true), item(2, 2, true)], catalogue, 595);
    expect(lines.map((l) => [l.discountPercent, l.lineTotalCents])).toEqual([
      [10, 8999], // 3333 x 0.9 x 3 = 8999.1
      [15, 6800],
    ]);
  });

  it("a complete bundle costs its bundle price and ships free", () => {
    const { totals } = priceOrder(
      [1, 2, 3, 4].map((id) => item(id, 1, false, true)),
      catalogue,
      595,
    );
    expect(totals).toMatchObject({
      subtotalCents: 13000,
      discountCents: 3000,
      shippingCents: 0,
      totalCents: 10000,
    });
  });

  it("the shipping rate from config becomes cents", () => {
    expect(shippingRateCents(5.95)).toBe(595);
    expect(shippingRateCents(0.1 + 0.2)).toBe(30);
  });
});

describe("the Stripe Checkout Session for an order", () => {
  const input = {
    orderId: "00000000-0000-4000-8000-000000000001",
    orderNumber: "MANA-2345ABCD",
    email: "a@b.co",
    shippingAddress: {
      fullName: "Sam Shopper",
      line1: "1 Main St",
      line2: null,
      city: "Springfield",
      region: "IL",
      postalCode: "62701",
      country: "US",
      phone: null,
    },
    shipTo: ["US", "CA"],
    currency: "usd",
    lines: [
      { productName: "Korean Ginseng", quantity: 2, isSubscription: false, lineTotalCents: 6000 },
      { productName: "Total Restore", quantity: 1, isSubscription: true, lineTotalCents: 3400 },
    ],
    discountCents: 0,
    shippingCents: 595,
    taxLines: [],
    totalCents: 9995,
    successUrl: "https://shop.test/success?session_id={CHECKOUT_SESSION_ID}",
    cancelUrl: "https://shop.test/checkout",
    origin: "https://shop.test",
  };

  it("adds up to the order's total in one payment that saves the card when a line is a subscription", () => {
    const params = checkoutSessionParams(input, null);
    expect(params.mode).toBe("payment");
    expect(params.payment_intent_data).toMatchObject({ setup_future_usage: "off_session" });
    expect(params.line_items.reduce((s, l) => s + l.price_data.unit_amount * l.quantity, 0)).toBe(
      input.totalCents,
    );
    // Stripe Billing renews each subscription later (started after the payment): no recurring price here.
    expect(params.line_items.map((l) => "recurring" in l.price_data)).toEqual([false, false, false]);
    expect(params.metadata).toEqual({ orderId: input.orderId, orderNumber: input.orderNumber });
  });

  it("charges each tax the shop added as a line of its own, so Stripe's total is the order's", () => {
    const taxed = { ...input, taxLines: [{ label: "Sales tax 6.5%", cents: 650 }], totalCents: 10645 };
    const params = checkoutSessionParams(taxed, null);
    expect(params.line_items.at(-1)?.price_data).toMatchObject({
      unit_amount: 650,
      product_data: { name: "Sales tax 6.5%" },
    });
    expect(params.line_items.reduce((s, l) => s + l.price_data.unit_amount * l.quantity, 0)).toBe(
      taxed.totalCents,
    );
  });

  it("uses payment mode for one-time orders and applies a coupon for bundle savings", () => {
    const params = checkoutSessionParams(
      { ...input, lines: [input.lines[0] as (typeof input.lines)[0]], shippingCents: 0, discountCents: 500 },
      "coupon_1",
    );
    expect(params.mode).toBe("payment");
    expect(params).toMatchObject({ discounts: [{ coupon: "coupon_1" }] });
  });

  it("passes the order's customer and, on a one-time payment, its shipping address", () => {
    const params = checkoutSessionParams(
      { ...input, lines: [input.lines[0] as (typeof input.lines)[0]] },
      null,
      "cus_1",
    );
    expect(params).toMatchObject({
      customer: "cus_1",
      payment_intent_data: {
        shipping: {
          name: "Sam Shopper",
          address: {
            line1: "1 Main St",
            city: "Springfield",
            state: "IL",
            postal_code: "62701",
            country: "US",
          },
        },
      },
    });
    expect(params).not.toHaveProperty("customer_email");
  });

  it("has Stripe's page collect the address, in the countries shipped to, for an order without one", () => {
    const params = checkoutSessionParams({ ...input, shippingAddress: null }, null, "cus_1");
    expect(params).toMatchObject({ shipping_address_collection: { allowed_countries: ["US", "CA"] } });
    expect(params.payment_intent_data).not.toHaveProperty("shipping");
    expect(checkoutSessionParams(input, null, "cus_1")).not.toHaveProperty("shipping_address_collection");
  });
});
