import Copy from "lucide-react/icons/copy";
import Gift from "lucide-react/icons/gift";
import History from "lucide-react/icons/history";
import Users from "lucide-react/icons/users";
import { useId, useRef, useState } from "react";
import type { AccountBalancesResponse, LedgerEntryView } from "../../../core/contracts/balances.ts";
import { orderPagePath } from "../../../core/contracts/orders.ts";
import { BASE_CURRENCY } from "../../../core/markets.ts";
import { formatMoney, formatWholeMoney } from "../../../core/money.ts";
import type { ReferralVoidReason } from "../../../core/referral-void.ts";
import { CENTS_PER_STEP, POINTS_PER_STEP } from "../../../core/tenders.ts";
import { useLaterT } from "../../hooks/use-later-t.ts";
import { type Translator, useLocale, useT } from "../../i18n/i18n.tsx";
import { Link } from "../../i18n/link.tsx";
import { rich } from "../../i18n/rich.tsx";
import { usePrices } from "../../lib/currency.ts";
import { formatDate } from "../../lib/format-date.ts";
import { Button } from "../ui/button.tsx";

/**
 * What points are worth in whole steps, in minor units of their currency (decision 047: 100 points = 5.00
 * off, a step never pays less).
 */
export function pointsWorthCents(points: number): number {
  return Math.floor(Math.max(0, points) / POINTS_PER_STEP) * CENTS_PER_STEP;
}

/**
 * A ledger row's message key; `ownOrder` says whether the message names the customer's own order
 * (`{order}`, linked where the row has its number).
 */
function describeEntry(e: LedgerEntryView): { key: string; ownOrder: boolean } {
  const points = e.kind === "points";
  switch (e.reason) {
    case "earned":
      return { key: "account.history.earned", ownOrder: true };
    case "redeemed":
      return { key: "account.history.redeemed", ownOrder: true };
    case "released":
      return { key: "account.history.released", ownOrder: true };
    case "reversed":
      return { key: "account.history.reversed", ownOrder: true };
    case "refund":
      return {
        key: points ? "account.history.refundPoints" : "account.history.refundCredit",
        ownOrder: true,
      };
    case "referral":
      // The friend's order is theirs, not the referrer's: it is not named.
      return { key: "account.history.referral", ownOrder: false };
    case "goodwill":
      return { key: "account.history.goodwill", ownOrder: false };
    default:
      return { key: "account.history.adjusted", ownOrder: false };
  }
}

function amountText(e: LedgerEntryView, t: Translator["t"]): string {
  // Each row in its own currency (decision 051).
  if (e.kind === "credit")
    return e.amount > 0 ? `+${formatMoney(e.amount, e.currency)}` : formatMoney(e.amount, e.currency);
  return t("account.history.points", { sign: e.amount > 0 ? "+" : "−", count: Math.abs(e.amount) });
}

const cardClass = "rounded-card bg-white p-5 shadow-card sm:p-6";
const linkClass = "font-semibold text-forest underline underline-offset-2";

