/**
 * What the content API and the knowledge pages exchange: articles (with their content blocks), experts
 * and stacks. Dates are ISO strings; stack prices carry both decimal dollars and integer cents.
 */
import { z } from "zod";

/** A picture in content/: a site path, or `@assets/…` for the attached assets folder. */
export const imagePath = z.string().regex(/^(\/|@assets\/)/);

export const contentBlock = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("text"),
    text: z.string().min(1),
    storyRole: z
      .enum(["section-header", "character-dialogue", "plant-wisdom", "cultural-context", "moral-lesson"])
      .optional(),
    metadata: z
      .object({
        characterName: z.string().optional(),
        plantReference: z.string().optional(),
        culturalTerm: z.string().optional(),
      })
      .optional(),
  }),
  z.object({
    type: z.literal("image"),
    src: imagePath,
    alt: z.string().min(1),
    caption: z.string().optional(),
  }),
  z.object({ type: z.literal("quote"), text: z.string().min(1), author: z.string().min(1) }),
  z.object({ type: z.literal("product-card"), productId: z.number().int().positive() }),
  z.object({
    type: z.literal("research-citation"),
    study: z.string().min(1),
    link: z.string().url().optional(),
  }),
  z.object({
    type: z.literal("expert-insight"),
    insight: z.string().min(1),
    expertName: z.string().min(1),
    credentials: z.string().min(1),
  }),
]);
export type ContentBlock = z.infer<typeof contentBlock>;

/** An article as the API and pages see it. Dates are ISO strings. */
export interface Article {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  articleType: string;
  tags: string[];
  featuredProducts: number[];
  featuredImage: string;
  publishDate: string;
  updatedAt: string;
  readingTime: number;
  wordCount: number;
  category: string;
  expertAuthorId: number | null;
  contentBlocks: ContentBlock[];
}

/** What a grid card or a recommendation needs of an article. */
export type ArticleSummary = Pick<
  Article,
  | "id"
  | "slug"
  | "title"
  | "excerpt"
  | "articleType"
  | "tags"
  | "featuredProducts"
  | "featuredImage"
  | "publishDate"
  | "readingTime"
>;

export function toSummary<T extends ArticleSummary>(a: T): ArticleSummary {
  return {
    id: a.id,
    slug: a.slug,
    title: a.title,
    excerpt: a.excerpt,
    articleType: a.articleType,
    tags: a.tags,
    featuredProducts: a.featuredProducts,
    featuredImage: a.featuredImage,
    publishDate: a.publishDate,
    readingTime: a.readingTime,
  };
}

/** An expert (the hub's authors and reviewers). */
export interface Expert {
  id: number;
  name: string;
  credentials: string;
  bio: string;
  authorityScore: number;
  verifiedExpert: boolean;
  website: string | null;
  headshotUrl: string;
  featured: boolean;
}

/** A stack product: id, name, tagline, price (decimal dollars for 30 days). */
export interface StackProduct {
  id: number;
  slug: string;
  name: string;
  tagline: string;
  price: string;
  priceCents: number;
  imageUrl: string;
}

/** A stack with its productCombination resolved to products and its pricing worked out in cents. */
export interface Stack {
  id: number;
  slug: string;
  name: string;
  description: string;
  expertEndorsed: boolean;
  popularityScore: number;
  targetOutcomes: string[];
  synergyExplanation: string;
  productCombination: StackProduct[];
  pricingStrategy: {
    bundlePrice: string;
    savings: string;
    subscriptionDiscount: number;
    individualPrice: string;
    bundlePriceCents: number;
    savingsCents: number;
    individualPriceCents: number;
    discountPercent: number;
  };
  updatedAt: string;
}

/** What GET /api/products/{id}/content answers: the articles (stories included) and stacks of a product. */
export interface ProductContent {
  articles: Article[];
  stacks: Stack[];
}
