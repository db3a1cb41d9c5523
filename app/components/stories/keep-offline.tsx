import CloudCheck from "lucide-react/icons/cloud-check";
import CloudDownload from "lucide-react/icons/cloud-download";
import CloudOff from "lucide-react/icons/cloud-off";
import { useT } from "../../i18n/i18n.tsx";
import { useKeepForOffline } from "../../lib/offline-stories.ts";
import { Button } from "../ui/button.tsx";

/**
 * 'Keep for offline' on a story page (docs/decisions/054-offline-stories.md): the worker stores the story,
 * every chapter's pictures and the page's files, and keeps them across deploys until the family removes it.
 * A browser without service workers shows nothing.
 */
export function KeepOffline({ path }: { path: string }) {
  const t = useT();
  const { state, keep, forget } = useKeepForOffline(path);
  if (state === "unsupported" || state === "checking") return null;
  return (
    <div className="mt-4 flex flex-col items-start gap-2" data-testid="keep-offline">
      {state === "kept" ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="status" className="inline-flex items-center gap-2 font-semibold text-verdant">
            <CloudCheck className="size-5" aria-hidden /> {t("story.offline.kept")}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void forget()}>
            <CloudOff className="size-4" aria-hidden /> {t("story.offline.remove")}
          </Button>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => void keep()} disabled={state === "busy"}>
          <CloudDownload className="size-4" aria-hidden />{" "}
          {state === "busy" ? t("story.offline.keeping") : t("story.offline.keep")}
        </Button>
      )}
      {state === "failed" ? (
        <p role="alert" className="text-sm text-danger">
          {t("story.offline.failed")}
        </p>
      ) : (
        <p className="text-sm text-muted">{t("story.offline.help")}</p>
      )}
    </div>
  );
}
