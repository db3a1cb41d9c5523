import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { ShopProduct } from "../../../core/contracts/account.ts";
import type { SubscriptionView } from "../../../core/contracts/subscriptions.ts";
import type { Currency } from "../../../core/markets.ts";
import { requestTranslator } from "../../i18n/catalogue.server.ts";
import { ServerTranslatorContext, TranslatorProvider } from "../../i18n/i18n.tsx";
import type { ShopPrices } from "../../lib/currency.ts";
import { SwapField } from "./modify-fields.tsx";

const products: ShopProduct[] = [
  { id: 1, slug: "korean-ginseng", name: "Korean Ginseng", priceCents: 3000, subscriptionDiscount: 15 },
  { id: 3, slug: "ashwagandha", name: "Ashwagandha", priceCents: 3000, subscriptionDiscount: 15 },
];

const sub = (currency: Currency) =>
  ({ id: "s1", productId: 1, quantity: 1, intervalMonths: 1, bundleId: "", currency }) as SubscriptionView;

/** The swap choices as the server renders them, with the page's price list in `browsing`. */
function render(subscription: SubscriptionView, browsing: ShopPrices): string {
  const field = createElement(SwapField, {
    sub: subscription,
    products,
    productId: null,
    onChange: () => {},
  });
  const router = createMemoryRouter([{ id: "root", path: "/", element: field }], {
    initialEntries: ["/"],
    hydrationData: { loaderData: { root: { prices: browsing } } },
  });
  const translated = createElement(TranslatorProvider, null, createElement(RouterProvider, { router }));
  return renderToStaticMarkup(
    createElement(ServerTranslatorContext, { value: requestTranslator("en", new Set()) }, translated),
  );
}

const USD: ShopPrices = { currency: "USD", items: {}, stackIds: {} };
const CAD: ShopPrices = { currency: "CAD", items: { "product:1": 4000, "product:3": 4200 }, stackIds: {} };

// A swap is priced in the subscription's currency (decision 051): its choices never show another's price.
describe("the subscription's swap choices", () => {
  it("a US dollar subscription shows each product's subscription price in dollars", () => {
    expect(render(sub("USD"), USD)).toContain("$25.50");
  });

  it("a Canadian one shows CA$ prices from the page's list when it is in Canadian dollars", () => {
    const html = render(sub("CAD"), CAD);
    expect(html).toContain("CA$35.70");
    expect(html).not.toMatch(/(?<!CA)\$\d/);
  });

  it("a Canadian one shows no price while the page is in US dollars: never a US dollar price for it", () => {
    const html = render(sub("CAD"), USD);
    expect(html).toContain("Ashwagandha");
    expect(html).not.toMatch(/\$\d/);
  });
});
