import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { isStoryPath } from "./offline-stories.ts";

// The offline worker's rules (public/sw.js, docs/decisions/054-offline-stories.md): which URLs it may store
// and answer for. The worker file itself is run here, with a stand-in `self` that only records listeners.
const ORIGIN = "https://shop.example";
const listeners: string[] = [];
const worker = runInNewContext(
  `${readFileSync(new URL("../../public/sw.js", import.meta.url), "utf8")}; ({ offlineKind, namedInPage })`,
  {
    self: { addEventListener: (type: string) => listeners.push(type), location: { origin: ORIGIN } },
    URL,
  },
) as {
  offlineKind: (href: string, origin: string) => string | null;
  namedInPage: (html: string, origin: string) => string[];
};
const kind = (href: string) => worker.offlineKind(href, ORIGIN);

describe("the offline worker's rules", () => {
  it("stores story pages in every language and their loader data", () => {
    expect(kind("/story/the-root-that-looked-like-a-person")).toBe("story");
    expect(kind("/es/story/the-root-that-looked-like-a-person")).toBe("story");
    expect(kind("/fr/story/the-root-that-looked-like-a-person")).toBe("story");
    expect(kind("/story/the-root-that-looked-like-a-person.data?_routes=routes%2Fstory")).toBe("story-data");
    expect(kind(`${ORIGIN}/story/a-story`)).toBe("story");
  });

  it("stores the build's hashed files, the catalogues and pictures", () => {
    expect(kind("/assets/story-Bx1y2z.js")).toBe("asset");
    expect(kind("/assets/root-Ab12.css")).toBe("asset");
    expect(kind("/assets/inter-latin-wght-400-900-Cd34.woff2")).toBe("asset");
    expect(kind("/i18n/es.0123456789ab.json")).toBe("asset");
    expect(kind("/attached_assets/stories/the-root-that-looked-like-a-person-1.svg")).toBe("image");
    expect(kind("/images/articles/sleep.svg")).toBe("image");
  });

  it("never stores the cart, the API, checkout, account, prices or any other page", () => {
    for (const path of [
      "/",
      "/es",
      "/api/cart",
      "/api/cart/code",
      "/checkout",
      "/account",
      "/account/orders/1",
      "/products/korean-ginseng",
      "/products/korean-ginseng.data",
      "/knowledge",
      "/knowledge/the-root-that-looked-like-a-person",
      "/story",
      "/story/",
      "/story/a/b",
      "/story/Upper-Case",
      "/story/a-story?currency=EUR",
      "/sw.js",
      "/manifest.webmanifest",
      "/_root.data",
      "/i18n/es.json",
      "/assets/../api/cart",
      "https://elsewhere.example/story/a-story",
      "https://elsewhere.example/assets/x.js",
    ])
      expect(kind(path), path).toBeNull();
  });

  it("finds in a story page the pictures and files it needs, and nothing else", () => {
    const html = `<link rel="modulepreload" href="/assets/story-Ab1.js"/><img src="/images/stories/a.svg">
      <script>["/attached_assets/stories/a-2.svg","/api/cart","/products/x","/assets/story-Ab1.js"]</script>
      <a href="https://elsewhere.example/images/x.png">`;
    expect(worker.namedInPage(html, ORIGIN)).toEqual([
      "/assets/story-Ab1.js",
      "/images/stories/a.svg",
      "/attached_assets/stories/a-2.svg",
    ]);
  });

  it("listens for install, activate, fetch and the reader's messages, and names its build", () => {
    expect(listeners.sort()).toEqual(["activate", "fetch", "install", "message"]);
    expect(readFileSync(new URL("../../public/sw.js", import.meta.url), "utf8")).toContain(
      'const VERSION = "BUILD_ID";',
    );
  });

  it("the reader registers the worker on a story's own page only", () => {
    expect(isStoryPath("/story/the-root-that-looked-like-a-person")).toBe(true);
    expect(isStoryPath("/fr/story/the-root-that-looked-like-a-person")).toBe(true);
    expect(isStoryPath("/knowledge/the-root-that-looked-like-a-person")).toBe(false);
    expect(isStoryPath("/")).toBe(false);
  });
});
