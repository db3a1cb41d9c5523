/** The five article types of the knowledge hub, with the labels the hub shows. */
export const ARTICLE_TYPES = [
  "research",
  "protocol",
  "transformation",
  "expert-insight",
  "wellness-stack",
] as const;
export type ArticleType = (typeof ARTICLE_TYPES)[number];

export const articleTypeLabels: Record<ArticleType, string> = {
  research: "Research",
  protocol: "Protocol",
  transformation: "Transformation",
  "expert-insight": "Expert Insight",
  "wellness-stack": "Wellness Stack",
};

export function isArticleType(v: string | null | undefined): v is ArticleType {
  return !!v && (ARTICLE_TYPES as readonly string[]).includes(v);
}

export function articleTypeLabel(type: string): string {
  return isArticleType(type) ? articleTypeLabels[type] : type;
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
