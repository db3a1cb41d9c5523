import Pause from "lucide-react/icons/pause";
import Play from "lucide-react/icons/play";
import Square from "lucide-react/icons/square";
import Volume2 from "lucide-react/icons/volume-2";
import { type RefObject, useEffect, useId, useRef, useState } from "react";
import { canReadAloud, READ_ALOUD_RATES, useReadAloud } from "../../hooks/use-read-aloud.ts";
import { useT } from "../../i18n/i18n.tsx";
import { Button } from "../ui/button.tsx";
import { InfoDialog } from "../ui/info-dialog.tsx";

/**
 * Listen: reads the text in `target` aloud (an article, or a story's current chapter with the child's name),
 * with pause, resume, stop and speed. Where the browser cannot speak, Listen says so instead.
 */
export function ReadAloud({
  target,
  resetKey,
  what = "article",
}: {
  target: RefObject<HTMLElement | null>;
  resetKey?: unknown;
  what?: "article" | "chapter";
}) {
  const t = useT();
  const speed = useId();
  const [supported, setSupported] = useState(true);
  useEffect(() => setSupported(canReadAloud()), []);
  const reader = useReadAloud(target, resetKey);
  const main = useRef<HTMLButtonElement>(null);

  // No speech synthesis at all, or (found on the first Listen) no voice to speak with: say so.
  if (!supported || reader.unavailable) {
    return (
      <InfoDialog
        initiallyOpen={reader.unavailable}
        title={t("knowledge.listen.unavailableTitle")}
        trigger={
          <Button>
            <Volume2 className="size-5" aria-hidden /> {t("knowledge.listen.label")}
          </Button>
        }
      >
        {t("knowledge.listen.unavailableText")}
      </InfoDialog>
    );
  }

  const { state, position, rate } = reader;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of related controls, not a form field set.
    <div
      role="group"
      aria-label={t("knowledge.listen.group", { what })}
      className="flex flex-wrap items-center gap-2"
    >
      <Button
        ref={main}
        onClick={state === "playing" ? reader.pause : () => void reader.play()}
        aria-label={
          state === "playing"
            ? t("knowledge.listen.pauseReading")
            : state === "paused"
              ? t("knowledge.listen.resumeReading")
              : undefined
        }
      >
        {state === "playing" ? (
          <>
            <Pause className="size-5" aria-hidden /> {t("knowledge.listen.pause")}
          </>
        ) : state === "paused" ? (
          <>
            <Play className="size-5" aria-hidden /> {t("knowledge.listen.resume")}
          </>
        ) : (
          <>
            <Volume2 className="size-5" aria-hidden /> {t("knowledge.listen.label")}
          </>
        )}
      </Button>
      {state !== "idle" ? (
        <>
          <Button
            variant="secondary"
            onClick={() => {
              reader.stop();
              main.current?.focus();
            }}
          >
            <Square className="size-4" aria-hidden /> {t("knowledge.listen.stop")}
          </Button>
          <label htmlFor={speed} className="sr-only">
            {t("knowledge.listen.speed")}
          </label>
          <select
            id={speed}
            value={rate}
            onChange={(e) => reader.setRate(Number(e.target.value))}
            className="h-11 rounded-full border border-forest bg-white px-3 text-sm font-semibold text-forest"
          >
            {READ_ALOUD_RATES.map((r) => (
              <option key={r} value={r}>
                {t("knowledge.listen.rate", { rate: r })}
              </option>
            ))}
          </select>
          <p className="text-sm text-muted">
            {t("knowledge.listen.position", { number: position.index + 1, total: position.total })}
          </p>
        </>
      ) : null}
    </div>
  );
}
