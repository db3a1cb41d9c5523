import { Hono } from "hono";
import { z } from "zod";
import { LOCALES } from "../../core/i18n/locales.ts";
import { articlesForProduct, educationalModules } from "../content/articles.ts";
import { stacksForProduct } from "../content/stacks.ts";
import { stackIn } from "../content/translations.ts";
import type { AppServices } from "../context.ts";
import { notFound } from "../domain-errors.ts";
import { parseWith } from "../http/validate.ts";

const productId = z
  .string()
  .regex(/^[1-9][0-9]{0,8}$/, "must be a positive whole number")
  .transform(Number);

/** `?lang=es` answers in that language (the page's); English without it. */
const language = z.enum(LOCALES).default("en");

/**
 * Content for one product: `GET /api/products/{id}/content` answers { articles, stacks }
 * (stories included among the articles; the product page picks what it shows), and
 * `/educational-modules` the same articles as a short ordered course. `?lang=` picks the words' language.
 */
export function productContentApi(services: AppServices) {
  const db = services.database.db;
  async function product(raw: string) {
    const p = await services.catalogue.byId(parseWith(productId, raw, "product id"));
    if (!p) throw notFound("Product not found");
    return p;
  }
  return new Hono()
    .get("/:id/content", async (c) => {
      const p = await product(c.req.param("id"));
      const locale = parseWith(language, c.req.query("lang"), "lang");
      const [articles, stacks] = await Promise.all([
        articlesForProduct(db, p.id),
        stacksForProduct(db, services.catalogue, p.id),
      ]);
      return c.json({
        articles: articles.map((a) => services.articleWords.in(locale, a)),
        stacks: stacks.map((s) => stackIn(locale, s)),
      });
    })
    .get("/:id/educational-modules", async (c) => {
      const p = await product(c.req.param("id"));
      const modules = await educationalModules(db, p.id);
      return c.json({ productId: p.id, modules });
    });
}
