import { useState } from "react";
import { useRevalidator } from "react-router";
import type { AdminReviewItem } from "../../../core/contracts/reviews.ts";
import { apiRequest, readApiError } from "../../lib/api.ts";
import { Button } from "../ui/button.tsx";

const OFFLINE = "The shop could not be reached. Check the connection and try again.";

/** Publish or Hide one review; the list reloads, so the review leaves a list it no longer belongs to. */
export function ReviewActions({ review }: { review: AdminReviewItem }) {
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function move(status: "published" | "hidden") {
    setPending(status);
    setError(null);
    try {
      await apiRequest("POST", `/api/admin/reviews/${review.id}/status`, { status });
      await revalidator.revalidate();
    } catch (err) {
      setError(readApiError(err)?.message ?? OFFLINE);
    } finally {
      setPending(null);
    }
  }
  const label = `${review.title} by ${review.authorName}`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {review.status !== "published" ? (
        <Button
          size="sm"
          onClick={() => move("published")}
          pending={pending === "published"}
          pendingText="Publishing…"
          aria-label={`Publish: ${label}`}
        >
          Publish
        </Button>
      ) : null}
      {review.status !== "hidden" ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => move("hidden")}
          pending={pending === "hidden"}
          pendingText="Hiding…"
          aria-label={`Hide: ${label}`}
        >
          Hide
        </Button>
      ) : null}
      {error ? (
        <p role="alert" className="w-full text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The shop's setting: publish new and edited reviews at once, or wait for the team to read them. */
export function AutoPublishSetting({ on }: { on: boolean }) {
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function change(next: boolean) {
    setPending(true);
    setError(null);
    try {
      await apiRequest("PUT", "/api/admin/reviews/settings", { autoPublish: next });
      await revalidator.revalidate();
    } catch (err) {
      setError(readApiError(err)?.message ?? OFFLINE);
    } finally {
      setPending(false);
    }
  }
  return (
    <div className="mt-4 grid gap-1 rounded-card bg-sand p-4">
      <label className="flex min-h-11 items-center gap-3 font-semibold">
        <input
          type="checkbox"
          className="size-5 accent-forest"
          checked={on}
          disabled={pending}
          onChange={(e) => change(e.target.checked)}
        />
        Publish new reviews at once
      </label>
      <p className="text-sm text-muted">
        Off: every new or edited review waits here until someone publishes it. On: reviews appear on the
        product page straight away, and you can still hide one.
      </p>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
