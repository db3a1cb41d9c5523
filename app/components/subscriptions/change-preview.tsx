import { useEffect, useState } from "react";
import type {
  PreviewedAction,
  SubscriptionPreviewResponse,
  SubscriptionView,
} from "../../../core/contracts/subscriptions.ts";
import { formatMoney, toCents } from "../../../core/money.ts";
import { useT } from "../../i18n/i18n.tsx";
import { useAccountAction } from "../account/account-action.ts";
import { productLine } from "./subscription-text.ts";

/**
 * What a change would cost, as the server prices it (the account action's "subscription-preview", which
 * writes nothing and reads the page again for nothing: app/routes/account.tsx `shouldRevalidate`): the
 * page shows the server's figure, never one of its own, so a stack line leaving its stack shows its own
 * price and the stack's other lines theirs. Null `body` asks for nothing.
 */
export function useChangePreview(sub: SubscriptionView, action: PreviewedAction, body: object | null) {
  const [data, setData] = useState<SubscriptionPreviewResponse | undefined>(undefined);
  const preview = useAccountAction((result) => {
    if (result.ok && result.intent === "subscription-preview") {
      setData({ subscription: result.subscription, others: result.others });
    }
  });
  const key = body === null ? null : JSON.stringify(body);
  const { submit } = preview;
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again when what is asked changes (`key`)
  useEffect(() => {
    setData(undefined);
    if (key === null) return;
    void submit({ intent: "subscription-preview", id: sub.id, action, body: JSON.parse(key) });
  }, [sub.id, action, key]);
  return { data: key === null ? undefined : data };
}

/** The other lines of a stack that the change would price on their own, with their new prices. */
export function StackLeaveNote({ others }: { others: SubscriptionView[] }) {
  const t = useT();
  if (others.length === 0) return null;
  return (
    <div className="grid gap-1 text-sm text-ink" data-testid="stack-leave-note">
      <p>{t("subscriptions.stackLeave.text")}</p>
      <ul className="list-disc pl-5">
        {others.map((o) => (
          <li key={o.id}>
            {t("subscriptions.stackLeave.line", {
              product: productLine(o),
              price: formatMoney(toCents(o.amount), o.currency),
              months: o.intervalMonths,
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}
