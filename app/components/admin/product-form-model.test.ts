import { describe, expect, it } from "vitest";
import type { AdminProductView } from "../../../core/contracts/admin-products.ts";
import { formValues, readProductForm } from "./product-form-model.ts";

const product: AdminProductView = {
  id: 1,
  slug: "korean-ginseng",
  name: "Korean Ginseng",
  packageSize: "60 ml",
  priceCents: 3000,
  subscriptionDiscount: null,
  stockOnHand: 100,
  lowStockThreshold: 10,
  stock: "in",
  updatedAt: "2026-11-24T00:00:00.000Z",
};
const all = { price: true, stock: true };

describe("the product form", () => {
  it("sends only what changed, the price in cents and a blank discount as the shop default", () => {
    const values = { ...formValues(product), price: "$31.5", stock: "0" };
    expect(readProductForm(values, product, all)).toEqual({
      patch: { priceCents: 3150, stockOnHand: 0 },
      errors: {},
    });
    const discounted = { ...product, subscriptionDiscount: 20 };
    expect(readProductForm({ ...formValues(discounted), discount: "" }, discounted, all).patch).toEqual({
      subscriptionDiscount: null,
    });
  });

  it("says what is wrong beside each field", () => {
    const { errors, patch } = readProductForm(
      { price: "30.123", discount: "95", stock: "-1", threshold: "" },
      product,
      all,
    );
    expect(errors).toEqual({
      price: "Enter the price in dollars and cents, such as 30.00.",
      discount: "The discount can be at most 90%.",
      stock: "The stock on hand is a whole number, 0 or more.",
      threshold: "Enter the low-stock threshold.",
    });
    expect(patch).toEqual({});
    expect(readProductForm({ ...formValues(product), price: "0.00" }, product, all).errors.price).toBe(
      "The price must be more than $0.00.",
    );
  });

  it("leaves out the fields the role may not change", () => {
    const values = { price: "99.00", discount: "50", stock: "1", threshold: "1" };
    expect(readProductForm(values, product, { price: false, stock: true }).patch).toEqual({
      stockOnHand: 1,
      lowStockThreshold: 1,
    });
  });
});
