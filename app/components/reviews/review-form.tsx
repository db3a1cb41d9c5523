import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import type { OwnReview, ReviewInput } from "../../../core/contracts/reviews.ts";
import { REVIEW_BODY, REVIEW_TITLE } from "../../../core/review-rules.ts";
import { useT } from "../../i18n/i18n.tsx";
import { apiErrorOf, apiRequest, serverMessage } from "../../lib/api.ts";
import { Button } from "../ui/button.tsx";
import { Field, inputClass } from "../ui/field.tsx";

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
  const t = useT();
  const revalidator = useRevalidator();
  const [rating, setRating] = useState<number>(editing?.rating ?? 0);
  const [title, setTitle] = useState(editing?.title ?? "");
  const [body, setBody] = useState(editing?.body ?? "");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (rating < 1) {
      setError(t("shop.reviews.form.chooseRating"));
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
      onDone(t(saved.status === "published" ? "shop.reviews.form.published" : "shop.reviews.form.pending"));
    } catch (err) {
      setError(
        apiErrorOf(err) ? serverMessage(err, t("shop.reviews.form.failed")) : t("shop.reviews.form.offline"),
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
        <legend className="text-sm font-medium">{t("shop.reviews.form.rating")}</legend>
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
              {t("shop.reviews.stars", { count: n })}
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        id={`${id}-title`}
        label={t("shop.reviews.form.title")}
        hint={t("shop.reviews.form.titleHint", {
          min: String(REVIEW_TITLE.min),
          max: String(REVIEW_TITLE.max),
        })}
      >
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
        label={t("shop.reviews.form.body")}
        hint={t("shop.reviews.form.bodyHint", { min: String(REVIEW_BODY.min), max: String(REVIEW_BODY.max) })}
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
        <Button type="submit" pending={pending} pendingText={t("shop.reviews.sending")}>
          {t(editing ? "shop.reviews.form.save" : "shop.reviews.form.submit")}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            {t("shop.reviews.cancel")}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
