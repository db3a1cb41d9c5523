import { type ReactNode, useId, useState } from "react";
import { CANCEL_REASONS, PAUSE_MONTHS } from "../../../core/subscription-rules.ts";
import { useT } from "../../i18n/i18n.tsx";
import { ActionForm } from "../ui/action-dialog.tsx";
import { inputClass } from "../ui/field.tsx";
import { ChoiceGroup, ChoiceOption } from "./choice-option.tsx";

export type PauseChoice = (typeof PAUSE_MONTHS)[number] | null;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/**
 * The pause dialog's form, the customer's and the owner's: 1, 2 or 3 months (it starts again by itself) or
 * until resumed. Posted as it is, its field `months` holds the number, or "" for until resumed. The words
 * are the caller's; `onConfirm` gets the choice and the form.
 */
export function PauseDialogForm({
  title,
  description,
  detail,
  untilLabel,
  untilDetail,
  error,
  pending,
  onConfirm,
  hidden,
}: {
  title: string;
  description: ReactNode;
  /** The second line of a month choice (when it starts again), if any. */
  detail: (months: number) => string | undefined;
  untilLabel: string;
  untilDetail: string;
  error: string | null;
  pending: boolean;
  onConfirm: (months: PauseChoice, form: HTMLFormElement) => void;
  /** Hidden fields the caller's post needs. */
  hidden?: ReactNode;
}) {
  const t = useT();
  const [months, setMonths] = useState<PauseChoice>(1);
  return (
    <ActionForm
      title={title}
      description={description}
      error={error}
      keepLabel={t("subscriptions.pause.keep")}
      confirmLabel={t("subscriptions.pause.confirm")}
      pendingText={t("subscriptions.pause.pending")}
      pending={pending}
      onConfirm={(form) => onConfirm(months, form)}
      hidden={hidden}
    >
      <ChoiceGroup legend={t("subscriptions.pause.for")}>
        {PAUSE_MONTHS.map((m) => (
          <ChoiceOption
            key={m}
            name="months"
            value={String(m)}
            checked={months === m}
            onChange={() => setMonths(m)}
            detail={detail(m)}
          >
            {t("subscriptions.pause.months", { months: m })}
          </ChoiceOption>
        ))}
        <ChoiceOption
          name="months"
          value=""
          checked={months === null}
          onChange={() => setMonths(null)}
          detail={untilDetail}
        >
          {untilLabel}
        </ChoiceOption>
      </ChoiceGroup>
    </ActionForm>
  );
}

/** The reasons as the customer reads them; the form posts the reason itself (core/subscription-rules.ts). */
const REASON_KEYS: Record<CancelReason, string> = {
  "I have too much product": "subscriptions.cancel.reason.tooMuch",
  "It is too expensive": "subscriptions.cancel.reason.expensive",
  "I did not notice a difference": "subscriptions.cancel.reason.noDifference",
  "I am trying another product": "subscriptions.cancel.reason.another",
  "Something else": "subscriptions.cancel.reason.other",
};

/**
 * The cancel dialog's form, the customer's and the owner's: what happens (the caller's words), then the
 * optional reason, posted as `reason` ("" for none). `onConfirm` gets the reason and the form.
 */
export function CancelDialogForm({
  title,
  description,
  reasonLabel,
  noReasonLabel,
  error,
  pending,
  onConfirm,
  hidden,
  children,
}: {
  title: string;
  description: ReactNode;
  reasonLabel: string;
  noReasonLabel: string;
  error: string | null;
  pending: boolean;
  onConfirm: (reason: CancelReason | null, form: HTMLFormElement) => void;
  /** Hidden fields the caller's post needs. */
  hidden?: ReactNode;
  /** Shown above the reason (a stack's note). */
  children?: ReactNode;
}) {
  const t = useT();
  const [reason, setReason] = useState<CancelReason | "">("");
  const id = useId();
  return (
    <ActionForm
      title={title}
      description={description}
      error={error}
      keepLabel={t("subscriptions.cancel.keep")}
      confirmLabel={t("subscriptions.cancel.confirm")}
      pendingText={t("subscriptions.cancel.pending")}
      pending={pending}
      destructive
      onConfirm={(form) => onConfirm(reason || null, form)}
      hidden={hidden}
    >
      {children}
      <div className="grid gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {reasonLabel}
        </label>
        <select
          id={id}
          name="reason"
          value={reason}
          onChange={(e) => setReason(e.target.value as CancelReason | "")}
          className={inputClass}
        >
          <option value="">{noReasonLabel}</option>
          {CANCEL_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(REASON_KEYS[r])}
            </option>
          ))}
        </select>
      </div>
    </ActionForm>
  );
}
