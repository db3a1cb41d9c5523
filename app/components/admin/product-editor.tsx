import { Fragment, useEffect, useId, useRef } from "react";
import { LIST_CURRENCIES, type ListCurrency } from "../../../core/contracts/admin-prices.ts";
import type { AdminAuditView, AdminProductView } from "../../../core/contracts/admin-products.ts";
import { isCurrency } from "../../../core/markets.ts";
import { formatMoney } from "../../../core/money.ts";
import { useFormAction } from "../../hooks/use-form-action.ts";
import { toast } from "../../hooks/use-toast.ts";
import { Button } from "../ui/button.tsx";
import { inputClass } from "../ui/field.tsx";
import { AuditList } from "./audit-list.tsx";
import { amountText, CURRENCY_NAMES, priceField } from "./price-form-model.ts";
import { formValues, type ProductFormValues } from "./product-form-model.ts";
import { StockBadge } from "./stock-badge.tsx";

interface Props {
  product: AdminProductView;
  audit: AdminAuditView[];
  /** Its prices in the other currencies' lists (null: not priced there), decision 051. */
  listPrices: Record<ListCurrency, number | null>;
  may: { price: boolean; stock: boolean };
  /** The days "Apply to existing subscriptions" may take effect on, as "YYYY-MM-DD" (decision 043). */
  priceNotice: { earliest: string; latest: string; default: string };
}

const FIELDS: {
  key: keyof ProductFormValues;
  label: string;
  hint: string;
  needs: "price" | "stock";
  inputMode: "decimal" | "numeric";
}[] = [
  {
    key: "price",
    label: "Price (USD)",
    hint: "Per month, such as 30.00.",
    needs: "price",
    inputMode: "decimal",
  },
  {
    key: "discount",
    label: "Subscription discount (%)",
    hint: "Leave blank for the shop's default, 15%.",
    needs: "price",
    inputMode: "numeric",
  },
  {
    key: "stock",
    label: "Stock on hand",
    hint: "Units you can ship now.",
    needs: "stock",
    inputMode: "numeric",
  },
  {
    key: "threshold",
    label: "Low-stock threshold",
    hint: "Flagged as low stock at or below this.",
    needs: "stock",
    inputMode: "numeric",
  },
];

/**
 * One product's card: its figures, the form for what the role may change, and its audit trail. The form
 * posts to the page's action (it works without JavaScript), which answers a message per wrong field; the
 * first field to fix then takes the focus. The page reads the product again after a save, and the form
 * starts again from the values the shop now has.
 */
export function ProductEditor({ product, audit, listPrices, may, priceNotice }: Props) {
  const id = useId();
  const intent = `product-${product.id}`;
  const { fetcher, errors, pending } = useFormAction(intent, () =>
    toast(
      fetcher.data?.unchanged
        ? { title: "Nothing to save", description: `${product.name} already has these values.` }
        : { title: "Saved", description: `${product.name} is updated in the shop.` },
    ),
  );
  const form = useRef<HTMLFormElement>(null);
  const editable = FIELDS.filter((f) => may[f.needs]);
  const values = formValues(product);
  const item = `product:${product.id}`;
  const listFields = LIST_CURRENCIES.map((currency) => ({ currency, name: priceField(item, currency) }));
  const answered = fetcher.data;
  useEffect(() => {
    // The first field to fix, in the form's order, takes the focus; its message is read with it.
    const names = [
      "price",
      ...LIST_CURRENCIES.map((c) => priceField(item, c)),
      ...FIELDS.slice(1).map((f) => f.key),
    ];
    const first = names.find((name) => answered?.errors?.[name]);
    if (first) form.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  }, [answered, item]);

  return (
    <section aria-labelledby={`${id}-name`} className="rounded-card bg-white p-4 shadow-card sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-name`} className="text-2xl">
          {product.name}
        </h2>
        <StockBadge state={product.stock} />
      </div>
      <p className="mt-1 text-sm text-muted">
        {formatMoney(product.priceCents)} a month
        {LIST_CURRENCIES.map((c) =>
          listPrices[c] === null ? ` · not priced in ${c}` : ` · ${formatMoney(listPrices[c], c)}`,
        ).join("")}{" "}
        · subscription{" "}
        {product.subscriptionDiscount === null
          ? "15% off (shop default)"
          : `${product.subscriptionDiscount}% off`}{" "}
        · {product.stockOnHand} on hand, low at {product.lowStockThreshold}
      </p>

      {editable.length > 0 ? (
        <fetcher.Form
          // A new form when the product's values change, so its fields show what the shop now has.
          key={[...Object.values(values), ...Object.values(listPrices)].join("|")}
          ref={form}
          method="post"
          noValidate
          className="mt-4 grid gap-4"
          aria-label={`Edit ${product.name}`}
        >
          <input type="hidden" name="intent" value={intent} />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {editable.map((f) => (
              <Fragment key={f.key}>
                <TextField
                  id={`${id}-${f.key}`}
                  name={f.key}
                  label={f.label}
                  hint={f.hint}
                  inputMode={f.inputMode}
                  value={values[f.key]}
                  error={errors?.[f.key]}
                />
                {/* The other currencies' prices follow the US dollar price (decision 051). */}
                {f.key === "price"
                  ? listFields.map((l) => (
                      <TextField
                        key={l.name}
                        id={`${id}-${l.currency}`}
                        name={l.name}
                        label={`Price (${l.currency})`}
                        hint={`In ${CURRENCY_NAMES[l.currency]}, such as 40.00${l.currency === "CAD" ? "" : ", VAT included"}.`}
                        inputMode="decimal"
                        value={amountText(listPrices[l.currency])}
                        error={errors?.[l.name]}
                      />
                    ))
                  : null}
              </Fragment>
            ))}
          </div>
          {may.price ? (
            <ExistingSubscriptions
              id={id}
              name={product.name}
              window={priceNotice}
              error={errors?.applyToSubscriptionsFrom}
            />
          ) : null}
          {errors?.form ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {errors.form}
            </p>
          ) : null}
          <div>
            <Button type="submit" pending={pending} pendingText="Saving…" aria-label={`Save ${product.name}`}>
              Save
            </Button>
          </div>
        </fetcher.Form>
      ) : (
        <p className="mt-4 text-sm text-muted">Your role can see products but not change prices or stock.</p>
      )}

      <details className="mt-4">
        <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-forest">
          Changes ({audit.length})
        </summary>
        <AuditList entries={audit} wordChange={describeChange} empty="No changes from the dashboard yet." />
      </details>
    </section>
  );
}

