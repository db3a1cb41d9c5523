import { useQuery } from "@tanstack/react-query";
import type {
  PreviewedAction,
  SubscriptionPreviewResponse,
  SubscriptionView,
} from "../../../core/contracts/subscriptions.ts";
import { formatMoney, toCents } from "../../../core/money.ts";
import { apiRequest } from "../../lib/api.ts";
import { everyMonths } from "./subscription-text.ts";

/**
 * What a change would cost, as the server prices it (POST /api/subscriptions/:id/{action}/preview): the
 * page shows the server's figure, never one of its own, so a stack line leaving its stack shows its own
 * price and the stack's other lines theirs. Null `body` asks for nothing.
 */
export function useChangePreview(sub: SubscriptionView, action: PreviewedAction, body: object | null) {
  return useQuery({
    queryKey: ["/api/subscriptions", sub.id, "preview", action, body],
    queryFn: () =>
      apiRequest<SubscriptionPreviewResponse>("POST", `/api/subscriptions/${sub.id}/${action}/preview`, body),
    enabled: body !== null,
    staleTime: 0,
  });
}

/** The other lines of a stack that the change would price on their own, with their new prices. */
export function StackLeaveNote({ others }: { others: SubscriptionView[] }) {
  if (others.length === 0) return null;
  return (
    <div className="grid gap-1 text-sm text-ink" data-testid="stack-leave-note">
      <p>
        Your stack is then no longer complete: from their next delivery, its other products go to their
        regular subscription price.
      </p>
      <ul className="list-disc pl-5">
        {others.map((o) => (
          <li key={o.id}>
            {o.quantity > 1 ? `${o.quantity}x ${o.productName}` : o.productName}:{" "}
            {formatMoney(toCents(o.amount))} {everyMonths(o.intervalMonths)}
          </li>
        ))}
      </ul>
    </div>
  );
}