/** The history of points and store credit, newest first. */
function BalanceHistory({ history }: { history: LedgerEntryView[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <section aria-labelledby="balance-history" className={cardClass}>
      <h2 id="balance-history" className="flex items-center gap-2 text-xl">
        <History className="size-5 text-gold" aria-hidden /> {t("account.history.title")}
      </h2>
      {history.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{t("account.history.empty")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-sand-deep">
          {history.map((e, i) => {
            const { key, ownOrder } = describeEntry(e);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows have no id on the wire; the list is read-only
              <li key={i} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
                <div className="min-w-0">
                  <p className="text-sm text-ink">
                    {ownOrder && e.orderNumber
                      ? rich(t, key, {
                          order: (
                            <Link to={orderPagePath(e.orderNumber)} className={linkClass}>
                              {e.orderNumber}
                            </Link>
                          ),
                        })
                      : t(key, { order: "" }).trim()}
                  </p>
                  <p className="text-xs text-muted">
                    {formatDate(e.at, locale)} ·{" "}
                    {e.kind === "credit" ? t("account.stat.credit") : t("account.stat.points")}
                    {e.kind === "points" && e.currency !== BASE_CURRENCY ? ` (${e.currency})` : ""}
                  </p>
                </div>
                <p className={`text-sm font-semibold ${e.amount >= 0 ? "text-forest" : "text-ink"}`}>
                  {amountText(e, t)}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** Gift cards received (delivered to the account's e-mail) and bought; never their codes. */
function GiftCards({ cards }: { cards: AccountBalancesResponse["giftCards"] }) {
  const t = useT();
  const locale = useLocale();
  if (cards.received.length === 0 && cards.bought.length === 0) return null;
  return (
    <section aria-labelledby="gift-cards" className={cardClass}>
      <h2 id="gift-cards" className="flex items-center gap-2 text-xl">
        <Gift className="size-5 text-gold" aria-hidden /> {t("account.giftCards.title")}
      </h2>
      {cards.received.length > 0 ? (
        <>
          <h3 className="mt-4 text-base font-semibold">{t("account.giftCards.received")}</h3>
          <ul className="mt-1 divide-y divide-sand-deep">
            {cards.received.map((c) => (
              <li key={c.id} className="flex flex-wrap items-baseline justify-between gap-x-4 py-3 text-sm">
                <span>
                  {t("account.giftCards.ending", { last4: c.last4 ?? "----" })}
                  {c.status === "voided" ? (
                    <span className="text-muted"> · {t("account.giftCards.voidTag")}</span>
                  ) : null}
                </span>
                <span>
                  <span className="font-semibold text-forest">{formatMoney(c.balanceCents, c.currency)}</span>{" "}
                  <span className="text-muted">
                    {t("account.giftCards.leftOf", { initial: formatMoney(c.initialCents, c.currency) })}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {cards.bought.length > 0 ? (
        <>
          <h3 className="mt-4 text-base font-semibold">{t("account.giftCards.bought")}</h3>
          <ul className="mt-1 divide-y divide-sand-deep">
            {cards.bought.map((c) => (
              <li key={c.id} className="flex flex-wrap items-baseline justify-between gap-x-4 py-3 text-sm">
                <span>
                  {t("account.giftCards.boughtFor", {
                    amount: formatMoney(c.initialCents, c.currency),
                    email: c.recipientEmail,
                  })}
                </span>
                <span className="text-muted">
                  {c.status === "voided"
                    ? t("account.giftCards.void")
                    : c.deliveredAt
                      ? t("account.giftCards.delivered", { date: formatDate(c.deliveredAt, locale) })
                      : t("account.giftCards.scheduled", { date: formatDate(c.deliverOn, locale) })}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

const REFERRAL_STATUS: Record<string, string> = {
  pending: "account.referral.pending",
  credited: "account.referral.credited",
};

/** Why a referral earned nothing (core/referral-void.ts), to the referrer, in the page's language. */
const VOID_REASON: Record<ReferralVoidReason, string> = {
  cancelled: "account.referral.voidReason.cancelled",
  refunded: "account.referral.voidReason.refunded",
  own_card: "account.referral.voidReason.ownCard",
};

/** A referral's state in words: credited, waiting, or void and why. */
function referralStatusText(r: { status: string; voidReason: string | null }, t: Translator["t"]): string {
  if (r.status === "void") {
    const key =
      r.voidReason && r.voidReason in VOID_REASON
        ? VOID_REASON[r.voidReason as ReferralVoidReason]
        : "account.referral.voidReason.other";
    return t("account.referral.void", { reason: t(key) });
  }
  const key = REFERRAL_STATUS[r.status];
  return key ? t(key) : r.status;
}

/** The referral link with its Copy button, what each side gets, and the referrals it brought. */
function InviteAFriend({ referral }: { referral: AccountBalancesResponse["referral"] }) {
  const inputId = useId();
  const [said, setSaid] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const t = useT();
  const shownCurrency = usePrices().currency;
  const locale = useLocale();
  const later = useLaterT(["account.referral.copied", "account.referral.selectToCopy"]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(referral.url);
      setSaid(later("account.referral.copied"));
    } catch {
      // No clipboard (an insecure page or a refusal): the link is selected for the shopper to copy.
      input.current?.select();
      setSaid(later("account.referral.selectToCopy"));
    }
    window.setTimeout(() => setSaid(""), 3000);
  }
  // The offer in the currency the shopper browses in (decision 051); each referral's credit in its own.
  const offer = referral.offers[shownCurrency] ?? referral;
  const off = formatWholeMoney(offer.friendOffCents, shownCurrency);
  const min = formatWholeMoney(offer.minSubtotalCents, shownCurrency);
  const credit = formatWholeMoney(offer.creditCents, shownCurrency);
  return (
    <section aria-labelledby="invite-a-friend" className={cardClass}>
      <h2 id="invite-a-friend" className="flex items-center gap-2 text-xl">
        <Users className="size-5 text-gold" aria-hidden /> {t("account.referral.title")}
      </h2>
      <p className="mt-2 text-sm text-ink">{t("account.referral.offer", { off, min, credit })}</p>
      <label htmlFor={inputId} className="mt-4 block text-sm font-semibold text-ink">
        {t("account.referral.link")}
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id={inputId}
          ref={input}
          readOnly
          value={referral.url}
          onFocus={(e) => e.currentTarget.select()}
          className="min-h-11 min-w-0 flex-1 rounded-xl border border-sand-deep bg-cream px-3 text-sm text-ink"
        />
        <Button type="button" variant="outline" size="sm-wide" onClick={() => void copy()}>
          <Copy className="size-4" aria-hidden /> {t("account.referral.copy")}
        </Button>
      </div>
      <p role="status" aria-live="polite" className="mt-1 min-h-5 text-sm text-forest">
        {said}
      </p>
      <h3 className="mt-3 text-base font-semibold">{t("account.referral.list")}</h3>
      {referral.referrals.length === 0 ? (
        <p className="mt-1 text-sm text-muted">{t("account.referral.none")}</p>
      ) : (
        <ul className="mt-1 divide-y divide-sand-deep">
          {referral.referrals.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows have no id on the wire; the list is read-only
            <li key={i} className="flex flex-wrap items-baseline justify-between gap-x-4 py-3 text-sm">
              <span>{t("account.referral.friendOrder", { date: formatDate(r.at, locale) })}</span>
              <span className={r.status === "credited" ? "font-semibold text-forest" : "text-muted"}>
                {r.status === "credited" && r.creditedAt
                  ? t("account.referral.creditedOn", {
                      credit: formatWholeMoney(r.creditCents, r.currency),
                      date: formatDate(r.creditedAt, locale),
                    })
                  : referralStatusText(r, t)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The Overview's balances: history, gift cards and the referral link (the stat cards are the page's). */
export function BalancesSection({ balances }: { balances: AccountBalancesResponse }) {
  return (
    <>
      <BalanceHistory history={balances.history} />
      <GiftCards cards={balances.giftCards} />
      <InviteAFriend referral={balances.referral} />
    </>
  );
}
