import esExperts from "../../content/i18n/es/experts.json" with { type: "json" };
import esProducts from "../../content/i18n/es/products.json" with { type: "json" };
import esStacks from "../../content/i18n/es/stacks.json" with { type: "json" };
import esStoryReference from "../../content/i18n/es/story-reference.json" with { type: "json" };
import frExperts from "../../content/i18n/fr/experts.json" with { type: "json" };
import frProducts from "../../content/i18n/fr/products.json" with { type: "json" };
import frStacks from "../../content/i18n/fr/stacks.json" with { type: "json" };
import frStoryReference from "../../content/i18n/fr/story-reference.json" with { type: "json" };
import type { Expert, Stack } from "../../core/contracts/content.ts";
import type { ProductLabelView } from "../../core/contracts/product-label.ts";
import type { Locale } from "../../core/i18n/locales.ts";
import { type StoryReference, storyReference } from "../../core/story.ts";
import type { Product } from "../catalogue.ts";

/**
 * The catalogue's own words in Spanish and French (docs/decisions/049-languages.md, "Content"): the files in
 * content/i18n/<locale>/ hold only the translatable fields of the English ones, by the item's slug (id for
 * experts). A page in another language reads the English item with its translation laid over it; what a
 * translation lacks stays English, and English is returned as it is. server/content/translations.test.ts
 * lists what is missing and refuses a translation of an item or field English does not have.
 */

/** Which string fields of each kind of content are words to translate: a path, `*` for any index or key. */
export const TRANSLATABLE = {
  products: [
    "tagline",
    "description",
    "benefits.*",
    "label.servingSize",
    "label.ingredients.*.name",
    "label.otherIngredients",
    "label.allergenStatement",
    "label.suggestedUse",
    "label.storage",
    "label.warnings",
    "label.faqs.*.question",
    "label.faqs.*.answer",
  ],
  stacks: ["description", "synergyExplanation"],
  experts: ["credentials", "bio"],
  "story-reference": [
    "*.description",
    "*.culture",
    "*.meaning",
    "*.explanation",
    "*.origin",
    "*.kidFriendlyName",
    "*.culturalOrigin",
    "*.funFact",
    "*.moralLesson",
    "*.traditionalUse",
    "*.modernScience",
  ],
  articles: [
    "title",
    "excerpt",
    "contentBlocks.*.text",
    "contentBlocks.*.alt",
    "contentBlocks.*.caption",
    "contentBlocks.*.insight",
    "contentBlocks.*.credentials",
  ],
} as const satisfies Record<string, readonly string[]>;

export type ContentKind = keyof typeof TRANSLATABLE;

/** Whether a field's path (indices and keys as they are) is one of the kind's translatable fields. */
export function isTranslatable(kind: ContentKind, path: readonly string[]): boolean {
  return TRANSLATABLE[kind].some((pattern) => {
    const parts = pattern.split(".");
    return parts.length === path.length && parts.every((p, i) => p === "*" || p === path[i]);
  });
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The English value with the translation's strings laid over it, only where English has a string at the
 * same path and the path is translatable; anything else in the translation is ignored (the test refuses it).
 */
export function overlay<T>(kind: ContentKind, english: T, translation: unknown, path: string[] = []): T {
  if (translation === undefined) return english;
  if (typeof english === "string")
    return (typeof translation === "string" && isTranslatable(kind, path) ? translation : english) as T;
  if (Array.isArray(english))
    return (
      Array.isArray(translation)
        ? english.map((e, i) => overlay(kind, e, translation[i], [...path, String(i)]))
        : english
    ) as T;
  if (!isRecord(english) || !isRecord(translation)) return english;
  const out: Record<string, unknown> = { ...english };
  for (const key of Object.keys(translation))
    if (key in english) out[key] = overlay(kind, english[key], translation[key], [...path, key]);
  return out as T;
}

type Translations = Record<string, unknown>;
const FILES: Record<Exclude<Locale, "en">, Record<"products" | "stacks" | "experts", Translations>> = {
  es: { products: esProducts, stacks: esStacks, experts: esExperts },
  fr: { products: frProducts, stacks: frStacks, experts: frExperts },
};

function translationOf(locale: Locale, kind: "products" | "stacks" | "experts", key: string): unknown {
  return locale === "en" ? undefined : FILES[locale][kind][key];
}

/** A product's tagline, description and benefits, those it has, in the language (its name is the brand's). */
export function productIn<P extends Pick<Product, "slug">>(locale: Locale, product: P): P {
  const t = translationOf(locale, "products", product.slug);
  if (!isRecord(t)) return product;
  const { label: _label, ...fields } = t;
  return overlay("products", product, fields);
}

/** A product's label (Supplement Facts names, directions, storage, warnings, questions) in the language. */
export function labelIn(locale: Locale, slug: string, label: ProductLabelView): ProductLabelView {
  const t = translationOf(locale, "products", slug);
  return isRecord(t) ? overlay("products", label, t.label, ["label"]) : label;
}

/** A stack's description and why it works in the language, and its products' taglines. */
export function stackIn(locale: Locale, stack: Stack): Stack {
  if (locale === "en") return stack;
  const translated = overlay("stacks", stack, translationOf(locale, "stacks", stack.slug));
  return { ...translated, productCombination: stack.productCombination.map((p) => productIn(locale, p)) };
}

/** An expert's credentials and bio in the language (the name is theirs). */
export function expertIn<E extends Pick<Expert, "id" | "credentials" | "bio">>(locale: Locale, expert: E): E {
  return overlay("experts", expert, translationOf(locale, "experts", String(expert.id)));
}

const STORY_REFERENCES: Record<Exclude<Locale, "en">, unknown> = {
  es: esStoryReference,
  fr: frStoryReference,
};

/** The story reference data (characters, cultural terms, plants) in the language. */
export function storyReferenceIn(locale: Locale): StoryReference {
  if (locale === "en") return storyReference;
  // Each table (characters, culturalTerms, plants) is an item of the file, its entries the paths below it.
  const t = STORY_REFERENCES[locale];
  const table = <K extends keyof StoryReference>(key: K) =>
    overlay("story-reference", storyReference[key], isRecord(t) ? t[key] : undefined);
  return { characters: table("characters"), culturalTerms: table("culturalTerms"), plants: table("plants") };
}
