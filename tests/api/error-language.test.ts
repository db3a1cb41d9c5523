import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../../server/db/schema.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { Visitor } from "./checkout-visitor.ts";

// The words of an API refusal are in the language of the page that asked (server/i18n/request-locale.ts,
// docs/decisions/049-languages.md): the shop's client names it in x-mana-locale, else the Referer's path says
// it; the code and the status never change with it.
describe.each(testDatabases)("refusals in the page's language on %s", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind);
  });
  afterAll(() => shop.close());

  const unknownCard = (headers: Record<string, string>) =>
    new Visitor(shop).call("POST", "/api/gift-cards/balance", { code: "2222-3333-4444-5555" }, headers);

  it("answers an unknown gift card in the language the page names", async () => {
    const en = await unknownCard({});
    expect(en.status).toBe(404);
    expect(en.body).toEqual({
      code: "gift_card_unknown",
      message: "We don't know this gift card code. Please check it and try again.",
    });
    const es = await unknownCard({ "x-mana-locale": "es" });
    expect(es.status).toBe(404);
    expect(es.body).toEqual({
      code: "gift_card_unknown",
      message: "No conocemos este código de tarjeta de regalo. Revísalo e inténtalo de nuevo.",
    });
    const fr = await unknownCard({ referer: "http://localhost/fr/gift-cards/balance" });
    expect(fr.body.message).toBe(
      "Nous ne connaissons pas ce code de carte cadeau. Vérifiez-le et réessayez.",
    );
  });

  it("answers English for a language the shop does not have, whatever the header says", async () => {
    for (const value of ["de", "ES-es", "../fr", ""]) {
      const res = await unknownCard({ "x-mana-locale": value, referer: "http://localhost/products" });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("We don't know this gift card code. Please check it and try again.");
    }
    // The header in capitals is the same language.
    expect((await unknownCard({ "x-mana-locale": "FR" })).body.message).toMatch(/^Nous ne connaissons pas/);
  });

  it("says how many are left in the shopper's language, with the same code and status", async () => {
    const db = shop.services.database.db;
    await db.update(products).set({ stockOnHand: 2 }).where(eq(products.id, 1));
    try {
      const v = new Visitor(shop);
      const en = await v.add(1, 3);
      expect(en.status).toBe(409);
      expect(en.body).toEqual({
        code: "out_of_stock",
        message: "Sorry, only 2 of Korean Ginseng are left in stock.",
      });
      const fr = await v.call(
        "POST",
        "/api/cart",
        { productId: 1, quantity: 3, isSubscription: false },
        { "x-mana-locale": "fr" },
      );
      expect(fr.status).toBe(409);
      expect(fr.body).toEqual({
        code: "out_of_stock",
        message: "Désolés, il ne reste que 2 Korean Ginseng en stock.",
      });
    } finally {
      await db.update(products).set({ stockOnHand: 100 }).where(eq(products.id, 1));
    }
  });
});
