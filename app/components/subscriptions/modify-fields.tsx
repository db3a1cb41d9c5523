import { useEffect, useId, useRef } from "react";
import { useRevalidator } from "react-router";
import { formatAddressLines } from "../../../core/address.ts";
import type { ShopProduct } from "../../../core/contracts/account.ts";
import type { AddressView } from "../../../core/contracts/addresses.ts";
import type { SubscriptionView } from "../../../core/contracts/subscriptions.ts";
import { BASE_CURRENCY } from "../../../core/markets.ts";
import { formatMoney } from "../../../core/money.ts";
import { lineTotalCents, MAX_LINE_QUANTITY, subscriptionDiscountPercent } from "../../../core/pricing.ts";
import { FREQUENCY_MONTHS, MAX_NEXT_DATE_DAYS } from "../../../core/subscription-rules.ts";
import { useLocale, useT } from "../../i18n/i18n.tsx";
import { Link } from "../../i18n/link.tsx";
import { rich } from "../../i18n/rich.tsx";
import { usePrices } from "../../lib/currency.ts";
import { QuantityStepper } from "../shop/quantity-stepper.tsx";
import { inputClass } from "../ui/field.tsx";
import { StackLeaveNote, useChangePreview } from "./change-preview.tsx";
import { ChoiceGroup, ChoiceOption } from "./choice-option.tsx";
import { frequencyText, priceLine, shortAddress } from "./subscription-text.ts";

export function FrequencyField({
  sub,
  months,
  onChange,
}: {
  sub: SubscriptionView;
  months: number;
  onChange: (months: number) => void;
}) {
  const t = useT();
  const name = useId();
  return (
    <ChoiceGroup legend={t("subscriptions.modify.deliver")}>
      {FREQUENCY_MONTHS.map((m) => (
        <ChoiceOption
          key={m}
          name={name}
          checked={months === m}
          onChange={() => onChange(m)}
          detail={m === sub.intervalMonths ? t("subscriptions.modify.currentFrequency") : undefined}
        >
          {t("subscriptions.modify.frequencyOption", { months: m })}
        </ChoiceOption>
      ))}
    </ChoiceGroup>
  );
}

export function QuantityField({
  sub,
  quantity,
  onChange,
}: {
  sub: SubscriptionView;
  quantity: number;
  onChange: (quantity: number) => void;
}) {
  const t = useT();
  // The server's price for the new quantity: a stack's line leaves its stack (server/subscriptions/stack-lines.ts).
  const preview = useChangePreview(sub, "quantity", quantity === sub.quantity ? null : { quantity });
  return (
    <div className="grid gap-2">
      <p className="font-semibold text-ink">{t("subscriptions.modify.holds")}</p>
      <div className="flex flex-wrap items-center gap-4">
        <QuantityStepper
          value={quantity}
          label={sub.productName}
          max={MAX_LINE_QUANTITY}
          onDecrease={() => onChange(Math.max(1, quantity - 1))}
          onIncrease={() => onChange(Math.min(MAX_LINE_QUANTITY, quantity + 1))}
        />
        <p className="text-sm text-muted" aria-live="polite" data-testid="quantity-price">
          {preview.data
            ? priceLine(t, { ...preview.data.subscription, intervalMonths: sub.intervalMonths })
            : quantity === sub.quantity
              ? priceLine(t, sub)
              : t("subscriptions.modify.pricing")}
        </p>
      </div>
      {sub.bundleId && quantity !== sub.quantity ? (
        <p className="text-sm text-muted">{t("subscriptions.modify.quantityStack")}</p>
      ) : null}
      {preview.data ? <StackLeaveNote others={preview.data.others} /> : null}
    </div>
  );
}