/** One labelled text field of the form, its hint and its message when the value is refused. */
function TextField({
  id,
  name,
  label,
  hint,
  inputMode,
  value,
  error,
}: {
  id: string;
  name: string;
  label: string;
  hint: string;
  inputMode: "decimal" | "numeric";
  value: string;
  error: string | undefined;
}) {
  return (
    <div className="grid content-start gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode={inputMode}
        autoComplete="off"
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        className={`${inputClass} ${error ? "border-danger" : ""}`}
      />
      <p id={`${id}-hint`} className="text-sm text-muted">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * "Apply to existing subscriptions", off by default: subscriptions keep the price they were bought at
 * unless the owner ticks it; then the price saved reaches them from the date (7 to 30 days ahead), each
 * subscriber e-mailed now (server/subscriptions/price-notice.ts).
 */
function ExistingSubscriptions({
  id,
  name,
  window,
  error,
}: {
  id: string;
  name: string;
  window: Props["priceNotice"];
  error: string | undefined;
}) {
  const dateId = `${id}-apply-from`;
  return (
    <fieldset className="grid gap-3 rounded-xl border border-sand-deep p-4">
      <legend className="px-1 text-sm font-semibold text-ink">Existing subscriptions of {name}</legend>
      <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
        <input
          type="checkbox"
          name="applyToSubscriptions"
          value="on"
          aria-describedby={`${id}-apply-hint`}
          className="size-5 shrink-0 accent-forest"
        />
        <span>Apply the price to existing subscriptions</span>
      </label>
      <p id={`${id}-apply-hint`} className="text-sm text-muted">
        Off: subscriptions keep the price they were bought at. On: each subscriber is e-mailed the old and the
        new price now, and their renewals from the date below charge the new price, with their own
        subscription discount. Subscriptions bought as part of a stack keep their share of the stack's price.
        This price is in US dollars: subscriptions bought in Canadian dollars, euros or pounds keep their
        price in their currency.
      </p>
      <div className="grid max-w-xs gap-1.5">
        <label htmlFor={dateId} className="text-sm font-medium text-ink">
          Takes effect on
        </label>
        <input
          id={dateId}
          name="applyToSubscriptionsFrom"
          type="date"
          min={window.earliest}
          max={window.latest}
          defaultValue={window.default}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${dateId}-hint${error ? ` ${dateId}-error` : ""}`}
          className={`${inputClass} ${error ? "border-danger" : ""}`}
        />
        <p id={`${dateId}-hint`} className="text-sm text-muted">
          From 7 to 30 days ahead; used only when the box above is ticked.
        </p>
        {error ? (
          <p id={`${dateId}-error`} className="text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}

const NAMES: Record<string, string> = {
  priceCents: "Price",
  subscriptionDiscount: "Subscription discount",
  stockOnHand: "Stock on hand",
  lowStockThreshold: "Low-stock threshold",
};

function shown(field: string, value: unknown): string {
  if (field === "priceCents" && typeof value === "number") return formatMoney(value);
  if (field === "subscriptionDiscount") return value === null ? "shop default" : `${value}%`;
  return String(value);
}

/** "Price $30.00 → $31.00; Stock on hand 100 → 0". */
function describeChange(a: AdminAuditView): string {
  const after = a.after ?? {};
  if (a.action === "subscription-price-announced") {
    const n = Number(after.subscriptions ?? 0);
    const stack = Number(after.stackLinesUnchanged ?? 0);
    const other = Number(after.otherCurrenciesUnchanged ?? 0);
    return `Existing subscriptions: ${shown("priceCents", after.priceCents)} from ${String(after.takesEffect)}, ${n === 1 ? "1 subscriber" : `${n} subscribers`} e-mailed${stack ? `; ${stack} in a stack unchanged` : ""}${other ? `; ${other} in another currency unchanged` : ""}`;
  }
  if (a.action === "price-list-updated")
    return Object.keys(after)
      .map((c) => {
        const currency = isCurrency(c) ? c : "USD";
        const money = (v: unknown) => (typeof v === "number" ? formatMoney(v, currency) : "no price");
        return `Price (${c}) ${money(a.before?.[c])} → ${money(after[c])}`;
      })
      .join("; ");
  return Object.keys(after)
    .map((k) => `${NAMES[k] ?? k} ${shown(k, a.before?.[k])} → ${shown(k, after[k])}`)
    .join("; ");
}
