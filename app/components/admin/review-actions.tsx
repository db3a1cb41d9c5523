import { useId } from "react";
import { type AdminReviewItem, HIDE_REASON_KEYS, HIDE_REASONS } from "../../../core/contracts/reviews.ts";
import { useFormAction } from "../../hooks/use-form-action.ts";
import { Button } from "../ui/button.tsx";

/**
 * Publish one review, or Hide it for one of the fixed reasons (HIDE_REASONS; the rating is never one): a
 * form posted to the page's action (it works without JavaScript); the list is read again after it, so the
 * review leaves a list it no longer belongs to.
 */
export function ReviewActions({ review }: { review: AdminReviewItem }) {
  const { fetcher, pending } = useFormAction("status");
  const moving = pending ? fetcher.formData?.get("status") : null;
  const reasonId = useId();
  const errorId = useId();
  // This review's own answer (posted without JavaScript, the page shows the answer above the list).
  const errors = fetcher.data?.errors;
  const error = errors ? (errors.reason ?? errors.form ?? errors.status ?? errors.id) : null;
  const label = `${review.title} by ${review.authorName}`;
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={review.id} />
      {review.status !== "published" ? (
        <Button
          size="sm"
          type="submit"
          name="status"
          value="published"
          pending={moving === "published"}
          pendingText="Publishing…"
          aria-label={`Publish: ${label}`}
        >
          Publish
        </Button>
      ) : null}
      <div className="grid gap-1">
        <label htmlFor={reasonId} className="text-sm font-semibold">
          {review.status === "hidden" ? "Change the reason" : "Reason to hide"}
        </label>
        <select
          id={reasonId}
          name="reason"
          defaultValue={review.hiddenReason ?? ""}
          aria-describedby={error ? errorId : undefined}
          className="min-h-11 rounded-lg border border-forest/30 bg-white px-3 text-sm text-ink"
        >
          <option value="">Choose a reason</option>
          {HIDE_REASON_KEYS.map((key) => (
            <option key={key} value={key}>
              {HIDE_REASONS[key]}
            </option>
          ))}
        </select>
      </div>
      <Button
        size="sm"
        variant="outline"
        type="submit"
        name="status"
        value="hidden"
        pending={moving === "hidden"}
        pendingText="Hiding…"
        aria-label={`${review.status === "hidden" ? "Keep hidden" : "Hide"}: ${label}`}
      >
        {review.status === "hidden" ? "Keep hidden" : "Hide"}
      </Button>
      {error ? (
        <p role="alert" id={errorId} className="w-full text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/**
 * The shop's setting: publish new and edited reviews at once, or wait for the team to read them. Ticking
 * the box posts it; without JavaScript, the Save button does.
 */
export function AutoPublishSetting({ on }: { on: boolean }) {
  const { fetcher, errors, pending } = useFormAction("settings");
  // While the post runs the box shows what was asked for; after it, what the shop has.
  const checked = fetcher.formData ? fetcher.formData.get("autoPublish") === "on" : on;
  return (
    <fetcher.Form method="post" className="mt-4 grid gap-1 rounded-card bg-sand p-4">
      <input type="hidden" name="intent" value="settings" />
      <label className="flex min-h-11 items-center gap-3 font-semibold">
        <input
          type="checkbox"
          name="autoPublish"
          className="size-5 accent-forest"
          checked={checked}
          disabled={pending}
          onChange={(e) => {
            if (e.currentTarget.form) fetcher.submit(e.currentTarget.form);
          }}
        />
        Publish new reviews at once
      </label>
      <p className="text-sm text-muted">
        Off: every new or edited review waits here until someone publishes it. On: reviews appear on the
        product page straight away, and you can still hide one.
      </p>
      <noscript>
        <Button type="submit" size="sm" variant="outline" className="mt-2 justify-self-start">
          Save setting
        </Button>
      </noscript>
      {errors?.form ? (
        <p role="alert" className="text-sm text-danger">
          {errors.form}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
