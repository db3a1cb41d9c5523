import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { CODE_AMOUNT_CURRENCIES, MAX_RENEWAL_COUNT } from "../../core/contracts/admin-codes.ts";
import type { CodeKind, CodeRenewals } from "../../core/discount-code.ts";
import { Button } from "../components/ui/button.tsx";
import { inputClass } from "../components/ui/field.tsx";
import type { Route } from "./+types/admin-codes-new";

export { action, headers, loader } from "./admin-codes-new.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "New discount code | MANA dashboard" },
  { name: "robots", content: "noindex" },
];

/** The order fields are read in, so the first one to fix takes the focus. */
const ORDER = [
  "code",
  "kind",
  "percent",
  "amount",
  ...CODE_AMOUNT_CURRENCIES.map((c) => `amount-${c}`),
  "minimum",
  ...CODE_AMOUNT_CURRENCIES.map((c) => `minimum-${c}`),
  "startsOn",
  "endsOn",
  "maxUses",
  "products",
  "renewals",
  "renewalCount",
];

const KINDS: { value: CodeKind; label: string; hint: string }[] = [
  { value: "percent", label: "Percentage off", hint: "Off the items' price, such as 10%." },
  { value: "amount", label: "Amount off", hint: "Off the order's items, such as $5.00." },
  { value: "free_shipping", label: "Free shipping", hint: "The order ships free." },
];

const RENEWALS: { value: CodeRenewals; label: string }[] = [
  { value: "first_order", label: "The first order only" },
  { value: "first_n", label: "The first order and the first few renewals" },
  { value: "every", label: "The first order and every renewal" },
];

