import { z } from "zod";
import { ARTICLE_TYPES } from "../../core/article-types.ts";
import { contentBlock, imagePath } from "../../core/contracts/content.ts";
import { productLabel } from "../../core/contracts/product-label.ts";
import { OUTCOME_IDS } from "../../core/outcomes.ts";

/** Shapes of the files under content/. The seed refuses a file that does not match. */

const slug = z.string().regex(/^[a-z0-9-]+$/);

export const productFile = z.array(
  z.object({
    id: z.number().int().positive(),
    slug,
    name: z.string().min(1),
    tagline: z.string().min(1),
    description: z.string().min(1),
    priceCents: z.number().int().positive(),
    subscriptionDiscount: z.number().int().min(0).max(90).nullable(),
    benefits: z.array(z.string().min(1)).min(3),
    category: z.enum(["cognitive", "sleep", "vitality", "stress"]),
    packageSize: z.string().min(1),
    imageUrl: imagePath,
    accent: z.string().regex(/^#[0-9A-Fa-f]{6}$/),
    label: productLabel,
  }),
);

export const stackFile = z.array(
  z.object({
    id: z.number().int().positive(),
    slug,
    name: z.string().min(1),
    description: z.string().min(1),
    expertEndorsed: z.boolean(),
    popularityScore: z.number().int().min(0).max(100),
    targetOutcomes: z.array(z.enum(OUTCOME_IDS)).min(1),
    synergyExplanation: z.string().min(1),
    productIds: z.array(z.number().int().positive()).min(2),
    bundlePriceCents: z.number().int().positive(),
    subscriptionDiscount: z.number().int().min(0).max(50),
  }),
);

export const expertFile = z.array(
  z.object({
    id: z.number().int().positive(),
    name: z.string().min(1),
    credentials: z.string().min(1),
    bio: z.string().min(1),
    authorityScore: z.number().int().min(0).max(100),
    verifiedExpert: z.boolean(),
    website: z.string().url().nullable().optional(),
    headshotUrl: imagePath,
    featured: z.boolean(),
  }),
);

export const articleFile = z.object({
  id: z.number().int().positive(),
  slug,
  title: z.string().min(1),
  excerpt: z.string().min(1),
  articleType: z.enum(ARTICLE_TYPES),
  tags: z.array(z.string().min(1)),
  featuredProducts: z.array(z.number().int().positive()),
  featuredImage: imagePath,
  publishDate: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  readingTime: z.number().int().positive(),
  wordCount: z.number().int().nonnegative(),
  category: z.string().min(1),
  expertAuthorId: z.number().int().positive().nullable(),
  contentBlocks: z.array(contentBlock).min(1),
});
export type ArticleFile = z.infer<typeof articleFile>;

export type ProductFile = z.infer<typeof productFile>[number];

/** The text a product is found by: name, tagline, description, benefits and category. */
export function productSearchTextOf(
  p: Pick<ProductFile, "name" | "tagline" | "description" | "benefits" | "category">,
): string {
  return [p.name, p.tagline, p.description, p.benefits.join("\n"), p.category].join("\n");
}

/** The text the search index reads: title, excerpt, tags and every text-bearing block. */
export function searchTextOf(a: ArticleFile): string {
  const parts = [a.title, a.excerpt, a.tags.join(" ")];
  for (const b of a.contentBlocks) {
    if (b.type === "text" || b.type === "quote") parts.push(b.text);
    else if (b.type === "expert-insight") parts.push(b.insight);
  }
  return parts.join("\n");
}

/** content/price-lists.json: each other currency's first prices, in minor units (docs/decisions/051). */
const amounts = z.record(z.string().regex(/^[1-9][0-9]{0,8}$/), z.number().int().nonnegative());
const priceList = z.strictObject({
  products: amounts,
  stacks: amounts,
  shipping: z.strictObject({
    flat: z.number().int().nonnegative(),
    freeOver: z.number().int().nonnegative(),
  }),
  /** The gift cards' three amounts offered and the bounds of an amount the buyer chooses. */
  giftCards: z.strictObject({
    amounts: z.tuple([z.number().int().positive(), z.number().int().positive(), z.number().int().positive()]),
    min: z.number().int().positive(),
    max: z.number().int().positive(),
  }),
});
export const priceListFile = z.strictObject({
  note: z.string(),
  CAD: priceList,
  EUR: priceList,
  GBP: priceList,
});
export type PriceListFile = z.infer<typeof priceListFile>;

/** The file's lists as stored entries (`price_list_entries`). */
export function priceEntriesOf(file: PriceListFile) {
  return (["CAD", "EUR", "GBP"] as const).flatMap((currency) => {
    const list = file[currency];
    return [
      ...Object.entries(list.products).map(([id, amountCents]) => ({
        item: `product:${id}`,
        currency,
        amountCents,
      })),
      ...Object.entries(list.stacks).map(([id, amountCents]) => ({
        item: `stack:${id}`,
        currency,
        amountCents,
      })),
      { item: "shipping:flat", currency, amountCents: list.shipping.flat },
      { item: "shipping:free_over", currency, amountCents: list.shipping.freeOver },
      ...list.giftCards.amounts.map((amountCents, i) => ({
        item: `gift_card:${i + 1}`,
        currency,
        amountCents,
      })),
      { item: "gift_card:min", currency, amountCents: list.giftCards.min },
      { item: "gift_card:max", currency, amountCents: list.giftCards.max },
    ];
  });
}
