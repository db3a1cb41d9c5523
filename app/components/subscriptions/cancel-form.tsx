import type { SubscriptionView } from "../../../core/contracts/subscriptions.ts";
import { useLocale, useT } from "../../i18n/i18n.tsx";
import { rich } from "../../i18n/rich.tsx";
import { formatDate } from "../../lib/format-date.ts";
import { StackLeaveNote, useChangePreview } from "./change-preview.tsx";
import { CancelDialogForm } from "./pause-cancel-forms.tsx";
import { cancelRunsUntil, productLine } from "./subscription-text.ts";
import { useRunAction } from "./use-run-action.ts";

/**
 * Cancel, with an optional reason. An active subscription runs to the end of the period already paid for
 * (its next billing date); a paused or unpaid one ends at once.
 */
export function CancelForm({ sub, onDone }: { sub: SubscriptionView; onDone: () => void }) {
  const t = useT();
  const locale = useLocale();
  const { run, error, pending } = useRunAction(sub, onDone);
  const runsOn = cancelRunsUntil(sub);
  // A stack's line: the server's prices for the stack's other lines once this one has left.
  const preview = useChangePreview(sub, "cancel", sub.bundleId ? {} : null);
  return (
    <CancelDialogForm
      title={t("subscriptions.cancel.title", { name: productLine(sub) })}
      description={
        runsOn ? (
          <p>
            {rich(t, "subscriptions.cancel.runsUntil", {
              date: <strong className="text-ink">{formatDate(runsOn, locale)}</strong>,
            })}
          </p>
        ) : (
          <p>{t("subscriptions.cancel.today")}</p>
        )
      }
      reasonLabel={t("subscriptions.cancel.reason")}
      noReasonLabel={t("subscriptions.cancel.noReason")}
      error={error}
      pending={pending}
      onConfirm={(reason) => run({ action: "cancel", body: { reason } })}
    >
      {preview.data ? <StackLeaveNote others={preview.data.others} /> : null}
    </CancelDialogForm>
  );
}
