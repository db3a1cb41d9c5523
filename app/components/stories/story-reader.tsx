import Check from "lucide-react/icons/check";
import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import Clock from "lucide-react/icons/clock";
import Globe from "lucide-react/icons/globe";
import Pencil from "lucide-react/icons/pencil";
import Users from "lucide-react/icons/users";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { clampChapter, type Story, type StoryReference, storyReference } from "../../../core/story.ts";
import { useT } from "../../i18n/i18n.tsx";
import { Link } from "../../i18n/link.tsx";
import { isStoryPath, useOfflineStory } from "../../lib/offline-stories.ts";
import { focusedControl } from "../../lib/return-focus.ts";
import { ReadAloud } from "../knowledge/read-aloud.tsx";
import { Button } from "../ui/button.tsx";
import { KeepOffline } from "./keep-offline.tsx";
import { StoryBlockView, StoryReferenceContext } from "./story-block.tsx";

/** The browser keeps the child's name between visits under this localStorage key. */
const CHILD_NAME_STORAGE_KEY = "storyChildName";

// The name prompt (a Radix dialog) loads when it is first asked for, after hydration: an article page that
// is not a story never loads it.
const NameDialog = lazy(() => import("./name-dialog.tsx").then((m) => ({ default: m.NameDialog })));

export interface StoryLink {
  slug: string;
  title: string;
}

function readStoredName(): string | null {
  try {
    return window.localStorage.getItem(CHILD_NAME_STORAGE_KEY)?.trim() || null;
  } catch {
    return null; // storage blocked: the story still reads, just without the name
  }
}

/**
 * The story reader. The child's name lives in localStorage, which the server cannot see,
 * so until the browser has read it the chapter area says 'Loading your magical story...' rather than
 * flash the story with the wrong name.
 */
