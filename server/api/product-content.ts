import { Hono } from "hono";
import { z } from "zod";
import { isStoryEligible } from "../../core/story.ts";
import { articlesForProduct } from "../content/articles.ts";
import { stacksForProduct } from "../content/stacks.ts";
import type { AppServices } from "../context.ts";
import { notFound } from "../http/api-error.ts";
import { parseWith } from "../http/validate.ts";

const productId = z
  .string()
  .regex(/^[1-9][0-9]{0,8}$/, "must be a positive whole number")
  .transform(Number);

/** The learning path a product page offers: research and protocol articles first, then the rest. */
const MODULE_ORDER = ["research", "protocol", "expert-insight", "transformation", "wellness-stack"];

/**
 * Content for one product (spec point 7): `GET /api/products/{id}/content` answers { articles, stacks }
 * (stories included among the articles; the product page picks what it shows), and
 * `/educational-modules` the same articles as a short ordered course.
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
      const [articles, stacks] = await Promise.all([
        articlesForProduct(db, p.id),
        stacksForProduct(db, services.catalogue, p.id),
      ]);
      return c.json({ articles, stacks });
    })
    .get("/:id/educational-modules", async (c) => {
      const p = await product(c.req.param("id"));
      const articles = (await articlesForProduct(db, p.id)).filter((a) => !isStoryEligible(a));
      const modules = articles
        .sort((a, b) => MODULE_ORDER.indexOf(a.articleType) - MODULE_ORDER.indexOf(b.articleType))
        .map((a, i) => ({
          id: a.id,
          order: i + 1,
          title: a.title,
          slug: a.slug,
          articleType: a.articleType,
          excerpt: a.excerpt,
          readingTime: a.readingTime,
          url: `/knowledge/${a.slug}`,
        }));
      return c.json({ productId: p.id, modules });
    });
}
