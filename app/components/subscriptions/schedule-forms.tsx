import type { SubscriptionView } from "../../../core/contracts/subscriptions.ts";
import { addMonths } from "../../../core/subscription-rules.ts";
import { useLocale, useT } from "../../i18n/i18n.tsx";
import { formatDate } from "../../lib/format-date.ts";
import { ActionForm } from "../ui/action-dialog.tsx";
import { productLine } from "./subscription-text.ts";
import { useRunAction } from "./use-run-action.ts";

/** Resume a paused subscription: deliveries and charges start again. */
export function ResumeForm({ sub, onDone }: { sub: SubscriptionView; onDone: () => void }) {
  const t = useT();
  const locale = useLocale();
  const { run, error, pending } = useRunAction(sub, onDone);
  return (
    <ActionForm
      title={t("subscriptions.resume.title", { name: productLine(sub) })}
      description={
        <p>
          {sub.pausedUntil
            ? t("subscriptions.resume.text.on", { date: formatDate(sub.pausedUntil, locale) })
            : t("subscriptions.resume.text")}
        </p>
      }
      error={error}
      keepLabel={t("subscriptions.resume.keep")}
      confirmLabel={t("subscriptions.resume.confirm")}
      pendingText={t("subscriptions.resume.pending")}
      pending={pending}
      onConfirm={() => run({ action: "resume", body: {} })}
    />
  );
}

/** Skip the next delivery: it is not charged, and the one after comes a full interval later. */
export function SkipForm({ sub, onDone }: { sub: SubscriptionView; onDone: () => void }) {
  const t = useT();
  const locale = useLocale();
  const { run, error, pending } = useRunAction(sub, onDone);
  const next = sub.nextBillingDate ? new Date(sub.nextBillingDate) : null;
  return (
    <ActionForm
      title={t("subscriptions.skip.title")}
      description={
        next ? (
          <>
            <p>{t("subscriptions.skip.text", { name: productLine(sub), date: formatDate(next, locale) })}</p>
            <p>
              {t("subscriptions.skip.after", {
                date: formatDate(addMonths(next, sub.intervalMonths), locale),
              })}
            </p>
          </>
        ) : (
          <p>{t("subscriptions.skip.text.noDate")}</p>
        )
      }
      error={error}
      keepLabel={t("subscriptions.skip.keep")}
      confirmLabel={t("subscriptions.skip.confirm")}
      pendingText={t("subscriptions.skip.pending")}
      pending={pending}
      onConfirm={() => run({ action: "skip", body: {} })}
    />
  );
}
