import BookmarkIcon from "lucide-react/icons/bookmark";
import BookmarkCheck from "lucide-react/icons/bookmark-check";
import { useBookmark, useReadingList } from "../../hooks/use-reading-list.ts";
import { toast } from "../../hooks/use-toast.ts";
import { useT } from "../../i18n/i18n.tsx";
import { Link } from "../../i18n/link.tsx";
import { Button } from "../ui/button.tsx";
import { InfoDialog } from "../ui/info-dialog.tsx";
import { SentenceWithLink } from "./sentence-with-link.tsx";

/**
 * Saves the article to the signed-in customer's reading list (shown on the account page), or takes it off;
 * a guest is asked to sign in.
 */
export function BookmarkButton({ articleId }: { articleId: number }) {
  const t = useT();
  const list = useReadingList();
  const bookmark = useBookmark();
  if (list.data && !list.data.signedIn) {
    return (
      <InfoDialog
        title={t("knowledge.bookmark.signInTitle")}
        trigger={
          <Button variant="secondary">
            <BookmarkIcon className="size-5" aria-hidden /> {t("knowledge.bookmark.label")}
          </Button>
        }
      >
        <SentenceWithLink
          message="knowledge.bookmark.signInText"
          slot="signIn"
          link={
            <Link to="/auth" className="font-semibold text-forest underline underline-offset-2">
              {t("knowledge.bookmark.signIn")}
            </Link>
          }
        />
      </InfoDialog>
    );
  }
  const saved = list.data?.bookmarks.some((b) => b.articleId === articleId) ?? false;
  const Icon = saved ? BookmarkCheck : BookmarkIcon;
  return (
    <Button
      variant="secondary"
      aria-pressed={saved}
      disabled={!list.data || bookmark.isPending}
      onClick={() =>
        bookmark.mutate(
          { articleId, saved: !saved },
          {
            onSuccess: () =>
              toast(
                saved
                  ? {
                      title: t("knowledge.bookmark.removedTitle"),
                      description: t("knowledge.bookmark.removedText"),
                    }
                  : {
                      title: t("knowledge.bookmark.savedTitle"),
                      description: t("knowledge.bookmark.savedText"),
                    },
              ),
            onError: () =>
              toast({
                title: t("knowledge.bookmark.failedTitle"),
                description: t("knowledge.bookmark.failedText"),
                variant: "destructive",
              }),
          },
        )
      }
    >
      <Icon className="size-5" aria-hidden />{" "}
      {saved ? t("knowledge.bookmark.saved") : t("knowledge.bookmark.label")}
    </Button>
  );
}
