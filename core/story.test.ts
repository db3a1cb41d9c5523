import { describe, expect, it } from "vitest";
import {
  acceptChildName,
  buildStory,
  CHILD_NAME_FALLBACK,
  clampChapter,
  isChapterTitle,
  isStoryEligible,
  lookupCharacter,
  lookupCulturalTerm,
  lookupPlant,
  mapAssetSrc,
  personalize,
  splitChapters,
} from "./story.ts";

const text = (t: string, extra: Record<string, unknown> = {}) => ({ type: "text", text: t, ...extra });

describe("story eligibility", () => {
  it("accepts an article with id 101 or more and a children, kids, bedtime or 'for children' tag", () => {
    expect(isStoryEligible({ id: 101, tags: ["children"] })).toBe(true);
    expect(isStoryEligible({ id: 150, tags: ["Kids corner"] })).toBe(true);
    expect(isStoryEligible({ id: 102, tags: ["BEDTIME"] })).toBe(true);
    expect(isStoryEligible({ id: 103, tags: ["stories for children"] })).toBe(true);
    expect(isStoryEligible({ id: 104, tags: ["sleep", "childrens-stories"] })).toBe(true);
  });
  it("refuses an id below 101 even with a children tag", () => {
    expect(isStoryEligible({ id: 100, tags: ["children", "bedtime"] })).toBe(false);
    expect(isStoryEligible({ id: 7, tags: ["kids"] })).toBe(false);
  });
  it("refuses an article without any children tag", () => {
    expect(isStoryEligible({ id: 120, tags: ["sleep", "ashwagandha"] })).toBe(false);
    expect(isStoryEligible({ id: 120, tags: [] })).toBe(false);
  });
});

describe("chapter titles", () => {
  it("is a title when the first line starts with a capital and has no sentence-ending punctuation", () => {
    expect(isChapterTitle("A School Without Walls")).toBe(true);
    expect(isChapterTitle("Goodnight, Little Lanterns")).toBe(true);
    expect(isChapterTitle("Counting the Years\nand more text.")).toBe(true);
  });
  it("is not a title with a full stop, question or exclamation mark, or a lower-case start", () => {
    expect(isChapterTitle("Once upon a time, there was a boy.")).toBe(false);
    expect(isChapterTitle("Will it grow tomorrow?")).toBe(false);
    expect(isChapterTitle("It woke up!")).toBe(false);
    expect(isChapterTitle("In the hills of old Korea...")).toBe(false);
    expect(isChapterTitle("then the moon rose")).toBe(false);
    expect(isChapterTitle('"Hello" said the king')).toBe(false);
    expect(isChapterTitle("")).toBe(false);
  });
});

describe("chapter splitting", () => {
  it("starts a chapter at each title and keeps the following blocks in it", () => {
    const chapters = splitChapters([
      text("The First Night"),
      text("Once there was a seed."),
      text("It slept.", { storyRole: "moral-lesson" }),
      text("The Second Night"),
      { type: "image", src: "@assets/stories/a.svg", alt: "A seed" },
      text("Ginseng grows slowly.", {
        storyRole: "plant-wisdom",
        metadata: { plantReference: "koreanGinseng" },
      }),
    ]);
    expect(chapters.map((c) => c.title)).toEqual(["The First Night", "The Second Night"]);
    expect(chapters.map((c) => c.id)).toEqual([1, 2]);
    expect(chapters[0]?.blocks).toEqual([
      { type: "paragraph", text: "Once there was a seed." },
      { type: "moral-lesson", text: "It slept." },
    ]);
    expect(chapters[1]?.blocks).toEqual([
      { type: "image", src: "/attached_assets/stories/a.svg", alt: "A seed", caption: undefined },
      { type: "plant-wisdom", text: "Ginseng grows slowly.", plantReference: "koreanGinseng" },
    ]);
  });

  it("maps every story role to its block type with its metadata", () => {
    const [chapter] = splitChapters([
      text("Roles"),
      text("In the forest...", { storyRole: "section-header" }),
      text('"Look," said the teacher.', {
        storyRole: "character-dialogue",
        metadata: { characterName: "Teacher Atreya" },
      }),
      text("The Simmani climbed.", { storyRole: "cultural-context", metadata: { culturalTerm: "Simmani" } }),
    ]);
    expect(chapter?.blocks.map((b) => b.type)).toEqual([
      "section-header",
      "character-dialogue",
      "cultural-context",
    ]);
    expect(chapter?.blocks[1]).toMatchObject({ characterName: "Teacher Atreya" });
    expect(chapter?.blocks[2]).toMatchObject({ culturalTerm: "Simmani" });
  });

  it("keeps blocks that come before the first title in the first chapter", () => {
    const chapters = splitChapters([text("A quiet opening."), text("Chapter One"), text("Then it began.")]);
    expect(chapters).toHaveLength(1);
    expect(chapters[0]?.blocks.map((b) => ("text" in b ? b.text : ""))).toEqual([
      "A quiet opening.",
      "Then it began.",
    ]);
  });

  it("makes one fallback chapter 'Story' from the excerpt when no chapter results", () => {
    expect(splitChapters([text("No titles here.")], "A gentle tale.")).toEqual([
      { id: 1, title: "Story", blocks: [{ type: "paragraph", text: "A gentle tale." }] },
    ]);
  });

  it("uses 'Once upon a time...' for the fallback chapter when there is no excerpt", () => {
    expect(splitChapters([], "")).toEqual([
      { id: 1, title: "Story", blocks: [{ type: "paragraph", text: "Once upon a time..." }] },
    ]);
    expect(splitChapters([{ type: "image" }, null, 42])[0]?.title).toBe("Story");
  });
});

