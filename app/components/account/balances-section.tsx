import Copy from "lucide-react/icons/copy";
import Gift from "lucide-react/icons/gift";
import History from "lucide-react/icons/history";
import Users from "lucide-react/icons/users";
import { useId, useRef, useState } from "react";
import type { AccountBalancesResponse, LedgerEntryView } from "../../../core/contracts/balances.ts";
import { orderPagePath } from "../../../core/contracts/orders.ts";
import { formatMoney } from "../../../core/money.ts";
import { referralVoidText } from "../../../core/referral-void.ts";
import { CENTS_PER_STEP, POINTS_PER_STEP } from "../../../core/tenders.ts";
import { Link } from "../../i18n/link.tsx";
import { formatDate } from "../../lib/format-date.ts";
import { Button } from "../ui/button.tsx";

/** What points are worth in whole steps (decision 047: 100 points = $5 off, a step never pays less). */
export function pointsWorthCents(points: number): number {
  return Math.floor(Math.max(0, points) / POINTS_PER_STEP) * CENTS_PER_STEP;
}

const numberFormat = new Intl.NumberFormat("en-US");

/** A ledger row in plain words; `ownOrder` says whether the order number is the customer's own to link. */
function describeEntry(e: LedgerEntryView): { text: string; ownOrder: boolean } {
  const points = e.kind === "points";
  switch (e.reason) {
    case "earned":
      return { text: "Earned on order", ownOrder: true };
    case "redeemed":
      return { text: "Used on order", ownOrder: true };
    case "released":
      return { text: "Given back: checkout not completed for order", ownOrder: true };
    case "reversed":
      return { text: "Taken back after a refund of order", ownOrder: true };
    case "refund":
      return {
        text: points ? "Given back by the refund of order" : "Refunded to store credit from order",
        ownOrder: true,
      };
    case "referral":
      // The friend's order is theirs, not the referrer's: it is not named.
      return { text: "Thank you for referring a friend", ownOrder: false };
    case "goodwill":
      return { text: "A gift from the MANA team", ownOrder: false };
    default:
      return { text: "Adjusted by the MANA team", ownOrder: false };
  }
}

function amountText(e: LedgerEntryView): string {
  if (e.kind === "credit") return e.amount > 0 ? `+${formatMoney(e.amount)}` : formatMoney(e.amount);
  const n = numberFormat.format(Math.abs(e.amount));
  return `${e.amount > 0 ? "+" : "−"}${n} ${Math.abs(e.amount) === 1 ? "point" : "points"}`;
}

const cardClass = "rounded-card bg-white p-5 shadow-card sm:p-6";
const linkClass = "font-semibold text-forest underline underline-offset-2";

