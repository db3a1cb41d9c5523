import { type ArticleType, isArticleType } from "../../../core/article-types.ts";
import { useT } from "../../i18n/i18n.tsx";

/** Each article type's label, as a message key (docs/decisions/049-languages.md). */
const TYPE_LABELS: Record<ArticleType, string> = {
  research: "knowledge.type.research",
  protocol: "knowledge.type.protocol",
  transformation: "knowledge.type.transformation",
  "expert-insight": "knowledge.type.expertInsight",
  "wellness-stack": "knowledge.type.wellnessStack",
};

/** An article type's label in the page's language; an unknown type shows as it is. */
export function useArticleTypeLabel(): (type: string) => string {
  const t = useT();
  return (type) => (isArticleType(type) ? t(TYPE_LABELS[type]) : type);
}
