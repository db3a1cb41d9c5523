import CircleCheck from "lucide-react/icons/circle-check";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { AccountRefusal } from "../../../core/contracts/account.ts";
import {
  type OrderReturnsView,
  type ReturnReason,
  type ReturnStatus,
  type ReturnUnavailable,
  type ReturnView,
  returnClaimPath,
} from "../../../core/contracts/returns.ts";
import { formatMoney } from "../../../core/money.ts";
import { storedCurrency } from "../../../core/order-totals.ts";
import { useFetcherAnswer } from "../../hooks/use-fetcher-answer.ts";
import { type Translator, useLocale, useT } from "../../i18n/i18n.tsx";
import { Link } from "../../i18n/link.tsx";
import { formatDate } from "../../lib/format-date.ts";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "../ui/dialog.tsx";
import { DialogButtons } from "../ui/dialog-buttons.tsx";
import { Badge, type BadgeTone } from "../ui/status-badge.tsx";

/** What the order page's action answers to "Withdraw from contract here" (app/routes/account-order.server.ts). */
export type WithdrawAnswer = { ok: true; intent: "withdraw"; withdrawal: ReturnView } | AccountRefusal;

/** The words of each return status. */
const STATUS: Record<ReturnStatus, string> = {
  requested: "returns.status.requested",
  approved: "returns.status.approved",
  received: "returns.status.received",
  refunded: "returns.status.refunded",
  declined: "returns.status.declined",
};

/** The words of each reason a customer may give (core/contracts/returns.ts RETURN_REASONS). */
export const REASON: Record<ReturnReason, string> = {
  no_difference: "returns.reason.no_difference",
  side_effect: "returns.reason.side_effect",
  taste_or_texture: "returns.reason.taste_or_texture",
  damaged: "returns.reason.damaged",
  wrong_item: "returns.reason.wrong_item",
  changed_mind: "returns.reason.changed_mind",
  other: "returns.reason.other",
};

/** The badge colour of a return's status, in the shop's one colour map (status-badge.tsx). */
const BADGE: Record<ReturnStatus, BadgeTone> = {
  requested: "yellow",
  approved: "blue",
  received: "blue",
  refunded: "green",
  declined: "red",
};

/** A moment's time of day as the withdrawal's acknowledgment states it: "1:05 PM UTC" (UTC, as the e-mail). */
export function formatTime(value: string, locale: string): string {
  return new Date(value).toLocaleTimeString(locale === "en" ? "en-US" : locale, {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  });
}

/** Why the guarantee cannot be claimed on this order, in words. */
export function guaranteeClosedText(
  t: Translator["t"],
  locale: string,
  view: OrderReturnsView,
  why: ReturnUnavailable,
  until: string | null,
): string {
  switch (why) {
    case "not_delivered":
      return t("returns.guarantee.notDelivered");
    case "window_closed":
      return until && view.deliveredAt
        ? t("returns.guarantee.closed", {
            until: formatDate(until, locale),
            delivered: formatDate(view.deliveredAt, locale),
          })
        : t("returns.guarantee.closedNoDate");
    case "nothing_left":
      return t("returns.guarantee.nothingLeft");
    case "not_paid":
      return t("returns.guarantee.notPaid");
    case "not_in_market":
      return t("returns.guarantee.notInMarket");
  }
}

function withdrawalClosedText(
  t: Translator["t"],
  locale: string,
  why: ReturnUnavailable,
  until: string | null,
) {
  switch (why) {
    case "not_delivered":
      return t("returns.withdrawal.notDelivered");
    case "window_closed":
      return until
        ? t("returns.withdrawal.closed", { date: formatDate(until, locale) })
        : t("returns.withdrawal.closedNoDate");
    case "nothing_left":
      return t("returns.withdrawal.nothingLeft");
    case "not_paid":
      return t("returns.guarantee.notPaid");
    case "not_in_market":
      return t("returns.guarantee.notInMarket");
  }
}

