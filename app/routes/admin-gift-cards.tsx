import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { AdminGiftCardView } from "../../core/contracts/admin-gift-cards.ts";
import type { FormErrors } from "../../core/contracts/form-answer.ts";
import { GIFT_CARD_MAX_CENTS, GIFT_CARD_MIN_CENTS } from "../../core/gift-card-amounts.ts";
import { BASE_CURRENCY, CURRENCIES } from "../../core/markets.ts";
import { formatMoney } from "../../core/money.ts";
import { Button } from "../components/ui/button.tsx";
import { inputClass } from "../components/ui/field.tsx";
import { Badge, type BadgeTone } from "../components/ui/status-badge.tsx";
import { formatDate } from "../lib/format-date.ts";
import type { Route } from "./+types/admin-gift-cards";

export { action, headers, loader } from "./admin-gift-cards.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Gift cards | MANA dashboard" },
  { name: "robots", content: "noindex" },
];

const STATE: Record<string, { label: string; tone: BadgeTone }> = {
  pending: { label: "Awaiting payment", tone: "yellow" },
  active: { label: "Active", tone: "green" },
  voided: { label: "Void", tone: "red" },
};

const ISSUE_FIELDS = ["currency", "amount", "recipientEmail", "recipientName", "message", "note"] as const;

