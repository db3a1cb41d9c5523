import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type {
  OwnReview,
  ProductReviewsResponse,
  PublicReview,
  ReviewViewer,
} from "../../../core/contracts/reviews.ts";
import { WRITE_REVIEW_ANCHOR } from "../../../core/review-rules.ts";
import { useReviewViewer } from "../../hooks/use-review-viewer.ts";
import { useLocale, useT } from "../../i18n/i18n.tsx";
import { Link } from "../../i18n/link.tsx";
import { rich } from "../../i18n/rich.tsx";
import { apiRequest, serverMessage } from "../../lib/api.ts";
import { formatDate } from "../../lib/format-date.ts";
import { Button } from "../ui/button.tsx";
import { RatingSummary } from "./rating-summary.tsx";
import { ReportReview } from "./report-review.tsx";
import { ReviewForm } from "./review-form.tsx";
import { Stars } from "./stars.tsx";

function ReviewText({ review }: { review: PublicReview }) {
  const t = useT();
  const locale = useLocale();
  return (
    <>
      <Stars rating={review.rating} />
      <h3 className="mt-1 text-lg">{review.title}</h3>
      <p className="text-sm text-muted">
        {review.authorName} · <span className="font-semibold text-verdant">{t("shop.reviews.verified")}</span>{" "}
        · <time dateTime={review.createdAt}>{formatDate(review.createdAt, locale)}</time>
      </p>
      <p className="mt-2 whitespace-pre-line">{review.body}</p>
    </>
  );
}

const STATUS_NOTE: Record<OwnReview["status"], string> = {
  pending: "shop.reviews.status.pending",
  published: "shop.reviews.status.published",
  hidden: "shop.reviews.status.hidden",
};

