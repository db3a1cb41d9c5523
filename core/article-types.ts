/** The five article types of the knowledge hub (their labels are messages: app/components/knowledge/article-type-label.ts). */
export const ARTICLE_TYPES = [
  "research",
  "protocol",
  "transformation",
  "expert-insight",
  "wellness-stack",
] as const;
export type ArticleType = (typeof ARTICLE_TYPES)[number];

export function isArticleType(v: string | null | undefined): v is ArticleType {
  return !!v && (ARTICLE_TYPES as readonly string[]).includes(v);
}

/** The hub names products 1 to 4 by their plant: Ginseng, Restore, Ashwagandha, Verdant. */
export const hubProductLabels: Record<number, string> = {
  1: "Ginseng",
  2: "Restore",
  3: "Ashwagandha",
  4: "Verdant",
};

/** Minutes shown when an article has no reading time. */
export const DEFAULT_READING_TIME = 5;
