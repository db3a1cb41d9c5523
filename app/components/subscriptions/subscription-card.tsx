import Calendar from "lucide-react/icons/calendar";
import CreditCard from "lucide-react/icons/credit-card";
import MapPin from "lucide-react/icons/map-pin";
import Tag from "lucide-react/icons/tag";
import type { SubscriptionView } from "../../../core/contracts/subscriptions.ts";
import { useLocale, useT } from "../../i18n/i18n.tsx";
import { Link } from "../../i18n/link.tsx";
import { Button } from "../ui/button.tsx";
import { StatusBadge } from "../ui/status-badge.tsx";
import {
  cardText,
  discountText,
  isModifyAction,
  pendingPriceLine,
  priceLine,
  productLine,
  scheduleLine,
  shortAddress,
  statusText,
} from "./subscription-text.ts";

/** The dialogs a card's buttons open. */
export type DialogKind = "pause" | "resume" | "skip" | "modify" | "cancel";

export const subscriptionTitleId = (id: string) => `subscription-${id}-title`;

/**
 * One subscription: what it sends and costs, its status and schedule, where it ships and the card it is
 * charged to, and the buttons for exactly the actions its status allows. A cancelled one offers to
 * subscribe again instead.
 */
export function SubscriptionCard({
  sub,
  stackName,
  productSlug,
  onOpen,
  onUpdateCard,
  updatingCard,
}: {
  sub: SubscriptionView;
  stackName: string | undefined;
  productSlug: string | undefined;
  onOpen: (kind: DialogKind, opener: HTMLElement) => void;
  onUpdateCard: () => void;
  updatingCard: boolean;
}) {
  const t = useT();
  const words = { t, locale: useLocale() };
  const can = (action: SubscriptionView["actions"][number]) => sub.actions.includes(action);
  const label = productLine(sub);
  const open = (kind: DialogKind) => (e: React.MouseEvent<HTMLElement>) => onOpen(kind, e.currentTarget);
  const forName = <span className="sr-only"> {label}</span>;
  return (
    <article aria-labelledby={subscriptionTitleId(sub.id)} className="rounded-card bg-white p-5 shadow-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={subscriptionTitleId(sub.id)} tabIndex={-1} className="text-xl">
            {label}
          </h3>
          <p className="mt-1 font-semibold text-ink">{priceLine(t, sub)}</p>
          {pendingPriceLine(words, sub) ? (
            <p className="text-sm text-ink">{pendingPriceLine(words, sub)}</p>
          ) : null}
          {sub.discount ? (
            <p className="mt-1 flex items-start gap-2 text-sm text-ink">
              <Tag className="mt-0.5 size-4 shrink-0 text-verdant" aria-hidden />
              <span data-testid="subscription-discount">{discountText(t, sub.discount)}</span>
            </p>
          ) : null}
          {sub.bundleId ? (
            <p className="text-sm text-muted">
              {stackName
                ? t("subscriptions.card.partOf", { stack: stackName })
                : t("subscriptions.card.partOfStack")}
            </p>
          ) : null}
        </div>
        <StatusBadge status={sub.status} label={statusText(t, sub.status)} />
      </div>
      <p className="mt-3 flex items-center gap-2 text-sm text-ink">
        <Calendar className="size-4 shrink-0 text-verdant" aria-hidden />
        {scheduleLine(words, sub, new Date())}
      </p>
      {sub.status === "past_due" ? (
        <p className="mt-3 rounded-xl border border-danger p-3 text-sm text-danger">
          {t("subscriptions.card.pastDue")}
        </p>
      ) : null}
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
        {sub.shippingAddress ? (
          <div className="flex items-start gap-2">
            <dt className="mt-0.5">
              <MapPin className="size-4 shrink-0 text-verdant" aria-hidden />
              <span className="sr-only">{t("subscriptions.card.shipsTo")}</span>
            </dt>
            <dd className="text-ink">{shortAddress(sub.shippingAddress)}</dd>
          </div>
        ) : null}
        <div className="flex flex-wrap items-center gap-x-2">
          <dt>
            <CreditCard className="size-4 shrink-0 text-verdant" aria-hidden />
            <span className="sr-only">{t("subscriptions.card.card")}</span>
          </dt>
          <dd className="text-ink">
            {sub.cardLabel ? cardText(t, sub.cardLabel) : t("subscriptions.card.noCard")}
          </dd>
          {can("payment-method") ? (
            <dd>
              <Button
                variant="ghost"
                size="sm"
                className="-my-2 px-2 text-forest underline underline-offset-2"
                pending={updatingCard}
                pendingText={t("subscriptions.card.opening")}
                onClick={onUpdateCard}
              >
                {t("subscriptions.card.updateCard")}
                <span className="sr-only"> {t("subscriptions.card.updateCard.for", { name: label })}</span>
              </Button>
            </dd>
          ) : null}
        </div>
      </dl>
      {sub.status === "cancelled" ? (
        <div className="mt-4">
          <Button asChild variant="secondary" size="sm-wide">
            <Link to={productSlug ? `/products/${productSlug}` : "/products"}>
              {t("subscriptions.card.subscribeAgain")}
              <span className="sr-only">
                {" "}
                {t("subscriptions.card.subscribeAgain.to", { name: sub.productName })}
              </span>
            </Link>
          </Button>
        </div>
      ) : (
        <div className="mt-4 flex flex-wrap gap-2 border-t border-sand-deep pt-4">
          {can("pause") ? (
            <Button variant="outline" size="sm" onClick={open("pause")}>
              {t("subscriptions.card.pause")}
              {forName}
            </Button>
          ) : null}
          {can("resume") ? (
            <Button variant="outline" size="sm" onClick={open("resume")}>
              {t("subscriptions.card.resume")}
              {forName}
            </Button>
          ) : null}
          {can("skip") ? (
            <Button variant="outline" size="sm" onClick={open("skip")}>
              {t("subscriptions.card.skip")}
              <span className="sr-only"> {t("subscriptions.card.skip.of", { name: label })}</span>
            </Button>
          ) : null}
          {sub.actions.some(isModifyAction) ? (
            <Button variant="outline" size="sm" onClick={open("modify")}>
              {t("subscriptions.card.modify")}
              {forName}
            </Button>
          ) : null}
          {can("cancel") ? (
            <Button variant="destructive" size="sm" className="sm:ml-auto" onClick={open("cancel")}>
              {t("subscriptions.card.cancel")}
              {forName}
            </Button>
          ) : null}
        </div>
      )}
    </article>
  );
}
