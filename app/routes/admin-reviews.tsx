import { Link } from "react-router";
import { HIDE_REASONS, REPORT_REASONS, type ReviewStatus } from "../../core/contracts/reviews.ts";
import { reactionFormPath } from "../../core/reaction-report.ts";
import { ListPager } from "../components/admin/list-pager.tsx";
import { AutoPublishSetting, ReviewActions } from "../components/admin/review-actions.tsx";
import { Stars } from "../components/reviews/stars.tsx";
import { Badge } from "../components/ui/status-badge.tsx";
import { formatDateTime } from "../lib/format-date.ts";
import type { Route } from "./+types/admin-reviews";

export { action, headers, loader } from "./admin-reviews.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Reviews | MANA dashboard" },
  { name: "robots", content: "noindex" },
];

const TABS: { status: ReviewStatus; label: string }[] = [
  { status: "pending", label: "Waiting" },
  { status: "published", label: "Published" },
  { status: "hidden", label: "Hidden" },
];

const EMPTY: Record<ReviewStatus, string> = {
  pending: "No review is waiting to be read.",
  published: "No review is published yet.",
  hidden: "No review is hidden.",
};

/** Customers' reviews by state, waiting ones first, reported ones flagged; publish, hide, and the setting. */
export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { query, list, problem, may } = loaderData;
  // A review posted without JavaScript: its refusal, if any (with JavaScript it shows on the review).
  const refusal = actionData?.intent === "status" ? actionData.errors : null;
  return (
    <section className="mt-6">
      <h1 className="text-3xl sm:text-4xl">Reviews</h1>
      <p className="mt-2 max-w-prose text-muted">
        Reviews from customers whose order was delivered. The product page shows published reviews only. A
        review is hidden only for one of the reasons listed, never for its rating: see the{" "}
        <Link to="/reviews/policy" className="text-forest underline">
          review policy
        </Link>
        .
      </p>
      {may.settings ? <AutoPublishSetting on={list.autoPublish} /> : null}

      <nav aria-label="Reviews by state" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {TABS.map((t) => (
            <li key={t.status}>
              <Link
                to={t.status === "pending" ? "/admin/reviews" : `/admin/reviews?status=${t.status}`}
                aria-current={query.status === t.status ? "page" : undefined}
                className={`inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold ${
                  query.status === t.status
                    ? "bg-forest text-cream"
                    : "border border-forest/30 text-forest hover:bg-sand"
                }`}
              >
                {t.label}
                {t.status === "pending" ? ` (${list.pendingCount})` : ""}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {problem ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {problem}
        </p>
      ) : null}
      {refusal ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {refusal.form ?? refusal.status ?? refusal.id}
        </p>
      ) : null}

      {list.reviews.length === 0 ? (
        <p className="mt-6 text-muted">{EMPTY[query.status]}</p>
      ) : (
        <ul className="mt-6 grid gap-4">
          {list.reviews.map((r) => (
            <li key={r.id}>
              <article className="grid gap-2 rounded-card bg-white p-5 shadow-card" aria-label={r.title}>
                <div className="flex flex-wrap items-center gap-2">
                  <Stars rating={r.rating} />
                  {r.reactionFlag ? <Badge tone="red">Mentions a reaction</Badge> : null}
                  {r.reportCount > 0 ? (
                    <Badge tone="red">
                      {`Reported ${r.reportCount} ${r.reportCount === 1 ? "time" : "times"}`}
                    </Badge>
                  ) : null}
                </div>
                <h2 className="text-lg">{r.title}</h2>
                <p className="text-sm text-muted">
                  <Link to={`/products/${r.productSlug}`} className="font-semibold text-forest underline">
                    {r.productName}
                  </Link>{" "}
                  · {r.authorName} ({r.authorEmail}) · {formatDateTime(r.createdAt)}
                </p>
                <p className="whitespace-pre-line">{r.body}</p>
                {r.reportCount > 0 ? (
                  <p className="text-sm">
                    <span className="font-semibold">Reasons given:</span>{" "}
                    {r.reportReasons.map((reason) => REPORT_REASONS[reason]).join("; ")}
                  </p>
                ) : null}
                {r.status === "hidden" && r.hiddenReason ? (
                  <p className="text-sm">
                    <span className="font-semibold">Hidden because:</span> {HIDE_REASONS[r.hiddenReason]}
                    {r.moderatedBy ? ` · by ${r.moderatedBy}` : ""}
                  </p>
                ) : r.moderatedBy ? (
                  <p className="text-sm text-muted">Last moderated by {r.moderatedBy}</p>
                ) : null}
                {r.reactionFlag ? (
                  <p className="text-sm">
                    This review reads like a report of a reaction.{" "}
                    <Link
                      to={reactionFormPath({
                        product: r.productSlug,
                        name: r.authorName,
                        email: r.authorEmail,
                        description: `From a review of ${r.productName}: ${r.title}. ${r.body}`,
                      })}
                      className="font-semibold text-forest underline"
                    >
                      Start a reaction report from it
                    </Link>
                  </p>
                ) : null}
                {may.moderate ? <ReviewActions review={r} /> : null}
              </article>
            </li>
          ))}
        </ul>
      )}

      <ListPager
        label="Pages of reviews"
        path="/admin/reviews"
        query={{ status: query.status === "pending" ? "" : query.status }}
        page={list.page}
        pages={list.pages}
      />
    </section>
  );
}