export function StoryReader({
  story,
  previous,
  next,
  reference = storyReference,
}: {
  story: Story;
  previous?: StoryLink | null;
  next?: StoryLink | null;
  /** The characters, terms and plants the story names, in the page's language. */
  reference?: StoryReference;
}) {
  const t = useT();
  const [ready, setReady] = useState(false);
  const [childName, setChildName] = useState<string | null>(null);
  const [askName, setAskName] = useState(false);
  // Mounted the first time the name is asked for, then kept, so closing animates and returns focus.
  const [nameDialogMounted, setNameDialogMounted] = useState(false);
  if (ready && askName && !nameDialogMounted) setNameDialogMounted(true);
  const [index, setIndex] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The chapter on screen, for Listen (the child's name is already in its text).
  const chapterRef = useRef<HTMLElement>(null);
  const nameOpener = useRef<HTMLElement | null>(null);
  const moved = useRef(false);
  const total = story.chapters.length;
  const chapter = story.chapters[clampChapter(index, total)];
  // The story reads again without a network: the story page (only) registers the offline worker (decision
  // 054). A story read under /knowledge/ is not kept.
  const { pathname } = useLocation();
  const offlinePath = isStoryPath(pathname) ? pathname : null;
  // "", "/es" or "/fr": the neighbouring stories' pages, to keep them without opening them.
  const offlinePrefix = offlinePath?.replace(/\/story\/[^/]+$/, "") ?? "";
  useOfflineStory(offlinePath);

  useEffect(() => {
    const stored = readStoredName();
    setChildName(stored);
    setAskName(!stored);
    setIndex(0);
    setReady(true);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each chapter change.
  useEffect(() => {
    if (!moved.current) return;
    headingRef.current?.focus({ preventScroll: true });
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    headingRef.current?.scrollIntoView({ block: "start", behavior: reduce ? "auto" : "smooth" });
  }, [index]);

  const go = (to: number) => {
    moved.current = true;
    setIndex(clampChapter(to, total));
  };

  const saveName = (name: string) => {
    setChildName(name);
    setAskName(false);
    try {
      window.localStorage.setItem(CHILD_NAME_STORAGE_KEY, name);
    } catch {
      // storage blocked: keep the name for this visit only
    }
  };

  const last = index >= total - 1;
  return (
    <StoryReferenceContext value={reference}>
      <article className="pb-16">
        <header className="bg-restore/5">
          <div className="container-shop grid items-center gap-8 py-12 md:grid-cols-[1fr_minmax(0,28rem)]">
            <div>
              <p className="text-sm font-semibold tracking-widest text-restore uppercase">
                {t("story.eyebrow")}
              </p>
              <h1 className="mt-2 text-4xl md:text-5xl">
                {story.title}
                {childName ? (
                  <span className="text-ashwagandha"> {t("story.forChild", { name: childName })}</span>
                ) : null}
              </h1>
              <ul className="mt-5 flex flex-wrap gap-x-6 gap-y-2 text-muted">
                <li className="inline-flex items-center gap-2">
                  <Globe className="size-4" aria-hidden /> {story.culturalOrigin}
                </li>
                <li className="inline-flex items-center gap-2">
                  <Clock className="size-4" aria-hidden />{" "}
                  {t("story.minRead", { minutes: story.readingTime })}
                </li>
                <li className="inline-flex items-center gap-2">
                  <Users className="size-4" aria-hidden /> {story.ageRange}
                </li>
              </ul>
              {childName ? (
                <Button
                  variant="secondary"
                  className="mt-6"
                  onClick={() => {
                    nameOpener.current = focusedControl();
                    setAskName(true);
                  }}
                >
                  <Pencil className="size-4" aria-hidden /> {t("story.changeName")}
                </Button>
              ) : null}
              {offlinePath ? <KeepOffline path={offlinePath} /> : null}
            </div>
            {story.featuredImage ? (
              <img
                src={story.featuredImage}
                alt=""
                width={1200}
                height={675}
                // The page's largest picture (its LCP element): fetched before the scripts.
                fetchPriority="high"
                className="w-full rounded-card bg-sand shadow-card"
              />
            ) : null}
          </div>
        </header>

        <div className="container-shop mt-10 max-w-3xl">
          {!ready || !chapter ? (
            <p role="status" className="py-16 text-center font-display text-2xl text-restore">
              {t("story.loading")}
            </p>
          ) : (
            <>
              <div>
                <p className="font-semibold text-forest" aria-live="polite">
                  {t("story.chapterOf", { number: index + 1, total, title: chapter.title })}
                </p>
                <div className="mt-2 h-2 overflow-hidden rounded-full bg-sand" aria-hidden>
                  <div
                    className="h-full rounded-full bg-restore transition-[width] duration-500"
                    style={{ width: `${((index + 1) / total) * 100}%` }}
                  />
                </div>
              </div>

              <div className="mt-6">
                <ReadAloud target={chapterRef} resetKey={chapter.id} what="chapter" />
              </div>

              <section key={chapter.id} ref={chapterRef} aria-labelledby="chapter-title" className="mt-10">
                <h2 id="chapter-title" ref={headingRef} tabIndex={-1} className="scroll-mt-24 text-3xl">
                  {chapter.title}
                </h2>
                <div className="mt-6 flex flex-col gap-6 text-lg leading-[1.75] md:text-xl">
                  {chapter.blocks.map((block, i) => (
                    <div
                      // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no id and never reorder.
                      key={i}
                      // Each fading block is its own stacking context, so the block holding an open info box
                      // is raised above the blocks after it (and stays below the sticky header).
                      className="relative motion-safe:animate-fade-in has-[[aria-expanded=true]]:z-30"
                      style={{ animationDelay: `${i * 0.1}s` }}
                    >
                      <StoryBlockView block={block} childName={childName} />
                    </div>
                  ))}
                </div>
                {last ? (
                  <p className="mt-12 text-center font-display text-3xl text-restore" aria-hidden>
                    ✦ ✦ ✦
                  </p>
                ) : null}
              </section>

              <nav
                aria-label={t("story.chapters")}
                className="mt-12 grid grid-cols-2 items-center gap-4 sm:flex sm:justify-between"
              >
                <button
                  type="button"
                  onClick={() => go(index - 1)}
                  disabled={index === 0}
                  className="inline-flex min-h-11 items-center justify-center gap-1 whitespace-nowrap rounded-full border border-forest px-3 text-sm sm:px-5 sm:text-base font-semibold text-forest enabled:hover:bg-forest enabled:hover:text-cream disabled:border-muted/40 disabled:text-muted"
                >
                  <ChevronLeft className="size-5" aria-hidden /> {t("story.previousChapter")}
                </button>
                <ol className="order-first col-span-2 flex flex-wrap justify-center gap-2 sm:order-none">
                  {story.chapters.map((c, i) => {
                    const done = i < index;
                    const current = i === index;
                    return (
                      <li key={c.id}>
                        <button
                          type="button"
                          onClick={() => go(i)}
                          aria-current={current ? "step" : undefined}
                          aria-label={t("story.chapterButton", {
                            number: i + 1,
                            title: c.title,
                            read: done ? "yes" : "no",
                          })}
                          className={`inline-flex size-11 items-center justify-center rounded-full border-2 font-semibold ${
                            current
                              ? "border-restore bg-restore text-cream"
                              : done
                                ? "border-verdant bg-verdant/10 text-verdant"
                                : "border-sand-deep bg-white text-muted"
                          }`}
                        >
                          {done ? <Check className="size-5" aria-hidden /> : i + 1}
                        </button>
                      </li>
                    );
                  })}
                </ol>
                <button
                  type="button"
                  onClick={() => go(index + 1)}
                  disabled={last}
                  className="inline-flex min-h-11 items-center justify-center gap-1 whitespace-nowrap rounded-full bg-forest px-3 text-sm sm:px-5 sm:text-base font-semibold text-cream enabled:hover:bg-forest-deep disabled:bg-restore"
                >
                  {last ? (
                    t("story.theEnd")
                  ) : (
                    <>
                      {t("story.nextChapter")} <ChevronRight className="size-5" aria-hidden />
                    </>
                  )}
                </button>
              </nav>
            </>
          )}

          {previous || next ? (
            <nav
              aria-label={t("story.moreStories")}
              className="mt-16 grid gap-4 border-t border-sand-deep pt-8 sm:grid-cols-2"
            >
              {previous ? (
                <div className="flex flex-col">
                  <Link
                    to={`/story/${previous.slug}`}
                    className="rounded-card bg-white p-5 shadow-card hover:shadow-lg"
                  >
                    <span className="block text-sm text-muted">{t("story.previousStory")}</span>
                    <span className="font-display text-lg text-forest">{previous.title}</span>
                  </Link>
                  {offlinePath ? (
                    <KeepOffline path={`${offlinePrefix}/story/${previous.slug}`} title={previous.title} />
                  ) : null}
                </div>
              ) : (
                <span />
              )}
              {next ? (
                <div className="flex flex-col">
                  <Link
                    to={`/story/${next.slug}`}
                    className="rounded-card bg-white p-5 text-right shadow-card hover:shadow-lg"
                  >
                    <span className="block text-sm text-muted">{t("story.nextStory")}</span>
                    <span className="font-display text-lg text-forest">{next.title}</span>
                  </Link>
                  {offlinePath ? (
                    <KeepOffline path={`${offlinePrefix}/story/${next.slug}`} title={next.title} end />
                  ) : null}
                </div>
              ) : null}
            </nav>
          ) : null}
        </div>

        {nameDialogMounted ? (
          <Suspense fallback={null}>
            <NameDialog
              open={askName}
              initialName={childName ?? ""}
              onName={saveName}
              onSkip={() => setAskName(false)}
              opener={() => nameOpener.current}
            />
          </Suspense>
        ) : null}
      </article>
    </StoryReferenceContext>
  );
}
