import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import {
  type AdminPriceRow,
  LIST_CURRENCIES,
  type ListCurrency,
  type PriceItemKind,
} from "../../core/contracts/admin-prices.ts";
import { isCurrency } from "../../core/markets.ts";
import { formatMoney } from "../../core/money.ts";
import { AuditList } from "../components/admin/audit-list.tsx";
import { amountText, CURRENCY_NAMES, priceField } from "../components/admin/price-form-model.ts";
import { Button } from "../components/ui/button.tsx";
import { inputClass } from "../components/ui/field.tsx";
import { useFormAction } from "../hooks/use-form-action.ts";
import { toast } from "../hooks/use-toast.ts";
import type { Route } from "./+types/admin-prices";

export { action, headers, loader } from "./admin-prices.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Prices | MANA dashboard" },
  { name: "robots", content: "noindex" },
];

const GROUPS: { kind: PriceItemKind; title: string; text: string }[] = [
  {
    kind: "product",
    title: "Products",
    text: "A product's one-time price, per month. Its subscription discount is a percentage, the same in every currency (Products page).",
  },
  {
    kind: "stack",
    title: "Stacks",
    text: "A stack's price must be below its products' prices added up in the same currency: each field says the most it can be.",
  },
  {
    kind: "shipping",
    title: "Shipping",
    text: "The flat rate charged per order, and the order total from which shipping is free.",
  },
  {
    kind: "gift_card",
    title: "Gift cards",
    text: "The three amounts the gift cards page offers, and the lowest and highest a buyer may choose instead. An amount offered must be between those two. A currency without amounts sells no gift cards.",
  },
];

/** Where each kind of item's US dollar price is set: the dashboard edits only the other currencies here. */
const USD_SOURCE: Record<PriceItemKind, string> = {
  product: "Set on the Products page.",
  stack: "From the catalogue file (content/stacks.json).",
  shipping: "From the server's settings.",
  gift_card: "Fixed in the shop's code.",
};

/**
 * The price lists (docs/decisions/051-markets-and-currencies.md): every product, stack, shipping figure and gift card amount
 * with its price in US dollars, Canadian dollars, euros and pounds; the last three editable in one form
 * that posts to the page's action (it works without JavaScript), which answers a message per wrong field.
 */
export default function AdminPrices({ loaderData }: Route.ComponentProps) {
  const { rows, recent, may } = loaderData;
  const id = useId();
  const { fetcher, errors, pending } = useFormAction("prices", () =>
    toast(
      fetcher.data?.unchanged
        ? { title: "Nothing to save", description: "Every price already has this value." }
        : { title: "Prices saved", description: "The shop uses the new prices now." },
    ),
  );
  const form = useRef<HTMLFormElement>(null);
  const answered = fetcher.data;
  useEffect(() => {
    // The first field to fix, in the page's order, takes the focus; its message is read with it.
    const first = form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]');
    if (answered?.errors) first?.focus();
  }, [answered]);
  const names = new Map(rows.map((r) => [r.item, r.name]));

  const groups = GROUPS.map((g) => (
    <section key={g.kind} aria-labelledby={`${id}-${g.kind}`} className="mt-8">
      <h2 id={`${id}-${g.kind}`} className="text-2xl">
        {g.title}
      </h2>
      <p className="mt-1 max-w-prose text-sm text-muted">{g.text}</p>
      <div className="mt-4 grid gap-4">
        {rows
          .filter((r) => r.kind === g.kind)
          .map((r) => (
            <PriceRow key={r.item} row={r} rows={rows} editable={may.price} errors={errors} />
          ))}
      </div>
    </section>
  ));

  return (
    <section className="mt-6">
      <h1 className="text-3xl sm:text-4xl">Prices</h1>
      <div className="mt-2 grid max-w-prose gap-2 text-muted">
        <p>
          Each item has its own price in each currency: the shop never converts one currency into another.
          Type a price as the shopper pays it; prices in euros and pounds include VAT.
        </p>
        <p>
          US dollar prices are not changed here: a product's on the{" "}
          <Link to="/admin/products" className="text-forest underline">
            Products page
          </Link>
          , a stack's in the catalogue file, and shipping's in the server's settings (SHIPPING_FLAT_RATE).
        </p>
        <p>
          Saving drops the shop's stored copy of its prices on every server, so the next page the shop shows
          reads the new ones.
        </p>
      </div>

      {may.price ? (
        <fetcher.Form
          // A new form when the prices change, so its fields show what the shop now has.
          key={rows.map((r) => LIST_CURRENCIES.map((c) => r.prices[c]).join(",")).join("|")}
          ref={form}
          method="post"
          noValidate
          aria-label="Prices in each currency"
        >
          <input type="hidden" name="intent" value="prices" />
          {groups}
          <div className="mt-6 grid gap-2">
            {errors?.form ? (
              <p role="alert" className="text-sm font-medium text-danger">
                {errors.form}
              </p>
            ) : errors ? (
              <p role="alert" className="text-sm font-medium text-danger">
                Some prices were not saved: each says why beside it.
              </p>
            ) : null}
            <div>
              <Button type="submit" pending={pending} pendingText="Saving…">
                Save prices
              </Button>
            </div>
          </div>
        </fetcher.Form>
      ) : (
        <>
          <p className="mt-4 text-sm text-muted">Your role can see prices but not change them.</p>
          {groups}
        </>
      )}

      <details className="mt-8">
        <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-forest">
          Latest changes ({recent.length})
        </summary>
        <AuditList
          entries={recent}
          wordChange={(a) =>
            `${names.get((a as (typeof recent)[number]).item) ?? "An item"}: ${wordPriceChange(a)}`
          }
          empty="No price has been changed on the dashboard yet."
        />
      </details>
    </section>
  );
}

