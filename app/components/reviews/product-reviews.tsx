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
import { Link } from "../../i18n/link.tsx";
import { apiRequest, serverMessage } from "../../lib/api.ts";
import { formatDate } from "../../lib/format-date.ts";
import { Button } from "../ui/button.tsx";
import { RatingSummary } from "./rating-summary.tsx";
import { ReportReview } from "./report-review.tsx";
import { ReviewForm } from "./review-form.tsx";
import { Stars } from "./stars.tsx";

function ReviewText({ review }: { review: PublicReview }) {
  return (
    <>
      <Stars rating={review.rating} />
      <h3 className="mt-1 text-lg">{review.title}</h3>
      <p className="text-sm text-muted">
        {review.authorName} · <span className="font-semibold text-verdant">Verified buyer</span> ·{" "}
        <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
      </p>
      <p className="mt-2 whitespace-pre-line">{review.body}</p>
    </>
  );
}

const STATUS_NOTE: Record<OwnReview["status"], string> = {
  pending: "Waiting for the shop to read it: it appears here once published.",
  published: "Published.",
  hidden: "Not shown: the shop has hidden it. Edit it and the shop will read it again.",
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
      setError(serverMessage(err, "The shop could not be reached. Try again in a moment."));
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
      <h3 className="text-lg">Your review</h3>
      {message ? (
        <p role="status" className="text-sm font-medium">
          {message}
        </p>
      ) : null}
      <p className="text-sm text-muted">{STATUS_NOTE[review.status]}</p>
      <div className="rounded-card bg-white p-4 shadow-card">
        <ReviewText review={review} />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button ref={editButton} variant="secondary" size="sm" onClick={() => setEditing(true)}>
          Edit
        </Button>
        {confirming ? (
          <>
            <Button variant="destructive" size="sm" className="border border-danger" onClick={remove}>
              Yes, delete my review
            </Button>
            <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </>
        ) : (
          <Button variant="destructive" size="sm" onClick={() => setConfirming(true)}>
            Delete
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
  const [thanks, setThanks] = useState<string | null>(null);
  if (pending)
    return (
      <p role="status" className="text-muted">
        Looking up your review…
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
          Reviews come from customers whose order was delivered.{" "}
          <Link to="/auth" className="font-semibold text-forest underline underline-offset-2">
            Sign in to review this product
          </Link>
          .
        </p>
      );
    case "not-buyer":
      return (
        <p className="text-muted">
          Reviews come from verified buyers: once your order of this product is delivered, you can review it
          here.
        </p>
      );
    case "may-review":
      return (
        <>
          <h3 className="text-lg">Write a review</h3>
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
  const { summary, page, pages } = reviews;
  const { viewer, signedIn, pending, refresh } = useReviewViewer(productId);
  const ownId = viewer.kind === "reviewed" ? viewer.review.id : null;
  // The viewer's own review is shown once, in "Your review" with its Edit and Delete.
  const others = reviews.reviews.filter((r) => r.id !== ownId);
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="container-shop grid gap-8 py-12">
      <div className="grid gap-2">
        <h2 id="reviews-heading" className="text-3xl">
          Customer reviews
        </h2>
        <p className="text-sm text-muted">
          We publish critical reviews as we publish kind ones, and never hide one for its rating.{" "}
          <Link to="/reviews/policy" className="font-semibold text-forest underline underline-offset-2">
            Our review policy
          </Link>
        </p>
      </div>
      <div className="grid gap-8 md:grid-cols-[minmax(0,22rem)_1fr]">
        <div className="grid content-start gap-6">
          {summary.count > 0 ? (
            <RatingSummary summary={summary} />
          ) : (
            <div className="rounded-card bg-sand p-5">
              <p className="font-semibold">No reviews yet</p>
              <p className="mt-1 text-sm text-muted">
                Bought it? Once your order is delivered, be the first to say what you think.
              </p>
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
            <p className="text-muted">Yours is the first review of this product: thank you.</p>
          ) : null}
          {pages > 1 ? (
            <nav aria-label="Pages of reviews" className="flex flex-wrap items-center gap-4">
              {page > 1 ? (
                <Link
                  to={`?reviews=${page - 1}#reviews`}
                  preventScrollReset
                  className="inline-flex min-h-11 items-center font-semibold text-forest underline underline-offset-2"
                >
                  Newer reviews
                </Link>
              ) : null}
              <span className="text-sm text-muted">
                Page {page} of {pages}
              </span>
              {page < pages ? (
                <Link
                  to={`?reviews=${page + 1}#reviews`}
                  preventScrollReset
                  className="inline-flex min-h-11 items-center font-semibold text-forest underline underline-offset-2"
                >
                  Older reviews
                </Link>
              ) : null}
            </nav>
          ) : null}
        </div>
      </div>
    </section>
  );
}
