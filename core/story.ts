/**
 * Children's bedtime stories: which article is a story, how it splits into chapters, the child's name, and
 * the reference data with its fallbacks. Pure functions shared by the server and the story reader.
 */
import defaultReference from "../content/story-reference.json" with { type: "json" };

export const STORY_MIN_ID = 101;
export const STORY_DEFAULT_READING_TIME = 10;
export const STORY_AGE_RANGE = "5-10 years";
export const STORY_CULTURAL_ORIGIN = "Ancient Wisdom";
export const STORY_FALLBACK_CHAPTER_TITLE = "Story";
export const STORY_FALLBACK_TEXT = "Once upon a time...";
/** What `{childName}` reads as before a name is given (or when the visitor skips). */
export const CHILD_NAME_FALLBACK = "little one";

const STORY_TAG_WORDS = ["children", "kids", "bedtime", "for children"];

/** A story is an article with id >= 101 and a tag containing children, kids, bedtime or 'for children'. */
export function isStoryEligible(article: { id: number; tags: readonly string[] }): boolean {
  if (!Number.isInteger(article.id) || article.id < STORY_MIN_ID) return false;
  return article.tags.some((tag) => {
    const t = tag.toLowerCase();
    return STORY_TAG_WORDS.some((w) => t.includes(w));
  });
}

/** '@assets/x.svg' is served from '/attached_assets/x.svg'; other sources are left alone. */
export function mapAssetSrc(src: string): string {
  return src.startsWith("@assets/") ? `/attached_assets/${src.slice("@assets/".length)}` : src;
}

/** Replaces every `{childName}` with the trimmed name, or the gentle fallback when there is none. */
export function personalize(text: string, childName: string | null | undefined): string {
  const name = childName?.trim() || CHILD_NAME_FALLBACK;
  return text.replaceAll("{childName}", name);
}

/** A child's name is accepted only when non-empty after trimming; no length limit. */
export function acceptChildName(input: string): string | null {
  const name = input.trim();
  return name.length > 0 ? name : null;
}

/** First line has no sentence-ending punctuation and starts with a capital letter: a chapter title. */
export function isChapterTitle(text: string): boolean {
  const firstLine = (text.split("\n")[0] ?? "").trim();
  if (firstLine.length === 0) return false;
  return /^\p{Lu}/u.test(firstLine) && !/[.!?…]/u.test(firstLine);
}

export type StoryRole =
  | "section-header"
  | "character-dialogue"
  | "plant-wisdom"
  | "cultural-context"
  | "moral-lesson";

export type StoryBlock =
  | { type: "paragraph"; text: string }
  | { type: "section-header"; text: string }
  | { type: "character-dialogue"; text: string; characterName?: string }
  | { type: "plant-wisdom"; text: string; plantReference?: string }
  | { type: "cultural-context"; text: string; culturalTerm?: string }
  | { type: "moral-lesson"; text: string }
  | { type: "image"; src: string; alt: string; caption?: string };

export interface StoryChapter {
  id: number;
  title: string;
  blocks: StoryBlock[];
}

/** The article fields a story is built from; content blocks are the shapes of content-schemas.ts. */
export interface StorySource {
  id: number;
  slug: string;
  title: string;
  excerpt?: string | null;
  readingTime?: number | null;
  featuredImage?: string | null;
  tags: string[];
  contentBlocks: unknown[];
}

export interface Story {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  readingTime: number;
  ageRange: string;
  culturalOrigin: string;
  featuredImage: string;
  chapters: StoryChapter[];
  tags: string[];
}

interface RawBlock {
  type?: unknown;
  text?: unknown;
  storyRole?: unknown;
  metadata?: { characterName?: unknown; plantReference?: unknown; culturalTerm?: unknown };
  src?: unknown;
  alt?: unknown;
  caption?: unknown;
  insight?: unknown;
}

const str = (v: unknown): string | undefined => (typeof v === "string" && v.length > 0 ? v : undefined);

function toStoryBlock(raw: RawBlock, text: string): StoryBlock {
  const meta = raw.metadata ?? {};
  switch (raw.storyRole) {
    case "section-header":
      return { type: "section-header", text };
    case "character-dialogue":
      return { type: "character-dialogue", text, characterName: str(meta.characterName) };
    case "plant-wisdom":
      return { type: "plant-wisdom", text, plantReference: str(meta.plantReference) };
    case "cultural-context":
      return { type: "cultural-context", text, culturalTerm: str(meta.culturalTerm) };
    case "moral-lesson":
      return { type: "moral-lesson", text };
    default:
      return { type: "paragraph", text };
  }
}

/**
 * Splits a story's content blocks into chapters. A text block whose first line is a title
 * starts a chapter; the rest of that block, if any, is its first paragraph. Blocks before the first
 * title belong to the first chapter (never dropped). Image sources are mapped from '@assets/'. With no
 * title at all, one fallback chapter 'Story' is made from the excerpt, or 'Once upon a time...'.
 */