/** The viewer's own review, with Edit and Delete (a second click confirms the delete). */
function OwnReviewPanel({
  productId,
  review,
  onChange,
}: {
  productId: number;
  review: OwnReview;
  onChange: () => Promise<void>;
}) {
  const revalidator = useRevalidator();
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);

  async function remove() {
    setError(null);
    try {
      await apiRequest("DELETE", `/api/reviews/${review.id}`);
      await Promise.all([revalidator.revalidate(), onChange()]);
    } catch (err) {
      setError(serverMessage(err, t("shop.reviews.unreachable")));
    }
  }

  if (editing)
    return (
      <ReviewForm
        productId={productId}
        editing={review}
        onDone={(done) => {
          setMessage(done);
          setEditing(false);
        }}
        onCancel={() => {
          setEditing(false);
          requestAnimationFrame(() => editButton.current?.focus());
        }}
      />
    );
  return (
    <div className="grid gap-3">
      <h3 className="text-lg">{t("shop.reviews.yours")}</h3>
      {message ? (
        <p role="status" className="text-sm font-medium">
          {message}
        </p>
      ) : null}
      <p className="text-sm text-muted">{t(STATUS_NOTE[review.status])}</p>
      <div className="rounded-card bg-white p-4 shadow-card">
        <ReviewText review={review} />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button ref={editButton} variant="secondary" size="sm" onClick={() => setEditing(true)}>
          {t("shop.reviews.edit")}
        </Button>
        {confirming ? (
          <>
            <Button variant="destructive" size="sm" className="border border-danger" onClick={remove}>
              {t("shop.reviews.deleteConfirm")}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
              {t("shop.reviews.keep")}
            </Button>
          </>
        ) : (
          <Button variant="destructive" size="sm" onClick={() => setConfirming(true)}>
            {t("shop.reviews.delete")}
          </Button>
        )}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What the viewer can do here: sign in, wait for delivery, write a review, or see their own. */
function ViewerPanel({
  productId,
  viewer,
  pending,
  onChange,
}: {
  productId: number;
  viewer: ReviewViewer;
  pending: boolean;
  onChange: () => Promise<void>;
}) {
  const t = useT();
  const [thanks, setThanks] = useState<string | null>(null);
  if (pending)
    return (
      <p role="status" className="text-muted">
        {t("shop.reviews.lookingUp")}
      </p>
    );
  if (thanks)
    return (
      <p role="status" className="font-medium">
        {thanks}
      </p>
    );
  switch (viewer.kind) {
    case "signed-out":
      return (
        <p>
          {rich(t, "shop.reviews.signIn", {
            link: (
              <Link to="/auth" className="font-semibold text-forest underline underline-offset-2">
                {t("shop.reviews.signInLink")}
              </Link>
            ),
          })}
        </p>
      );
    case "not-buyer":
      return <p className="text-muted">{t("shop.reviews.notBuyer")}</p>;
    case "may-review":
      return (
        <>
          <h3 className="text-lg">{t("shop.reviews.write")}</h3>
          <ReviewForm
            productId={productId}
            onDone={(message) => {
              setThanks(message);
              void onChange();
            }}
          />
        </>
      );
    case "reviewed":
      return <OwnReviewPanel productId={productId} review={viewer.review} onChange={onChange} />;
  }
}

/**
 * The product's reviews: the rating summary, the viewer's part (form or own review), the published
 * reviews newest first with a Report button on others', and page links that work without JavaScript.
 * The viewer's part is the browser's (useReviewViewer): the page itself is the same for everyone.
 */
export function ProductReviews({
  productId,
  reviews,
}: {
  productId: number;
  reviews: ProductReviewsResponse;
}) {
  const t = useT();
  const { summary, page, pages } = reviews;
  const { viewer, signedIn, pending, refresh } = useReviewViewer(productId);
  const ownId = viewer.kind === "reviewed" ? viewer.review.id : null;
  // The viewer's own review is shown once, in "Your review" with its Edit and Delete.
  const others = reviews.reviews.filter((r) => r.id !== ownId);
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="container-shop grid gap-8 py-12">
      <div className="grid gap-2">
        <h2 id="reviews-heading" className="text-3xl">
          {t("shop.reviews.title")}
        </h2>
        <p className="text-sm text-muted">
          {t("shop.reviews.fairness")}{" "}
          <Link to="/reviews/policy" className="font-semibold text-forest underline underline-offset-2">
            {t("shop.reviews.policy")}
          </Link>
        </p>
      </div>
      <div className="grid gap-8 md:grid-cols-[minmax(0,22rem)_1fr]">
        <div className="grid content-start gap-6">
          {summary.count > 0 ? (
            <RatingSummary summary={summary} />
          ) : (
            <div className="rounded-card bg-sand p-5">
              <p className="font-semibold">{t("shop.reviews.none")}</p>
              <p className="mt-1 text-sm text-muted">{t("shop.reviews.beFirst")}</p>
            </div>
          )}
          <div id={WRITE_REVIEW_ANCHOR} className="grid scroll-mt-24 gap-3">
            <ViewerPanel productId={productId} viewer={viewer} pending={pending} onChange={refresh} />
          </div>
        </div>
        <div className="grid content-start gap-4">
          {others.length > 0 ? (
            <ul className="grid gap-4">
              {others.map((r) => (
                <li key={r.id}>
                  <article className="rounded-card bg-white p-5 shadow-card">
                    <ReviewText review={r} />
                    {signedIn ? (
                      <div className="mt-3">
                        <ReportReview reviewId={r.id} />
                      </div>
                    ) : null}
                  </article>
                </li>
              ))}
            </ul>
          ) : ownId && summary.count === 1 ? (
            <p className="text-muted">{t("shop.reviews.yoursFirst")}</p>
          ) : null}
          {pages > 1 ? (
            <nav aria-label={t("shop.reviews.pages")} className="flex flex-wrap items-center gap-4">
              {page > 1 ? (
                <Link
                  to={`?reviews=${page - 1}#reviews`}
                  preventScrollReset
                  className="inline-flex min-h-11 items-center font-semibold text-forest underline underline-offset-2"
                >
                  {t("shop.reviews.newer")}
                </Link>
              ) : null}
              <span className="text-sm text-muted">{t("shop.reviews.page", { page, pages })}</span>
              {page < pages ? (
                <Link
                  to={`?reviews=${page + 1}#reviews`}
                  preventScrollReset
                  className="inline-flex min-h-11 items-center font-semibold text-forest underline underline-offset-2"
                >
                  {t("shop.reviews.older")}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </div>
      </div>
    </section>
  );
}
