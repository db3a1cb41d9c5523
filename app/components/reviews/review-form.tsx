import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import type { OwnReview, ReviewInput } from "../../../core/contracts/reviews.ts";
import { REVIEW_BODY, REVIEW_TITLE } from "../../../core/review-rules.ts";
import { apiErrorOf, apiRequest, serverMessage } from "../../lib/api.ts";
import { Button } from "../ui/button.tsx";
import { Field, inputClass } from "../ui/field.tsx";

const OFFLINE = "The shop could not be reached. Check the connection and try again.";

/**
 * Writes a new review (POST) or changes the viewer's own (PATCH). The server checks everything again;
 * the form only mirrors its limits so most mistakes show before sending.
 */
export function ReviewForm({
  productId,
  editing,
  onDone,
  onCancel,
}: {
  productId: number;
  editing?: OwnReview;
  onDone: (message: string) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const revalidator = useRevalidator();
  const [rating, setRating] = useState<number>(editing?.rating ?? 0);
  const [title, setTitle] = useState(editing?.title ?? "");
  const [body, setBody] = useState(editing?.body ?? "");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (rating < 1) {
      setError("Choose a rating from 1 to 5 stars.");
      return;
    }
    setPending(true);
    setError(null);
    const input: ReviewInput = { rating, title, body };
    try {
      const saved = editing
        ? await apiRequest<OwnReview>("PATCH", `/api/reviews/${editing.id}`, input)
        : await apiRequest<OwnReview>("POST", `/api/products/${productId}/reviews`, input);
      await revalidator.revalidate();
      onDone(
        saved.status === "published"
          ? "Thank you: your review is published."
          : "Thank you: your review will appear once the shop has read it.",
      );
    } catch (err) {
      setError(
        apiErrorOf(err) ? serverMessage(err, "Something went wrong. Try again in a moment.") : OFFLINE,
      );
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      onSubmit={submit}
      className="grid gap-4"
      noValidate
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Your rating</legend>
        <div className="flex flex-wrap gap-2">
          {[5, 4, 3, 2, 1].map((n) => (
            <label
              key={n}
              className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-sand-deep px-4 text-sm has-[:checked]:border-forest has-[:checked]:bg-sand"
            >
              <input
                type="radio"
                name={`${id}-rating`}
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                className="accent-forest"
              />
              {n} {n === 1 ? "star" : "stars"}
            </label>
          ))}
        </div>
      </fieldset>
      <Field id={`${id}-title`} label="Title" hint={`${REVIEW_TITLE.min} to ${REVIEW_TITLE.max} characters.`}>
        <input
          id={`${id}-title`}
          className={inputClass}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          minLength={REVIEW_TITLE.min}
          maxLength={REVIEW_TITLE.max}
          required
          aria-describedby={`${id}-title-hint`}
        />
      </Field>
      <Field
        id={`${id}-body`}
        label="Your review"
        hint={`${REVIEW_BODY.min} to ${REVIEW_BODY.max} characters of plain text; links and web addresses are not allowed.`}
      >
        <textarea
          id={`${id}-body`}
          className={`${inputClass} min-h-32 py-2`}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          minLength={REVIEW_BODY.min}
          maxLength={REVIEW_BODY.max}
          required
          aria-describedby={`${id}-body-hint`}
        />
      </Field>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" pending={pending} pendingText="Sending…">
          {editing ? "Save changes" : "Submit review"}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
