import type { ShopProduct } from "../../../core/contracts/account.ts";
import type { AddressView } from "../../../core/contracts/addresses.ts";
import type { SubscriptionView } from "../../../core/contracts/subscriptions.ts";
import { ActionDialog } from "../ui/action-dialog.tsx";
import { CancelForm } from "./cancel-form.tsx";
import { ModifyForm } from "./modify-form.tsx";
import { PauseForm } from "./pause-form.tsx";
import { ResumeForm, SkipForm } from "./schedule-forms.tsx";
import type { DialogKind } from "./subscription-card.tsx";

export interface DialogTarget {
  kind: DialogKind;
  sub: SubscriptionView;
}

/** The one dialog of the Subscriptions tab, showing the form of the action it was opened for. */
export function SubscriptionDialog({
  target,
  addresses,
  products,
  onClose,
  opener,
  fallback,
}: {
  target: DialogTarget | null;
  addresses: AddressView[];
  products: ShopProduct[];
  onClose: () => void;
  opener: () => HTMLElement | null;
  fallback: () => HTMLElement | null;
}) {
  const sub = target?.sub;
  return (
    <ActionDialog open={target !== null} onClose={onClose} opener={opener} fallback={fallback}>
      {sub && target.kind === "pause" ? <PauseForm sub={sub} onDone={onClose} /> : null}
      {sub && target.kind === "resume" ? <ResumeForm sub={sub} onDone={onClose} /> : null}
      {sub && target.kind === "skip" ? <SkipForm sub={sub} onDone={onClose} /> : null}
      {sub && target.kind === "modify" ? (
        <ModifyForm sub={sub} addresses={addresses} products={products} onDone={onClose} />
      ) : null}
      {sub && target.kind === "cancel" ? <CancelForm sub={sub} onDone={onClose} /> : null}
    </ActionDialog>
  );
}