export function splitChapters(contentBlocks: unknown[], excerpt?: string | null): StoryChapter[] {
  const chapters: StoryChapter[] = [];
  let leading: StoryBlock[] = [];
  for (const item of contentBlocks) {
    if (!item || typeof item !== "object") continue;
    const raw = item as RawBlock;
    if (raw.type === "image") {
      const src = str(raw.src);
      if (!src) continue;
      const block: StoryBlock = {
        type: "image",
        src: mapAssetSrc(src),
        alt: str(raw.alt) ?? "",
        caption: str(raw.caption),
      };
      (chapters.at(-1)?.blocks ?? leading).push(block);
      continue;
    }
    const text = raw.type === "text" || raw.type === "quote" ? str(raw.text) : str(raw.insight);
    if (!text) continue;
    if (raw.type === "text" && isChapterTitle(text)) {
      const [first = "", ...rest] = text.split("\n");
      const blocks: StoryBlock[] = chapters.length === 0 ? leading : [];
      leading = [];
      const remainder = rest.join("\n").trim();
      if (remainder) blocks.push({ type: "paragraph", text: remainder });
      chapters.push({ id: chapters.length + 1, title: first.trim(), blocks });
      continue;
    }
    (chapters.at(-1)?.blocks ?? leading).push(toStoryBlock(raw, text));
  }
  if (chapters.length === 0) {
    const text = excerpt?.trim() || STORY_FALLBACK_TEXT;
    return [{ id: 1, title: STORY_FALLBACK_CHAPTER_TITLE, blocks: [{ type: "paragraph", text }] }];
  }
  return chapters;
}

/** Builds the story the reader shows from an article. */
export function buildStory(article: StorySource): Story {
  return {
    id: article.id,
    title: article.title,
    slug: article.slug,
    excerpt: article.excerpt ?? "",
    readingTime:
      article.readingTime && article.readingTime > 0 ? article.readingTime : STORY_DEFAULT_READING_TIME,
    ageRange: STORY_AGE_RANGE,
    culturalOrigin: STORY_CULTURAL_ORIGIN,
    featuredImage: mapAssetSrc(article.featuredImage ?? ""),
    chapters: splitChapters(article.contentBlocks, article.excerpt),
    tags: article.tags,
  };
}

/** Moves within the chapters by one (or to a dot), clamped to the first and last chapter. */
export function clampChapter(index: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(Math.max(0, Math.trunc(index)), total - 1);
}

// ---------------------------------------------------------------------------------------------------
// Built-in reference data, with the fallbacks shown for an unknown character or term.

export interface CharacterInfo {
  name: string;
  description: string;
  culture?: string;
  pronunciation?: string;
}
export interface CulturalTermInfo {
  term: string;
  meaning: string;
  explanation?: string;
  origin?: string;
  pronunciation?: string;
}
export interface PlantInfo {
  key: string;
  kidFriendlyName: string;
  emoji: string;
  culturalOrigin: string;
  traditionalUse: string;
  modernScience: string;
  moralLesson: string;
  color: string;
  funFact: string;
}
export interface StoryReference {
  characters: Record<string, Omit<CharacterInfo, "name">>;
  culturalTerms: Record<string, Omit<CulturalTermInfo, "term">>;
  plants: Record<string, Omit<PlantInfo, "key">>;
}

export const storyReference: StoryReference = defaultReference;

export const UNKNOWN_CHARACTER_DESCRIPTION = "A wise character in our story";
export const UNKNOWN_TERM_MEANING = "Ancient wisdom";

const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

function findKey<T>(table: Record<string, T>, name: string): string | undefined {
  if (name in table) return name;
  const wanted = norm(name);
  return Object.keys(table).find((k) => norm(k) === wanted);
}

export function lookupCharacter(name: string, ref: StoryReference = storyReference): CharacterInfo {
  const key = findKey(ref.characters, name);
  const found = key ? ref.characters[key] : undefined;
  return found ? { name, ...found } : { name, description: UNKNOWN_CHARACTER_DESCRIPTION };
}

export function lookupCulturalTerm(term: string, ref: StoryReference = storyReference): CulturalTermInfo {
  const key = findKey(ref.culturalTerms, term);
  const found = key ? ref.culturalTerms[key] : undefined;
  return found ? { term, ...found } : { term, meaning: UNKNOWN_TERM_MEANING };
}

/** Plants are keyed 'ashwagandha' and 'koreanGinseng'; 'Korean ginseng' or 'korean-ginseng' find it too. */
export function lookupPlant(reference: string, ref: StoryReference = storyReference): PlantInfo | null {
  const key = findKey(ref.plants, reference);
  const found = key ? ref.plants[key] : undefined;
  return key && found ? { key, ...found } : null;
}

/**
 * The part of the reference data a story's blocks name (their characters, terms and plants), so a page
 * carries only what its info boxes show; a name with no entry keeps its fallback.
 */
export function storyReferenceFor(story: Pick<Story, "chapters">, ref: StoryReference = storyReference) {
  const used: StoryReference = { characters: {}, culturalTerms: {}, plants: {} };
  const take = <T>(table: Record<string, T>, into: Record<string, T>, name: string | undefined) => {
    const key = name === undefined ? undefined : findKey(table, name);
    const entry = key === undefined ? undefined : table[key];
    if (key !== undefined && entry !== undefined) into[key] = entry;
  };
  for (const block of story.chapters.flatMap((c) => c.blocks)) {
    if (block.type === "character-dialogue") take(ref.characters, used.characters, block.characterName);
    if (block.type === "cultural-context") take(ref.culturalTerms, used.culturalTerms, block.culturalTerm);
    if (block.type === "plant-wisdom") take(ref.plants, used.plants, block.plantReference);
  }
  return used;
}