/** A new discount code: what it gives, what it asks of an order, and how long it runs. */
export default function AdminCodesNew({ loaderData, actionData }: Route.ComponentProps) {
  const { products } = loaderData;
  const errors = actionData?.errors ?? null;
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const [kind, setKind] = useState<CodeKind>("percent");
  const [renewals, setRenewals] = useState<CodeRenewals>("first_order");
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    // The first field to fix takes the focus; its message is read with it.
    const first = ORDER.find((key) => actionData?.errors?.[key]);
    if (first) form.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
    else if (actionData?.errors?.form) form.current?.querySelector<HTMLElement>("#code-form-error")?.focus();
  }, [actionData]);

  return (
    <section className="mt-6 max-w-3xl">
      <p className="text-sm">
        <Link to="/admin/codes" className="font-semibold text-forest underline">
          All discount codes
        </Link>
      </p>
      <h1 className="mt-1 text-3xl sm:text-4xl">New discount code</h1>
      <p className="mt-2 max-w-prose text-muted">
        Shoppers can use a code as soon as it is made, within its days. You can pause it or end it later, not
        change it: for other terms, make a new code. An amount off and a minimum have their own value in each
        currency (never converted); you can change those on the codes list.
      </p>

      <Form ref={form} method="post" noValidate className="mt-6 grid gap-6" aria-label="New discount code">
        <input type="hidden" name="intent" value="create" />
        <Card title="The code">
          <TextField
            name="code"
            label="Code"
            hint="3 to 32 letters, digits, dashes or underscores, such as SPRING15. Shoppers may type it in any case."
            error={errors?.code}
            autoCapitalize="characters"
            className="font-mono uppercase"
          />
          <fieldset className="grid gap-2" aria-describedby={errors?.kind ? "kind-error" : undefined}>
            <legend className="text-sm font-medium text-ink">What it gives</legend>
            <div className="grid gap-2 sm:grid-cols-3">
              {KINDS.map((k, i) => (
                <label
                  key={k.value}
                  className="flex min-h-11 items-start gap-3 rounded-xl border border-sand-deep p-3 text-sm has-[:checked]:border-forest"
                >
                  <input
                    type="radio"
                    name="kind"
                    value={k.value}
                    checked={kind === k.value}
                    onChange={() => setKind(k.value)}
                    data-field={i === 0 ? "kind" : undefined}
                    className="mt-0.5 size-5 shrink-0 accent-forest"
                  />
                  <span>
                    <span className="block font-semibold text-ink">{k.label}</span>
                    <span className="block text-muted">{k.hint}</span>
                  </span>
                </label>
              ))}
            </div>
            <FieldError name="kind" error={errors?.kind} />
          </fieldset>
          {kind === "percent" ? (
            <TextField
              name="percent"
              label="Percentage off (%)"
              hint="A whole number from 1 to 100."
              error={errors?.percent}
              inputMode="numeric"
              narrow
            />
          ) : null}
          {kind === "amount" ? (
            <TextField
              name="amount"
              label="Amount off (USD)"
              hint="Such as 5.00. Never more than the items cost."
              error={errors?.amount}
              inputMode="decimal"
              narrow
            />
          ) : null}
          {kind === "amount" ? (
            <div className="grid gap-4 sm:grid-cols-3">
              {CODE_AMOUNT_CURRENCIES.map((c) => (
                <TextField
                  key={c}
                  name={`amount-${c}`}
                  label={`Amount off (${c})`}
                  hint={`Blank: the code gives nothing on orders in ${c}.`}
                  error={errors?.[`amount-${c}`]}
                  inputMode="decimal"
                />
              ))}
            </div>
          ) : null}
        </Card>

        <Card title="What it asks of an order">
          <TextField
            name="minimum"
            label="Minimum order (USD, optional)"
            hint="The items' total after bundle prices, before shipping. Leave blank for none."
            error={errors?.minimum}
            inputMode="decimal"
            narrow
          />
          <div className="grid gap-4 sm:grid-cols-3">
            {CODE_AMOUNT_CURRENCIES.map((c) => (
              <TextField
                key={c}
                name={`minimum-${c}`}
                label={`Minimum order (${c})`}
                hint={`With a US dollar minimum: blank gives nothing on orders in ${c}.`}
                error={errors?.[`minimum-${c}`]}
                inputMode="decimal"
              />
            ))}
          </div>
          <fieldset
            className="grid gap-2"
            aria-describedby={`products-hint${errors?.products ? " products-error" : ""}`}
          >
            <legend className="text-sm font-medium text-ink">Products (optional)</legend>
            <p id="products-hint" className="text-sm text-muted">
              Tick none for every product. Ticked: only these products' items are discounted.
            </p>
            <div className="grid gap-1 sm:grid-cols-2">
              {products.map((p, i) => (
                <Check
                  key={p.id}
                  name={`product-${p.id}`}
                  label={p.name}
                  field={i === 0 ? "products" : undefined}
                />
              ))}
            </div>
            <FieldError name="products" error={errors?.products} />
          </fieldset>
          <div className="grid gap-1">
            <Check
              name="combinesWithBundles"
              label="Also on items at a bundle or stack price"
              defaultChecked
            />
            <Check name="firstOrderOnly" label="On a customer's first order only" />
            <Check name="oncePerCustomer" label="Once per customer" />
          </div>
        </Card>

        <Card title="How long and how often">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              name="startsOn"
              label="First day (optional)"
              hint="Days start at 00:00 UTC. Blank: from now."
              error={errors?.startsOn}
              type="date"
            />
            <TextField
              name="endsOn"
              label="Last day (optional)"
              hint="It works through the end of this day (UTC). Blank: no end."
              error={errors?.endsOn}
              type="date"
            />
          </div>
          <TextField
            name="maxUses"
            label="Limit of uses (optional)"
            hint="Paid orders and checkouts under way, all customers together. Blank: no limit."
            error={errors?.maxUses}
            inputMode="numeric"
            narrow
          />
        </Card>

        {kind !== "free_shipping" ? (
          <Card title="Subscriptions">
            <fieldset
              className="grid gap-2"
              aria-describedby={errors?.renewals ? "renewals-error" : undefined}
            >
              <legend className="text-sm font-medium text-ink">What it discounts on a subscription</legend>
              {RENEWALS.map((r, i) => (
                <label key={r.value} className="flex min-h-11 items-center gap-3 text-sm text-ink">
                  <input
                    type="radio"
                    name="renewals"
                    value={r.value}
                    checked={renewals === r.value}
                    onChange={() => setRenewals(r.value)}
                    data-field={i === 0 ? "renewals" : undefined}
                    className="size-5 shrink-0 accent-forest"
                  />
                  {r.label}
                </label>
              ))}
              <FieldError name="renewals" error={errors?.renewals} />
            </fieldset>
            {renewals === "first_n" ? (
              <TextField
                name="renewalCount"
                label="Discounted renewals"
                hint={`How many renewals after the first order, from 1 to ${MAX_RENEWAL_COUNT}.`}
                error={errors?.renewalCount}
                inputMode="numeric"
                narrow
              />
            ) : null}
          </Card>
        ) : null}

        {errors?.form ? (
          <p
            id="code-form-error"
            role="alert"
            tabIndex={-1}
            className="rounded-xl border border-danger p-3 text-sm text-danger"
          >
            {errors.form}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" size="lg" pending={pending} pendingText="Creating…">
            Create code
          </Button>
          <Button asChild variant="outline" size="lg">
            <Link to="/admin/codes">Cancel</Link>
          </Button>
        </div>
      </Form>
    </section>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-4 rounded-card bg-white p-4 shadow-card sm:p-6">
      <h2 className="text-xl">{title}</h2>
      {children}
    </section>
  );
}

function FieldError({ name, error }: { name: string; error: string | undefined }) {
  return error ? (
    <p id={`${name}-error`} className="text-sm font-medium text-danger">
      {error}
    </p>
  ) : null;
}

/** A labelled text input with its hint and, after a refused post, its message. */
function TextField({
  name,
  label,
  hint,
  error,
  type = "text",
  inputMode,
  narrow = false,
  autoCapitalize,
  className = "",
}: {
  name: string;
  label: string;
  hint: string;
  error: string | undefined;
  type?: "text" | "date";
  inputMode?: "numeric" | "decimal";
  narrow?: boolean;
  autoCapitalize?: string;
  className?: string;
}) {
  const id = `field-${name}`;
  return (
    <div className={`grid content-start gap-1.5 ${narrow ? "max-w-xs" : ""}`}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        inputMode={inputMode}
        autoComplete="off"
        autoCapitalize={autoCapitalize}
        spellCheck={false}
        data-field={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${name}-error` : ""}`}
        className={`${inputClass} ${error ? "border-danger" : ""} ${className}`}
      />
      <p id={`${id}-hint`} className="text-sm text-muted">
        {hint}
      </p>
      <FieldError name={name} error={error} />
    </div>
  );
}

function Check({
  name,
  label,
  defaultChecked,
  field,
}: {
  name: string;
  label: string;
  defaultChecked?: boolean;
  field?: string;
}) {
  return (
    <label className="flex min-h-11 items-center gap-3 text-sm text-ink">
      <input
        type="checkbox"
        name={name}
        value="on"
        defaultChecked={defaultChecked}
        data-field={field}
        className="size-5 shrink-0 accent-forest"
      />
      {label}
    </label>
  );
}
