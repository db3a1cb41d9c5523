import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { SubscriptionActionResponse, SubscriptionView } from "../../../core/contracts/subscriptions.ts";
import { toast } from "../../hooks/use-toast.ts";
import { apiRequest, serverMessage } from "../../lib/api.ts";
import { Button } from "../ui/button.tsx";
import { SubscriptionCard, subscriptionTitleId } from "./subscription-card.tsx";
import { useProducts, useRefreshSubscriptions, useStackNames } from "./subscription-data.ts";
import { type DialogTarget, SubscriptionDialog } from "./subscription-dialog.tsx";
import { cardReturnToast } from "./subscription-text.ts";

/**
 * Back from the save-card page (`?card=saved|renewed|declined`): say how it went, read the list again
 * (the card changed, a renewal may have run) and drop the parameter so a reload does not say it twice.
 */
function useCardReturn() {
  const [params, setParams] = useSearchParams();
  const refresh = useRefreshSubscriptions();
  const outcome = params.get("card");
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!outcome || shown.current === outcome) return;
    shown.current = outcome;
    const message = cardReturnToast(outcome);
    if (message) toast(message);
    void refresh();
    setParams(
      (p) => {
        p.delete("card");
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [outcome, refresh, setParams]);
}

/** Update card: the server opens the change (409 when the status forbids it) and names the page to go to. */
function useUpdateCard() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<SubscriptionActionResponse>("POST", `/api/subscriptions/${id}/payment-method`, {}),
    onSuccess: (answer) => {
      // The shop's own card page, or Stripe's (another site: a full page load).
      if (answer.url?.startsWith("/")) navigate(answer.url);
      else if (answer.url) window.location.assign(answer.url);
    },
    onError: (err) =>
      toast({
        title: "Could not open the card page",
        description: serverMessage(err, "We couldn't reach the shop. Check your connection and try again."),
        variant: "destructive",
      }),
  });
}

function Placeholder() {
  return <div className="h-40 animate-pulse rounded-card bg-sand" aria-hidden />;
}

/**
 * The Subscriptions tab: every subscription with the actions its status allows, each confirmed in a
 * dialog; the list shows the server's answer after each one.
 */
export function AccountSubscriptions({
  subscriptions,
  loading,
  userId,
}: {
  subscriptions: SubscriptionView[] | undefined;
  loading: boolean;
  userId: string;
}) {
  useCardReturn();
  const [target, setTarget] = useState<DialogTarget | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  // The subscription last opened: after its dialog closes, its title takes the focus when the button
  // that opened the dialog is gone (Pause became Resume).
  const openedId = useRef<string | null>(null);
  const updateCard = useUpdateCard();
  const list = subscriptions ?? [];
  const products = useProducts(list.some((s) => s.status === "cancelled"));
  const stacks = useStackNames(list.some((s) => s.bundleId));

  if (loading) {
    return (
      <div className="grid gap-3" role="status" aria-label="Loading subscriptions">
        <Placeholder />
      </div>
    );
  }
  if (list.length === 0) {
    return (
      <div className="rounded-card bg-white p-8 text-center shadow-card">
        <p className="font-display text-xl text-forest">No active subscriptions</p>
        <p className="mt-2 text-muted">Save 15% with monthly subscriptions</p>
        <Button asChild className="mt-4">
          <Link to="/#products">Explore Subscriptions</Link>
        </Button>
      </div>
    );
  }
  return (
    <section aria-labelledby="subscriptions-title" className="grid gap-4">
      <h2 id="subscriptions-title" className="text-2xl">
        Your subscriptions
      </h2>
      <ul className="grid gap-4">
        {list.map((s) => (
          <li key={s.id}>
            <SubscriptionCard
              sub={s}
              stackName={stacks.data?.get(s.bundleId)}
              productSlug={products.data?.find((p) => p.id === s.productId)?.slug}
              onOpen={(kind, el) => {
                opener.current = el;
                openedId.current = s.id;
                setTarget({ kind, sub: s });
              }}
              onUpdateCard={() => updateCard.mutate(s.id)}
              updatingCard={updateCard.isPending && updateCard.variables === s.id}
            />
          </li>
        ))}
      </ul>
      <SubscriptionDialog
        target={target}
        userId={userId}
        onClose={() => setTarget(null)}
        opener={() => opener.current}
        fallback={() =>
          openedId.current ? document.getElementById(subscriptionTitleId(openedId.current)) : null
        }
      />
    </section>
  );
}
