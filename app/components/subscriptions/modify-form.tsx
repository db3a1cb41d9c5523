import { useId, useState } from "react";
import type { ShopProduct } from "../../../core/contracts/account.ts";
import type { AddressView } from "../../../core/contracts/addresses.ts";
import type { SubscriptionView } from "../../../core/contracts/subscriptions.ts";
import { MAX_NEXT_DATE_DAYS } from "../../../core/subscription-rules.ts";
import { useT } from "../../i18n/i18n.tsx";
import { ActionForm } from "../ui/action-dialog.tsx";
import { AddressField, FrequencyField, NextDateField, QuantityField, SwapField } from "./modify-fields.tsx";
import { isModifyAction, type ModifyAction, nextDateBounds, productLine } from "./subscription-text.ts";
import { useRunAction } from "./use-run-action.ts";

/** Each change's words, as message keys. */
const CHOICES: Record<ModifyAction, { label: string; confirm: string; pending: string }> = {
  frequency: {
    label: "subscriptions.modify.choice.frequency",
    confirm: "subscriptions.modify.confirm.frequency",
    pending: "subscriptions.modify.pending.saving",
  },
  quantity: {
    label: "subscriptions.modify.choice.quantity",
    confirm: "subscriptions.modify.confirm.quantity",
    pending: "subscriptions.modify.pending.saving",
  },
  swap: {
    label: "subscriptions.modify.choice.swap",
    confirm: "subscriptions.modify.confirm.swap",
    pending: "subscriptions.modify.pending.swapping",
  },
  "next-date": {
    label: "subscriptions.modify.choice.nextDate",
    confirm: "subscriptions.modify.confirm.nextDate",
    pending: "subscriptions.modify.pending.moving",
  },
  address: {
    label: "subscriptions.modify.choice.address",
    confirm: "subscriptions.modify.confirm.address",
    pending: "subscriptions.modify.pending.saving",
  },
};

/**
 * Modify: one change at a time (frequency, quantity, product, next date, address: those the status
 * allows), each confirmed here and sent as its own action, so each gets its own confirmation e-mail.
 * A choice that changes nothing is caught here, with the rule in words, before anything is sent.
 */
export function ModifyForm({
  sub,
  addresses,
  products,
  onDone,
}: {
  sub: SubscriptionView;
  addresses: AddressView[];
  products: ShopProduct[];
  onDone: () => void;
}) {
  const t = useT();
  const { run, error, setError, pending } = useRunAction(sub, onDone);
  const offered = sub.actions.filter(isModifyAction);
  const [choice, setChoice] = useState<ModifyAction>(offered[0] ?? "frequency");
  const [bounds] = useState(() => nextDateBounds(new Date()));
  const [months, setMonths] = useState(sub.intervalMonths);
  const [quantity, setQuantity] = useState(sub.quantity);
  const [productId, setProductId] = useState<number | null>(null);
  const [date, setDate] = useState(() => {
    const current = sub.nextBillingDate?.slice(0, 10) ?? "";
    return current >= bounds.min && current <= bounds.max ? current : bounds.min;
  });
  const [addressId, setAddressId] = useState<string | null>(null);
  const name = useId();

  function confirm() {
    switch (choice) {
      case "frequency":
        if (months === sub.intervalMonths)
          return setError(t("subscriptions.modify.error.sameFrequency", { months }));
        return run({ action: "frequency", body: { months } });
      case "quantity":
        if (quantity === sub.quantity)
          return setError(t("subscriptions.modify.error.sameQuantity", { quantity }));
        return run({ action: "quantity", body: { quantity } });
      case "swap":
        if (productId === null) return setError(t("subscriptions.modify.error.product"));
        return run({ action: "swap", body: { productId } });
      case "next-date":
        if (!date || date < bounds.min || date > bounds.max)
          return setError(t("subscriptions.modify.error.date", { days: MAX_NEXT_DATE_DAYS }));
        return run({ action: "next-date", body: { date } });
      case "address":
        if (addressId === null) return setError(t("subscriptions.modify.error.address"));
        return run({ action: "address", body: { addressId } });
    }
  }

  const copy = CHOICES[choice];
  return (
    <ActionForm
      title={t("subscriptions.modify.title", { name: productLine(sub) })}
      description={<p>{t("subscriptions.modify.text")}</p>}
      error={error}
      keepLabel={t("subscriptions.modify.keep")}
      confirmLabel={t(copy.confirm)}
      pendingText={t(copy.pending)}
      pending={pending}
      onConfirm={confirm}
    >
      {offered.length > 1 ? (
        <fieldset>
          <legend className="mb-2 font-semibold text-ink">{t("subscriptions.modify.what")}</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {offered.map((a) => (
              <label
                key={a}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border-2 border-sand-deep bg-white px-3 text-sm font-medium text-ink has-[:checked]:border-forest"
              >
                <input
                  type="radio"
                  name={name}
                  checked={choice === a}
                  onChange={() => {
                    setChoice(a);
                    setError(null);
                  }}
                  className="size-4 shrink-0 accent-forest"
                />
                {t(CHOICES[a].label)}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className="grid gap-3 rounded-xl bg-sand/60 p-4">
        {choice === "frequency" ? <FrequencyField sub={sub} months={months} onChange={setMonths} /> : null}
        {choice === "quantity" ? (
          <QuantityField sub={sub} quantity={quantity} onChange={setQuantity} />
        ) : null}
        {choice === "swap" ? (
          <SwapField sub={sub} products={products} productId={productId} onChange={setProductId} />
        ) : null}
        {choice === "next-date" ? <NextDateField date={date} bounds={bounds} onChange={setDate} /> : null}
        {choice === "address" ? (
          <AddressField sub={sub} addresses={addresses} addressId={addressId} onChange={setAddressId} />
        ) : null}
      </div>
    </ActionForm>
  );
}
