import { type RefObject, useCallback, useEffect, useRef, useState } from "react";

export type ReadAloudState = "idle" | "playing" | "paused";
export const READ_ALOUD_RATES = [0.75, 1, 1.25] as const;
const HIGHLIGHT = "read-aloud";

interface Sentence {
  text: string;
  range: Range;
}

/** The page's language (`<html lang>`, docs/decisions/049-languages.md): what Listen reads in. */
const pageLanguage = () => document.documentElement.lang || "en";

/**
 * The browser's voice for a language: its default voice for it if it has one, else its first; none when
 * it has no voice in that language (the browser then picks one from the utterance's `lang`). Offline (a
 * story kept for bedtime, decision 054), a voice of the device itself first: a voice served over the
 * network cannot speak then.
 */
function voiceFor(synth: SpeechSynthesis, lang: string): SpeechSynthesisVoice | null {
  if (typeof synth.getVoices !== "function") return null;
  const base = lang.toLowerCase().split("-")[0];
  const inLanguage = synth
    .getVoices()
    .filter((v) => v.lang.toLowerCase().replace("_", "-").split("-")[0] === base);
  const local = navigator.onLine ? [] : inLanguage.filter((v) => v.localService);
  const voices = local.length > 0 ? local : inLanguage;
  return voices.find((v) => v.default) ?? voices[0] ?? null;
}

/** The text a reader sees in `root`, sentence by sentence, each with where it is on the page. */
function sentencesIn(root: HTMLElement, lang: string): Sentence[] {
  const segmenter =
    typeof Intl.Segmenter === "function" ? new Intl.Segmenter(lang, { granularity: "sentence" }) : null;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.parentElement?.closest("[aria-hidden=true], button, script, style, [data-no-read-aloud]")
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  const out: Sentence[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const data = (node as Text).data;
    const parts = segmenter
      ? [...segmenter.segment(data)].map((s) => ({ index: s.index, text: s.segment }))
      : [{ index: 0, text: data }];
    for (const { index, text } of parts) {
      const trimmed = text.trim();
      if (!/[\p{L}\p{N}]/u.test(trimmed)) continue;
      const start = index + text.indexOf(trimmed);
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, start + trimmed.length);
      out.push({ text: trimmed, range });
    }
  }
  return out;
}

/** Marks the sentence being read (the CSS Custom Highlight API; browsers without it read without marks). */
function highlight(range: Range | null) {
  const registry = (globalThis.CSS as { highlights?: Map<string, unknown> } | undefined)?.highlights;
  const Highlight = (globalThis as { Highlight?: new (...r: Range[]) => unknown }).Highlight;
  if (!registry || !Highlight) return;
  if (range) registry.set(HIGHLIGHT, new Highlight(range));
  else registry.delete(HIGHLIGHT);
}

export const canReadAloud = () =>
  typeof window !== "undefined" && "speechSynthesis" in window && "SpeechSynthesisUtterance" in window;

/** How long Listen waits for the browser's voices: Chrome loads them after the page, then fires voiceschanged. */
const VOICES_WAIT_MS = 1000;

/**
 * Whether the browser has a voice to speak with. The API can exist with no speech engine behind it
 * (Chromium on Linux without one): its list of voices then stays empty, also after voiceschanged. A browser
 * that cannot list its voices is given the benefit of the doubt; a failed utterance still says so.
 */
function hasVoice(synth: SpeechSynthesis): Promise<boolean> {
  if (typeof synth.getVoices !== "function") return Promise.resolve(true);
  if (synth.getVoices().length > 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      synth.removeEventListener?.("voiceschanged", done);
      resolve(synth.getVoices().length > 0);
    };
    const timer = setTimeout(done, VOICES_WAIT_MS);
    synth.addEventListener?.("voiceschanged", done);
  });
}

/**
 * Reads the text inside `target` aloud with the browser's speech synthesis, one sentence at a time, the
 * sentence being read highlighted on the page: play, pause, resume, stop, and a speed of 0.75x-1.25x.
 * Reading stops when `resetKey` changes (a story's next chapter) and when the page goes away.
 */
export function useReadAloud(target: RefObject<HTMLElement | null>, resetKey?: unknown) {
  const [state, setState] = useState<ReadAloudState>("idle");
  const [position, setPosition] = useState({ index: 0, total: 0 });
  const [rate, setRateState] = useState<number>(1);
  // No voice, or the speech engine failed: Listen says the browser cannot read aloud instead of falling silent.
  const [unavailable, setUnavailable] = useState(false);
  const sentences = useRef<Sentence[]>([]);
  // Each start counts up: an utterance of an earlier run that ends late (after a stop) is ignored.
  const run = useRef(0);
  const rateRef = useRef(1);

  const stop = useCallback(() => {
    run.current++;
    if (canReadAloud()) window.speechSynthesis.cancel();
    highlight(null);
    setState("idle");
  }, []);

  const speakFrom = useCallback(
    (index: number) => {
      const token = ++run.current;
      const synth = window.speechSynthesis;
      synth.cancel();
      const lang = pageLanguage();
      const voice = voiceFor(synth, lang);
      const next = (i: number) => {
        if (token !== run.current) return;
        const sentence = sentences.current[i];
        if (!sentence) {
          run.current++;
          highlight(null);
          setState("idle");
          return;
        }
        setPosition({ index: i, total: sentences.current.length });
        highlight(sentence.range);
        const element = sentence.range.startContainer.parentElement;
        const box = sentence.range.getBoundingClientRect();
        if (element && (box.top < 80 || box.bottom > window.innerHeight)) {
          const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
          element.scrollIntoView({ block: "center", behavior: smooth ? "smooth" : "auto" });
        }
        const utterance = new SpeechSynthesisUtterance(sentence.text);
        utterance.lang = lang;
        if (voice) utterance.voice = voice;
        utterance.rate = rateRef.current;
        utterance.onend = () => next(i + 1);
        utterance.onerror = (e) => {
          // A cancel (stop, a new speed) interrupts the utterance on purpose; anything else (synthesis-failed,
          // synthesis-unavailable, voice-unavailable...) means this browser cannot read aloud.
          if (e.error === "interrupted" || e.error === "canceled") return;
          stop();
          setUnavailable(true);
        };
        synth.speak(utterance);
      };
      setState("playing");
      next(index);
    },
    [stop],
  );

  const play = useCallback(async () => {
    const root = target.current;
    if (!root || !canReadAloud()) return;
    if (state === "paused") {
      window.speechSynthesis.resume();
      setState("playing");
      return;
    }
    if (!(await hasVoice(window.speechSynthesis))) {
      setUnavailable(true);
      return;
    }
    sentences.current = sentencesIn(root, pageLanguage());
    speakFrom(0);
  }, [state, target, speakFrom]);

  const pause = useCallback(() => {
    if (!canReadAloud()) return;
    window.speechSynthesis.pause();
    setState("paused");
  }, []);

  /** A new speed applies from the start of the sentence being read. */
  const setRate = useCallback(
    (value: number) => {
      rateRef.current = value;
      setRateState(value);
      if (state === "playing") speakFrom(position.index);
    },
    [state, position.index, speakFrom],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is the trigger itself.
  useEffect(() => stop, [resetKey, stop]);

  return { state, position, rate, unavailable, play, pause, stop, setRate };
}
