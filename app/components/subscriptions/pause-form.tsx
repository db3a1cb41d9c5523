import type { SubscriptionView } from "../../../core/contracts/subscriptions.ts";
import { addMonths } from "../../../core/subscription-rules.ts";
import { useLocale, useT } from "../../i18n/i18n.tsx";
import { formatDate } from "../../lib/format-date.ts";
import { PauseDialogForm } from "./pause-cancel-forms.tsx";
import { productLine } from "./subscription-text.ts";
import { useRunAction } from "./use-run-action.ts";

/** Pause for 1, 2 or 3 months (it resumes by itself, the next delivery moved on) or until resumed. */
export function PauseForm({ sub, onDone }: { sub: SubscriptionView; onDone: () => void }) {
  const t = useT();
  const locale = useLocale();
  const { run, error, pending } = useRunAction(sub, onDone);
  const next = sub.nextBillingDate ? new Date(sub.nextBillingDate) : null;
  return (
    <PauseDialogForm
      title={t("subscriptions.pause.title", { name: productLine(sub) })}
      description={<p>{t("subscriptions.pause.text")}</p>}
      detail={(m) =>
        next ? t("subscriptions.pause.startsOn", { date: formatDate(addMonths(next, m), locale) }) : undefined
      }
      untilLabel={t("subscriptions.pause.until")}
      untilDetail={t("subscriptions.pause.until.detail")}
      error={error}
      pending={pending}
      onConfirm={(months) => run({ action: "pause", body: { months } })}
    />
  );
}