/** "Price (CAD) CA$40.00 → CA$42.00". */
function wordPriceChange(a: {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}) {
  return Object.keys(a.after ?? {})
    .map((c) => {
      const currency = isCurrency(c) ? c : "USD";
      const money = (v: unknown) => (typeof v === "number" ? formatMoney(v, currency) : "no price");
      return `${c} ${money(a.before?.[c])} → ${money(a.after?.[c])}`;
    })
    .join("; ");
}

/** The most a stack may cost in a currency: its products' prices there added up, less a cent. */
function stackCeiling(row: AdminPriceRow, rows: AdminPriceRow[], currency: ListCurrency): number | null {
  let sum = 0;
  for (const id of row.productIds ?? []) {
    const price = rows.find((r) => r.item === `product:${id}`)?.prices[currency];
    if (price == null) return null;
    sum += price;
  }
  return sum - 1;
}

/** One item: its name, its US dollar price and where that is set, and a field per other currency. */
function PriceRow({
  row,
  rows,
  editable,
  errors,
}: {
  row: AdminPriceRow;
  rows: AdminPriceRow[];
  editable: boolean;
  errors: Partial<Record<string, string>> | null;
}) {
  const id = useId();
  return (
    <fieldset className="rounded-card bg-white p-4 shadow-card sm:p-5">
      <legend className="float-left w-full text-lg font-semibold text-ink">{row.name}</legend>
      <div className="clear-left grid grid-cols-2 gap-4 pt-3 lg:grid-cols-4">
        <div className="grid content-start gap-1.5">
          <p className="text-sm font-medium text-ink">USD</p>
          <p className="flex min-h-11 items-center tabular-nums">
            {row.prices.USD === null ? "No price" : formatMoney(row.prices.USD, "USD")}
          </p>
          <p className="text-sm text-muted">{USD_SOURCE[row.kind]}</p>
        </div>
        {LIST_CURRENCIES.map((currency) => {
          const name = priceField(row.item, currency);
          const inputId = `${id}-${currency}`;
          const error = errors?.[name];
          const ceiling = row.kind === "stack" ? stackCeiling(row, rows, currency) : null;
          const hint =
            ceiling === null
              ? `In ${CURRENCY_NAMES[currency]}.`
              : `In ${CURRENCY_NAMES[currency]}, at most ${formatMoney(ceiling, currency)}.`;
          if (!editable)
            return (
              <div key={currency} className="grid content-start gap-1.5">
                <p className="text-sm font-medium text-ink">{currency}</p>
                <p className="flex min-h-11 items-center tabular-nums">
                  {row.prices[currency] === null ? "No price" : formatMoney(row.prices[currency], currency)}
                </p>
              </div>
            );
          return (
            <div key={currency} className="grid content-start gap-1.5">
              <label htmlFor={inputId} className="text-sm font-medium text-ink">
                {currency}
              </label>
              <input
                id={inputId}
                name={name}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                defaultValue={amountText(row.prices[currency])}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ""}`}
                className={`${inputClass} tabular-nums ${error ? "border-danger" : ""}`}
              />
              <p id={`${inputId}-hint`} className="text-sm text-muted">
                {hint}
              </p>
              {error ? (
                <p id={`${inputId}-error`} className="text-sm font-medium text-danger">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