/** The history of points and store credit, newest first. */
function BalanceHistory({ history }: { history: LedgerEntryView[] }) {
  return (
    <section aria-labelledby="balance-history" className={cardClass}>
      <h2 id="balance-history" className="flex items-center gap-2 text-xl">
        <History className="size-5 text-gold" aria-hidden /> Points and credit history
      </h2>
      {history.length === 0 ? (
        <p className="mt-3 text-sm text-muted">
          Nothing yet. Every order earns 1 Wellness Point per dollar paid by card once it arrives.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-sand-deep">
          {history.map((e, i) => {
            const { text, ownOrder } = describeEntry(e);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows have no id on the wire; the list is read-only
              <li key={i} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
                <div className="min-w-0">
                  <p className="text-sm text-ink">
                    {text}
                    {ownOrder && e.orderNumber ? (
                      <>
                        {" "}
                        <Link to={orderPagePath(e.orderNumber)} className={linkClass}>
                          {e.orderNumber}
                        </Link>
                      </>
                    ) : null}
                  </p>
                  <p className="text-xs text-muted">
                    {formatDate(e.at)} · {e.kind === "credit" ? "Store credit" : "Wellness Points"}
                  </p>
                </div>
                <p className={`text-sm font-semibold ${e.amount >= 0 ? "text-forest" : "text-ink"}`}>
                  {amountText(e)}
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
  if (cards.received.length === 0 && cards.bought.length === 0) return null;
  return (
    <section aria-labelledby="gift-cards" className={cardClass}>
      <h2 id="gift-cards" className="flex items-center gap-2 text-xl">
        <Gift className="size-5 text-gold" aria-hidden /> Gift cards
      </h2>
      {cards.received.length > 0 ? (
        <>
          <h3 className="mt-4 text-base font-semibold">Received</h3>
          <ul className="mt-1 divide-y divide-sand-deep">
            {cards.received.map((c) => (
              <li key={c.id} className="flex flex-wrap items-baseline justify-between gap-x-4 py-3 text-sm">
                <span>
                  Gift card ending {c.last4 ?? "----"}
                  {c.status === "voided" ? <span className="text-muted"> · void</span> : null}
                </span>
                <span>
                  <span className="font-semibold text-forest">{formatMoney(c.balanceCents)}</span>{" "}
                  <span className="text-muted">left of {formatMoney(c.initialCents)}</span>
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {cards.bought.length > 0 ? (
        <>
          <h3 className="mt-4 text-base font-semibold">Bought</h3>
          <ul className="mt-1 divide-y divide-sand-deep">
            {cards.bought.map((c) => (
              <li key={c.id} className="flex flex-wrap items-baseline justify-between gap-x-4 py-3 text-sm">
                <span>
                  {formatMoney(c.initialCents)} for {c.recipientEmail}
                </span>
                <span className="text-muted">
                  {c.status === "voided"
                    ? "Void"
                    : c.deliveredAt
                      ? `Delivered ${formatDate(c.deliveredAt)}`
                      : `Scheduled for ${formatDate(c.deliverOn)}`}
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
  pending: "Waiting for 30 days after their order arrives",
  credited: "Credited",
};

/** A referral's state in words: credited, waiting, or void and why. */
function referralStatusText(r: { status: string; voidReason: string | null }): string {
  if (r.status === "void") return `Void: ${referralVoidText(r.voidReason, "referrer")}`;
  return REFERRAL_STATUS[r.status] ?? r.status;
}

/** The referral link with its Copy button, what each side gets, and the referrals it brought. */
function InviteAFriend({ referral }: { referral: AccountBalancesResponse["referral"] }) {
  const inputId = useId();
  const [said, setSaid] = useState("");
  const input = useRef<HTMLInputElement>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(referral.url);
      setSaid("Copied");
    } catch {
      // No clipboard (an insecure page or a refusal): the link is selected for the shopper to copy.
      input.current?.select();
      setSaid("Select the link and copy it");
    }
    window.setTimeout(() => setSaid(""), 3000);
  }
  const off = formatMoney(referral.friendOffCents).replace(/\.00$/, "");
  const min = formatMoney(referral.minSubtotalCents).replace(/\.00$/, "");
  const credit = formatMoney(referral.creditCents).replace(/\.00$/, "");
  return (
    <section aria-labelledby="invite-a-friend" className={cardClass}>
      <h2 id="invite-a-friend" className="flex items-center gap-2 text-xl">
        <Users className="size-5 text-gold" aria-hidden /> Invite a friend
      </h2>
      <p className="mt-2 text-sm text-ink">
        Your friend gets {off} off a first order of {min} or more. You get {credit} of store credit 30 days
        after their order arrives.
      </p>
      <label htmlFor={inputId} className="mt-4 block text-sm font-semibold text-ink">
        Your referral link
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
          <Copy className="size-4" aria-hidden /> Copy
        </Button>
      </div>
      <p role="status" aria-live="polite" className="mt-1 min-h-5 text-sm text-forest">
        {said}
      </p>
      <h3 className="mt-3 text-base font-semibold">Your referrals</h3>
      {referral.referrals.length === 0 ? (
        <p className="mt-1 text-sm text-muted">No referrals yet.</p>
      ) : (
        <ul className="mt-1 divide-y divide-sand-deep">
          {referral.referrals.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows have no id on the wire; the list is read-only
            <li key={i} className="flex flex-wrap items-baseline justify-between gap-x-4 py-3 text-sm">
              <span>A friend's order, {formatDate(r.at)}</span>
              <span className={r.status === "credited" ? "font-semibold text-forest" : "text-muted"}>
                {r.status === "credited" && r.creditedAt
                  ? `${credit} credited ${formatDate(r.creditedAt)}`
                  : referralStatusText(r)}
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