/** What happens next with a return, from its status (and the owner's note or reason). */
function nextSteps(t: Translator["t"], r: ReturnView): string[] {
  const amount = formatMoney(r.refundCents, storedCurrency(r.currency));
  const note = r.note ? [t("returns.next.note", { note: r.note })] : [];
  switch (r.status) {
    case "requested":
      return [r.kind === "withdrawal" ? t("returns.next.withdrawalRequested") : t("returns.next.requested")];
    case "approved":
      return [
        r.returnNeeded === false || r.keep
          ? t("returns.next.approvedKeep")
          : t("returns.next.approvedReturn"),
        ...note,
      ];
    case "received":
      return [t("returns.next.received")];
    case "refunded":
      return [t("returns.next.refunded", { amount }), ...note];
    case "declined":
      return [t("returns.next.declined", { reason: r.note })];
  }
}

/** One return: its number, kind, status in words, lines, amount and what happens next. */
function ReturnItem({ r }: { r: ReturnView }) {
  const t = useT();
  const locale = useLocale();
  const refundTo =
    r.refundTo === "credit" ? t("returns.list.refundTo.credit") : t("returns.list.refundTo.original");
  return (
    <li className="py-4" data-testid="return-item">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h4 className="font-semibold text-ink">{t("returns.list.number", { number: r.number })}</h4>
          <p className="text-sm text-muted">
            {r.kind === "withdrawal" ? t("returns.kind.withdrawal") : t("returns.kind.guarantee")}
            {" · "}
            <time dateTime={r.createdAt}>
              {t("returns.list.requestedOn", { date: formatDate(r.createdAt, locale) })}
            </time>
            {r.kind === "guarantee" ? ` · ${t(REASON[r.reason])}` : ""}
          </p>
        </div>
        <Badge tone={BADGE[r.status]}>{t(STATUS[r.status])}</Badge>
      </div>
      <ul className="mt-2 text-sm">
        {r.lines.map((l) => (
          <li key={l.lineId}>
            {l.productName} <span className="text-muted">× {l.quantity}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm font-semibold text-ink tabular-nums">
        {t("returns.list.refund", { amount: formatMoney(r.refundCents, storedCurrency(r.currency)) })}{" "}
        <span className="font-normal text-muted">{refundTo}</span>
      </p>
      {nextSteps(t, r).map((line) => (
        <p key={line} className="mt-1 text-sm">
          {line}
        </p>
      ))}
      {r.comment ? (
        <p className="mt-1 text-sm text-muted">{t("returns.list.comment", { comment: r.comment })}</p>
      ) : null}
      {r.subscription === "end" ? (
        <p className="mt-1 text-sm text-muted">{t("returns.list.subscriptionEnd")}</p>
      ) : null}
    </li>
  );
}

/**
 * The order page's "Returns and refunds": whether the 60-day guarantee can be claimed (with the link to the
 * claim page) or why not; for an order shipped to an EU or UK market, the 14-day right of withdrawal and its
 * "Withdraw from contract here" button with a confirmation step; and the order's returns
 * (docs/decisions/055-returns.md). `claimed` is the number of a claim just made on the claim page.
 */
export function OrderReturns({ view, claimed }: { view: OrderReturnsView; claimed: string | null }) {
  const t = useT();
  const locale = useLocale();
  const claimedRef = useRef<HTMLParagraphElement>(null);
  const justClaimed = claimed ? view.returns.find((r) => r.number === claimed) : undefined;
  // The claim page sends the customer here: the confirmation takes the focus, so it is read out first.
  useEffect(() => {
    if (justClaimed) claimedRef.current?.focus();
  }, [justClaimed]);
  const { guarantee, withdrawal } = view;
  return (
    <section aria-labelledby="returns-heading" className="mt-6 rounded-card bg-white p-4 shadow-card sm:p-6">
      <h2 id="returns-heading" className="font-display text-2xl text-forest">
        {t("returns.section.heading")}
      </h2>
      {justClaimed ? (
        <p
          ref={claimedRef}
          tabIndex={-1}
          role="status"
          className="mt-4 flex gap-2 rounded-xl border border-verdant p-3 text-sm text-ink"
        >
          <CircleCheck className="mt-0.5 size-4 shrink-0 text-verdant" aria-hidden />
          {t("returns.claimed", { number: justClaimed.number })}
        </p>
      ) : null}
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <div className="rounded-xl bg-sand p-4 sm:p-5" data-testid="guarantee">
          {guarantee.open ? (
            <>
              <p>{t("returns.guarantee.open", { date: formatDate(guarantee.until, locale) })}</p>
              <Button asChild variant="primary" size="md" className="mt-3">
                <Link to={returnClaimPath(view.orderNumber)}>{t("returns.guarantee.claim")}</Link>
              </Button>
            </>
          ) : (
            <p>{guaranteeClosedText(t, locale, view, guarantee.why, guarantee.until)}</p>
          )}
        </div>
        {withdrawal ? <Withdrawal view={view} /> : null}
      </div>
      {view.returns.length > 0 ? (
        <div className="mt-6">
          <h3 className="font-display text-lg text-forest">{t("returns.list.heading")}</h3>
          <ul className="divide-y divide-sand-deep">
            {view.returns.map((r) => (
              <ReturnItem key={r.id} r={r} />
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/**
 * The right of withdrawal: its window, the button, the confirmation dialog naming the order and what is
 * withdrawn, and once confirmed the acknowledgment (received at a date and time, e-mailed). Cancel gives the
 * focus back to the button; confirming gives it to the acknowledgment.
 */
function Withdrawal({ view }: { view: OrderReturnsView }) {
  const t = useT();
  const locale = useLocale();
  const withdrawal = view.withdrawal;
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [received, setReceived] = useState<ReturnView | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const receivedRef = useRef<HTMLParagraphElement>(null);
  const fetcher = useFetcher<WithdrawAnswer>();
  const pending = fetcher.state !== "idle";
  useFetcherAnswer(fetcher, (answer) => {
    if (answer.ok) {
      setReceived(answer.withdrawal);
      setOpen(false);
    } else
      setError(
        answer.error.code === "return_window_closed"
          ? t("returns.withdrawal.closedNoDate")
          : answer.error.code === "return_nothing_left"
            ? t("returns.withdrawal.nothingLeft")
            : t("returns.error.other", { message: answer.error.message }),
      );
  });
  if (!withdrawal) return null;
  const withdrawn = view.lines.filter((l) => l.claimable > 0);
  return (
    <div className="rounded-xl bg-sand p-4 sm:p-5" data-testid="withdrawal">
      {received ? (
        <p ref={receivedRef} tabIndex={-1} role="status" className="flex gap-2 font-semibold text-ink">
          <CircleCheck className="mt-1 size-4 shrink-0 text-verdant" aria-hidden />
          {t("returns.withdrawal.received", {
            number: received.number,
            date: formatDate(received.createdAt, locale),
            time: formatTime(received.createdAt, locale),
          })}
        </p>
      ) : withdrawal.open ? (
        <>
          <p>{t("returns.withdrawal.open", { date: formatDate(withdrawal.until, locale) })}</p>
          <Button
            ref={opener}
            variant="secondary"
            size="md"
            className="mt-3"
            onClick={() => {
              setError(null);
              setOpen(true);
            }}
          >
            {t("returns.withdrawal.button")}
          </Button>
        </>
      ) : (
        <p>{withdrawalClosedText(t, locale, withdrawal.why, withdrawal.until)}</p>
      )}
      <Dialog open={open} onOpenChange={(next) => (pending ? undefined : setOpen(next))}>
        <DialogContent
          width="lg"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            (receivedRef.current ?? opener.current)?.focus();
          }}
        >
          <form
            method="post"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (pending) return;
              setError(null);
              void fetcher.submit(
                { intent: "withdraw", confirm: true },
                { method: "post", encType: "application/json" },
              );
            }}
          >
            <DialogTitle>{t("returns.dialog.title", { number: view.orderNumber })}</DialogTitle>
            <DialogDescription asChild>
              <div className="mt-2 grid gap-2 text-sm text-muted">
                <p>{t("returns.dialog.text", { number: view.orderNumber })}</p>
                <ul className="list-disc pl-5 text-ink">
                  {withdrawn.map((l) => (
                    <li key={l.lineId}>
                      {l.productName} × {l.claimable}
                    </li>
                  ))}
                </ul>
                <p>{t("returns.dialog.next")}</p>
              </div>
            </DialogDescription>
            {error ? (
              <p role="alert" className="mt-4 rounded-xl border border-danger p-3 text-sm text-danger">
                {error}
              </p>
            ) : null}
            <DialogButtons>
              <DialogClose asChild>
                <Button variant="outline" size="md-wide">
                  {t("returns.dialog.cancel")}
                </Button>
              </DialogClose>
              <Button
                type="submit"
                size="md-wide"
                pending={pending}
                pendingText={t("returns.dialog.pending")}
              >
                {t("returns.dialog.confirm")}
              </Button>
            </DialogButtons>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
