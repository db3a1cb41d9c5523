import BookmarkIcon from "lucide-react/icons/bookmark";
import BookmarkCheck from "lucide-react/icons/bookmark-check";
import { useBookmark, useReadingList } from "../../hooks/use-reading-list.ts";
import { toast } from "../../hooks/use-toast.ts";
import { Link } from "../../i18n/link.tsx";
import { Button } from "../ui/button.tsx";
import { InfoDialog } from "../ui/info-dialog.tsx";

const FAILED = {
  title: "Bookmark not saved",
  description: "Could not update your reading list. Please try again.",
  variant: "destructive" as const,
};

/**
 * Saves the article to the signed-in customer's reading list (shown on the account page), or takes it off;
 * a guest is asked to sign in.
 */
export function BookmarkButton({ articleId }: { articleId: number }) {
  const list = useReadingList();
  const bookmark = useBookmark();
  if (list.data && !list.data.signedIn) {
    return (
      <InfoDialog
        title="Sign in to bookmark"
        trigger={
          <Button variant="secondary">
            <BookmarkIcon className="size-5" aria-hidden /> Bookmark
          </Button>
        }
      >
        Your reading list is kept on your account.{" "}
        <Link to="/auth" className="font-semibold text-forest underline underline-offset-2">
          Sign in
        </Link>{" "}
        to save this article and find it again on your account page.
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
                  ? { title: "Bookmark removed", description: "The article is off your reading list." }
                  : {
                      title: "Bookmark saved!",
                      description: "Find it in your reading list on your account page.",
                    },
              ),
            onError: () => toast(FAILED),
          },
        )
      }
    >
      <Icon className="size-5" aria-hidden /> {saved ? "Bookmarked" : "Bookmark"}
    </Button>
  );
}