describe("building a story from an article", () => {
  it("fixes age range and cultural origin, defaults the reading time to 10 and maps the cover", () => {
    const story = buildStory({
      id: 101,
      slug: "s",
      title: "T",
      excerpt: "E",
      readingTime: 0,
      featuredImage: "@assets/stories/cover.svg",
      tags: ["bedtime"],
      contentBlocks: [text("Chapter"), text("Body.")],
    });
    expect(story).toMatchObject({
      readingTime: 10,
      ageRange: "5-10 years",
      culturalOrigin: "Ancient Wisdom",
      featuredImage: "/attached_assets/stories/cover.svg",
    });
    expect(story.chapters).toHaveLength(1);
  });
});

describe("images, names and navigation", () => {
  it("maps '@assets/' image sources to '/attached_assets/'", () => {
    expect(mapAssetSrc("@assets/stories/x.svg")).toBe("/attached_assets/stories/x.svg");
    expect(mapAssetSrc("/images/stories/x.svg")).toBe("/images/stories/x.svg");
  });

  it("replaces every {childName} with the name", () => {
    expect(personalize("Goodnight, {childName}. Sleep well, {childName}.", "Mia")).toBe(
      "Goodnight, Mia. Sleep well, Mia.",
    );
    expect(personalize("Hello, {childName}", null)).toBe(`Hello, ${CHILD_NAME_FALLBACK}`);
  });

  it("accepts a child's name only when non-empty after trimming, with no length limit", () => {
    expect(acceptChildName("  Mia ")).toBe("Mia");
    expect(acceptChildName("   ")).toBeNull();
    expect(acceptChildName("")).toBeNull();
    expect(acceptChildName("x".repeat(500))).toHaveLength(500);
  });

  it("clamps the chapter index to the first and last chapter", () => {
    expect(clampChapter(-1, 4)).toBe(0);
    expect(clampChapter(4, 4)).toBe(3);
    expect(clampChapter(2, 4)).toBe(2);
    expect(clampChapter(3, 0)).toBe(0);
  });
});

describe("reference data with its fallbacks", () => {
  it("finds the built-in characters and falls back for unknown ones", () => {
    expect(lookupCharacter("King Sejong")).toMatchObject({
      culture: "Joseon Korea",
      pronunciation: "SEH-jong",
    });
    expect(lookupCharacter("Grandmother Kamala")).toEqual({
      name: "Grandmother Kamala",
      description: "A wise character in our story",
    });
  });
  it("finds cultural terms whatever their case and falls back to 'Ancient wisdom'", () => {
    expect(lookupCulturalTerm("Ashwagandha")).toMatchObject({
      meaning: "Smell of a horse",
      origin: "Sanskrit",
    });
    expect(lookupCulturalTerm("Simmani").meaning).toBe("Wild-ginseng hunter");
    expect(lookupCulturalTerm("hanok")).toEqual({ term: "hanok", meaning: "Ancient wisdom" });
  });
  it("finds both plants by key or by name, and nothing for an unknown plant", () => {
    expect(lookupPlant("koreanGinseng")?.kidFriendlyName).toBe("The Patient Person Root");
    expect(lookupPlant("Korean ginseng")?.key).toBe("koreanGinseng");
    expect(lookupPlant("ashwagandha")).toMatchObject({ emoji: "🌿", color: "#8E4A32" });
    expect(lookupPlant("tulsi")).toBeNull();
  });
});

describe("the shop's own stories", () => {
  it("each split into 3 to 6 chapters", async () => {
    const { readdir, readFile } = await import("node:fs/promises");
    const dir = new URL("../content/stories/", import.meta.url);
    const files = (await readdir(dir)).filter((f) => f.endsWith(".json"));
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const f of files) {
      const a = JSON.parse(await readFile(new URL(f, dir), "utf8"));
      expect(isStoryEligible(a), f).toBe(true);
      const n = splitChapters(a.contentBlocks, a.excerpt).length;
      expect(n, f).toBeGreaterThanOrEqual(3);
      expect(n, f).toBeLessThanOrEqual(6);
    }
  });
});