/** Gift cards bought and issued: last four, amount, balance, recipient, state and order; issue and void. */
export default function AdminGiftCards({ loaderData, actionData }: Route.ComponentProps) {
  const { giftCards, issued, may } = loaderData;
  const issueErrors = actionData?.intent === "issue" ? actionData.errors : null;
  const voidErrors = actionData?.intent === "void" ? actionData.errors : null;
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (issued) status.current?.focus();
  }, [issued]);
  return (
    <section className="mt-6">
      <h1 className="text-3xl sm:text-4xl">Gift cards</h1>
      <p className="mt-2 max-w-prose text-muted">
        Cards bought in the shop and issued here. The shop never keeps a card's code: it is e-mailed once, to
        the recipient, and a card is named here by its last four characters.
      </p>
      {issued ? (
        <p
          ref={status}
          tabIndex={-1}
          role="status"
          className="mt-4 rounded-xl bg-status-green p-3 text-sm text-status-green-ink"
        >
          A {formatMoney(issued.initialCents, issued.currency)} gift card ending {issued.last4 ?? "----"} is
          issued and e-mailed to {issued.recipientEmail}.
        </p>
      ) : null}
      {voidErrors?.form || voidErrors?.id || voidErrors?.reason ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          {voidErrors.reason ?? voidErrors.form ?? voidErrors.id}
        </p>
      ) : null}
      {may.manage ? <IssueForm errors={issueErrors} /> : null}
      <h2 className="mt-8 text-2xl">Latest cards</h2>
      {giftCards.length === 0 ? (
        <p className="mt-3 rounded-card bg-white p-6 text-muted shadow-card">No gift cards yet.</p>
      ) : (
        <ul className="mt-3 grid gap-3 lg:grid-cols-2" aria-label="Gift cards">
          {giftCards.map((g) => (
            <li key={g.id}>
              <GiftCardRow card={g} manage={may.manage} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function GiftCardRow({ card, manage }: { card: AdminGiftCardView; manage: boolean }) {
  const state = STATE[card.status] ?? { label: card.status, tone: "grey" as const };
  const headingId = `gift-card-${card.id}`;
  const navigation = useNavigation();
  const voiding = navigation.state !== "idle" && navigation.formData?.get("id") === card.id;
  return (
    <article aria-labelledby={headingId} className="grid h-full gap-2 rounded-card bg-white p-4 shadow-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-mono text-lg font-semibold tracking-wide">
          {card.last4 ? `Ending ${card.last4}` : "Not delivered yet"}
        </h3>
        <Badge tone={state.tone}>{state.label}</Badge>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Balance</dt>
        <dd className="tabular-nums">
          <span className="font-semibold text-ink">{formatMoney(card.balanceCents, card.currency)}</span> of{" "}
          {formatMoney(card.initialCents, card.currency)}
        </dd>
        <dt className="text-muted">To</dt>
        <dd className="min-w-0 break-all">
          {card.recipientName ? `${card.recipientName}, ` : ""}
          {card.recipientEmail}
        </dd>
        <dt className="text-muted">Sent</dt>
        <dd>
          {card.delivered
            ? "Delivered"
            : card.deliverOn
              ? `Scheduled for ${formatDate(card.deliverOn)}`
              : "When its order is paid"}
        </dd>
        <dt className="text-muted">From</dt>
        <dd>
          {card.orderNumber ? (
            <Link
              to={`/admin/orders/${card.orderNumber}`}
              className="font-semibold text-forest underline underline-offset-2"
            >
              Order {card.orderNumber}
            </Link>
          ) : (
            `Issued by ${card.issuedBy ?? "the shop"}, ${formatDate(card.createdAt)}`
          )}
        </dd>
        {card.note ? (
          <>
            <dt className="text-muted">Note</dt>
            <dd className="break-words">{card.note}</dd>
          </>
        ) : null}
      </dl>
      {manage && card.status === "active" ? (
        <details className="mt-1">
          <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-danger">
            Void this card
          </summary>
          <Form method="post" className="mt-2 grid gap-2" aria-label={`Void the card ${card.last4 ?? ""}`}>
            <input type="hidden" name="intent" value="void" />
            <input type="hidden" name="id" value={card.id} />
            <label htmlFor={`reason-${card.id}`} className="text-sm font-medium text-ink">
              Why is it voided?
            </label>
            <input
              id={`reason-${card.id}`}
              name="reason"
              required
              minLength={3}
              maxLength={500}
              className={inputClass}
            />
            <p className="text-sm text-muted">
              What is left on it ({formatMoney(card.balanceCents, card.currency)}) can no longer be spent.
            </p>
            <div>
              <Button
                type="submit"
                variant="outline"
                size="sm-wide"
                className="text-danger"
                pending={voiding}
                pendingText="Voiding…"
              >
                Void card
              </Button>
            </div>
          </Form>
        </details>
      ) : null}
    </article>
  );
}

function IssueForm({ errors }: { errors: FormErrors | null }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "issue";
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // The first field to fix takes the focus; its message is read with it.
    const first = ISSUE_FIELDS.find((key) => errors?.[key]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    else if (errors?.form) form.current?.querySelector<HTMLElement>("#issue-form-error")?.focus();
  }, [errors]);
  return (
    <Form
      ref={form}
      method="post"
      noValidate
      aria-labelledby="issue-card"
      className="mt-6 grid gap-4 rounded-card bg-white p-4 shadow-card sm:p-6"
    >
      <h2 id="issue-card" className="text-xl">
        Issue a gift card
      </h2>
      <p className="-mt-2 text-sm text-muted">
        A gesture of goodwill: the card is active at once and e-mailed to the recipient with its code.
      </p>
      <input type="hidden" name="intent" value="issue" />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-1.5">
          <label htmlFor="field-currency" className="text-sm font-medium text-ink">
            Currency
          </label>
          <select
            id="field-currency"
            name="currency"
            defaultValue={BASE_CURRENCY}
            aria-invalid={errors?.currency ? true : undefined}
            aria-describedby={errors?.currency ? "currency-error" : undefined}
            className={inputClass}
          >
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          <FieldError name="currency" error={errors?.currency} />
        </div>
        <TextField
          name="amount"
          label="Amount"
          hint={`In the card's currency: in US dollars ${formatMoney(GIFT_CARD_MIN_CENTS)} to ${formatMoney(GIFT_CARD_MAX_CENTS)}, such as 25; in the others, the bounds on Prices.`}
          inputMode="decimal"
          error={errors?.amount}
        />
        <TextField
          name="recipientEmail"
          label="Recipient's e-mail"
          type="email"
          error={errors?.recipientEmail}
        />
        <TextField name="recipientName" label="Recipient's name (optional)" error={errors?.recipientName} />
        <TextField
          name="note"
          label="Note for the shop (optional)"
          hint="Why it is issued; kept with the card, not sent."
          error={errors?.note}
        />
      </div>
      <div className="grid gap-1.5">
        <label htmlFor="field-message" className="text-sm font-medium text-ink">
          Message to the recipient (optional)
        </label>
        <textarea
          id="field-message"
          name="message"
          rows={3}
          maxLength={500}
          aria-invalid={errors?.message ? true : undefined}
          aria-describedby={errors?.message ? "message-error" : undefined}
          className={`${inputClass} py-2`}
        />
        <FieldError name="message" error={errors?.message} />
      </div>
      {errors?.form ? (
        <p
          id="issue-form-error"
          role="alert"
          tabIndex={-1}
          className="rounded-xl border border-danger p-3 text-sm text-danger"
        >
          {errors.form}
        </p>
      ) : null}
      <div>
        <Button type="submit" pending={pending} pendingText="Issuing…">
          Issue and e-mail the card
        </Button>
      </div>
    </Form>
  );
}

function FieldError({ name, error }: { name: string; error: string | undefined }) {
  return error ? (
    <p id={`${name}-error`} className="text-sm font-medium text-danger">
      {error}
    </p>
  ) : null;
}

function TextField({
  name,
  label,
  hint,
  error,
  type = "text",
  inputMode,
}: {
  name: string;
  label: string;
  hint?: string;
  error: string | undefined;
  type?: "text" | "email";
  inputMode?: "decimal";
}) {
  const id = `field-${name}`;
  const described = [hint ? `${id}-hint` : "", error ? `${name}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="grid content-start gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        inputMode={inputMode}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={`${inputClass} ${error ? "border-danger" : ""}`}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError name={name} error={error} />
    </div>
  );
}
