import CloudCheck from "lucide-react/icons/cloud-check";
import CloudDownload from "lucide-react/icons/cloud-download";
import CloudOff from "lucide-react/icons/cloud-off";
import { useT } from "../../i18n/i18n.tsx";
import { useKeepForOffline } from "../../lib/offline-stories.ts";
import { Button } from "../ui/button.tsx";

/**
 * 'Keep for offline' on a story page (docs/decisions/054-offline-stories.md): the worker stores the story,
 * every chapter's pictures and the page's files, and keeps them across deploys until the family removes it.
 * With `title`, for another story (the next or the previous one), kept without opening it; the buttons then
 * name it. A browser without service workers shows nothing.
 */
export function KeepOffline({ path, title, end }: { path: string; title?: string; end?: boolean }) {
  const t = useT();
  const { state, keep, forget } = useKeepForOffline(path);
  if (state === "unsupported" || state === "checking") return null;
  return (
    <div
      className={`flex flex-col gap-2 ${title ? "mt-3" : "mt-4"} ${end ? "items-end text-right" : "items-start"}`}
    >
      {state === "kept" ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="status" className="inline-flex items-center gap-2 font-semibold text-verdant">
            <CloudCheck className="size-5" aria-hidden /> {t("story.offline.kept")}
          </p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void forget()}
            aria-label={title ? t("story.offline.removeNamed", { title }) : undefined}
          >
            <CloudOff className="size-4" aria-hidden /> {t("story.offline.remove")}
          </Button>
        </div>
      ) : (
        <Button
          variant="secondary"
          size={title ? "sm" : undefined}
          onClick={() => void keep()}
          disabled={state === "busy"}
          aria-label={title && state !== "busy" ? t("story.offline.keepNamed", { title }) : undefined}
        >
          <CloudDownload className="size-4" aria-hidden />{" "}
          {state === "busy" ? t("story.offline.keeping") : t("story.offline.keep")}
        </Button>
      )}
      {state === "failed" ? (
        <p role="alert" className="text-sm text-danger">
          {t("story.offline.failed")}
        </p>
      ) : title ? null : (
        <p className="text-sm text-muted">{t("story.offline.help")}</p>
      )}
    </div>
  );
}
