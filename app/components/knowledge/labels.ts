/** Hub labels: the five article types (spec point 3) and products 1-4 as the hub names them. */
export const articleTypeLabels = {
  research: "Research",
  protocol: "Protocol",
  transformation: "Transformation",
  "expert-insight": "Expert Insight",
  "wellness-stack": "Wellness Stack",
} as const;

export type ArticleType = keyof typeof articleTypeLabels;
export const articleTypeList = Object.keys(articleTypeLabels) as ArticleType[];

export function isArticleType(v: string | null | undefined): v is ArticleType {
  return !!v && v in articleTypeLabels;
}

export function articleTypeLabel(type: string): string {
  return isArticleType(type) ? articleTypeLabels[type] : type;
}

/** Spec point 3: "Ids 1 to 4 map to Ginseng, Restore, Ashwagandha, Verdant in hub labels". */
export const hubProductLabels: Record<number, string> = {
  1: "Ginseng",
  2: "Restore",
  3: "Ashwagandha",
  4: "Verdant",
};

export const DEFAULT_READING_TIME = 5;

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}
