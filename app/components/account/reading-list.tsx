import BookOpen from "lucide-react/icons/book-open";
import X from "lucide-react/icons/x";
import { useRef } from "react";
import type { BookmarkView } from "../../../core/contracts/bookmarks.ts";
import { toast } from "../../hooks/use-toast.ts";
import { useT } from "../../i18n/i18n.tsx";
import { Link } from "../../i18n/link.tsx";
import { SentenceWithLink } from "../knowledge/sentence-with-link.tsx";
import { Button } from "../ui/button.tsx";
import { useAccountAction } from "./account-action.ts";

/**
 * The account's reading list: the articles saved with Bookmark, the last saved first, as the account's
 * loader read them. Removing one posts to the account's action; the list is read again after it.
 */
export function ReadingList({ bookmarks }: { bookmarks: BookmarkView[] }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  const remove = useAccountAction((result) => {
    if (result.ok) {
      toast({
        title: t("knowledge.bookmark.removedTitle"),
        description: t("knowledge.bookmark.removedText"),
      });
      // The removed row's button is gone: the focus goes to the list's heading.
      heading.current?.focus();
    } else {
      toast({
        title: t("knowledge.readingList.removeFailed"),
        description: result.error.message,
        variant: "destructive",
      });
    }
  });
  return (
    <section aria-labelledby="reading-list" className="rounded-card bg-white p-5 shadow-card sm:p-6">
      <h2 id="reading-list" ref={heading} tabIndex={-1} className="flex items-center gap-2 text-xl">
        <BookOpen className="size-5 text-gold" aria-hidden /> {t("knowledge.readingList.title")}
      </h2>
      {bookmarks.length === 0 ? (
        <p className="mt-3 text-sm text-muted">
          <SentenceWithLink
            message="knowledge.readingList.empty"
            slot="hub"
            link={
              <Link to="/knowledge" className="font-semibold text-forest underline underline-offset-2">
                {t("knowledge.hub.name")}
              </Link>
            }
          />
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-sand-deep">
          {bookmarks.map((b) => (
            <li key={b.articleId} className="flex items-start justify-between gap-3 py-3">
              <div className="min-w-0">
                <Link to={b.href} className="font-semibold text-forest underline-offset-2 hover:underline">
                  {b.title}
                </Link>
                <p className="mt-1 line-clamp-2 text-sm text-muted">{b.excerpt}</p>
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t("knowledge.readingList.remove", { title: b.title })}
                disabled={remove.pending}
                onClick={() => void remove.submit({ intent: "bookmark-remove", articleId: b.articleId })}
                className="shrink-0 text-muted hover:text-danger"
              >
                <X className="size-5" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