/** The other products, each priced as the swap would price it: its own subscription discount. */
export function SwapField({
  sub,
  products,
  productId,
  onChange,
}: {
  sub: SubscriptionView;
  products: ShopProduct[];
  productId: number | null;
  onChange: (productId: number) => void;
}) {
  const t = useT();
  const name = useId();
  const prices = usePrices();
  // A swap is priced in the subscription's currency (decision 051): from the products' own prices in US
  // dollars, from the page's list when it is in the subscription's currency; else the preview says it.
  const unitCents = (p: ShopProduct): number | null =>
    sub.currency === BASE_CURRENCY
      ? p.priceCents
      : prices.currency === sub.currency
        ? prices.product(p.id)
        : null;
  return (
    <>
      <ChoiceGroup legend={t("subscriptions.modify.sendInstead")}>
        {products.map((p) => {
          const current = p.id === sub.productId;
          const unit = unitCents(p);
          const cents =
            unit === null
              ? null
              : lineTotalCents(unit, sub.quantity, subscriptionDiscountPercent(p.subscriptionDiscount));
          return (
            <ChoiceOption
              key={p.id}
              name={name}
              checked={productId === p.id}
              onChange={() => onChange(p.id)}
              disabled={current}
              detail={
                current ? t("subscriptions.modify.currentProduct") : frequencyText(t, sub.intervalMonths)
              }
              aside={cents === null ? undefined : formatMoney(cents, sub.currency)}
            >
              {sub.quantity > 1 ? `${sub.quantity}x ${p.name}` : p.name}
            </ChoiceOption>
          );
        })}
      </ChoiceGroup>
      {sub.bundleId ? <p className="text-sm text-muted">{t("subscriptions.modify.swapStack")}</p> : null}
    </>
  );
}

export function NextDateField({
  date,
  bounds,
  onChange,
}: {
  date: string;
  bounds: { min: string; max: string };
  onChange: (date: string) => void;
}) {
  const t = useT();
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="font-semibold text-ink">
        {t("subscriptions.modify.nextDate")}
      </label>
      <input
        id={id}
        type="date"
        value={date}
        min={bounds.min}
        max={bounds.max}
        required
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
        className={`${inputClass} sm:max-w-60`}
      />
      <p id={`${id}-hint`} className="text-sm text-muted">
        {t("subscriptions.modify.nextDate.hint", { days: MAX_NEXT_DATE_DAYS })}
      </p>
    </div>
  );
}

/** The address book's saved addresses; the subscription keeps its own copy of the one chosen. */
export function AddressField({
  sub,
  addresses,
  addressId,
  onChange,
}: {
  sub: SubscriptionView;
  addresses: AddressView[];
  addressId: string | null;
  onChange: (addressId: string) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const name = useId();
  // The book is read again when the choice is shown: checkout (or another tab) may have saved one since.
  const { revalidate } = useRevalidator();
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void revalidate();
  }, [revalidate]);
  const shipsNow = sub.shippingAddress ? formatAddressLines(sub.shippingAddress, locale).join("\n") : null;
  const current = sub.shippingAddress ? (
    <p className="text-sm text-muted">
      {rich(t, "subscriptions.modify.shipsNow", {
        address: <span className="text-ink">{shortAddress(sub.shippingAddress)}</span>,
      })}
    </p>
  ) : null;
  if (addresses.length === 0)
    return (
      <>
        {current}
        <p className="text-sm text-ink">
          {rich(t, "subscriptions.modify.noAddresses", {
            link: (
              <Link
                to="/account/addresses"
                className="font-semibold text-forest underline underline-offset-2"
              >
                {t("subscriptions.modify.noAddresses.link")}
              </Link>
            ),
          })}
        </p>
      </>
    );
  return (
    <>
      {current}
      <ChoiceGroup legend={t("subscriptions.modify.shipTo")}>
        {addresses.map((a) => {
          const [person, ...lines] = formatAddressLines(a, locale);
          const isCurrent = shipsNow === formatAddressLines(a, locale).join("\n");
          return (
            <ChoiceOption
              key={a.id}
              name={name}
              checked={addressId === a.id}
              onChange={() => onChange(a.id)}
              detail={
                isCurrent
                  ? t("subscriptions.modify.shipsHereNow", { lines: lines.join(", ") })
                  : lines.join(", ")
              }
            >
              <span className="font-semibold">{person}</span>
            </ChoiceOption>
          );
        })}
      </ChoiceGroup>
    </>
  );
}
