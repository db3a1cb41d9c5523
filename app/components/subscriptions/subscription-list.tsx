import { useEffect, useRef, useState } from "react";
import { useNavigate, useRevalidator, useSearchParams } from "react-router";
import type { ShopProduct } from "../../../core/contracts/account.ts";
import type { AddressView } from "../../../core/contracts/addresses.ts";
import type { SubscriptionView } from "../../../core/contracts/subscriptions.ts";
import { useLaterT } from "../../hooks/use-later-t.ts";
import { toast } from "../../hooks/use-toast.ts";
import { useT } from "../../i18n/i18n.tsx";
import { Link, useLocalePath } from "../../i18n/link.tsx";
import { useAccountAction } from "../account/account-action.ts";
import { Button } from "../ui/button.tsx";
import { SubscriptionCard, subscriptionTitleId } from "./subscription-card.tsx";
import { type DialogTarget, SubscriptionDialog } from "./subscription-dialog.tsx";
import { CARD_TOAST_KEYS, cardReturnToast } from "./subscription-text.ts";

/**
 * Back from the save-card page (`?card=saved|renewed|declined`): say how it went, read the list again
 * (the card changed, a renewal may have run) and drop the parameter so a reload does not say it twice.
 */
function useCardReturn() {
  const [params, setParams] = useSearchParams();
  const later = useLaterT(CARD_TOAST_KEYS);
  const words = useRef(later);
  words.current = later;
  const revalidator = useRevalidator();
  const refresh = useRef(revalidator.revalidate);
  refresh.current = revalidator.revalidate;
  const outcome = params.get("card");
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!outcome || shown.current === outcome) return;
    shown.current = outcome;
    const message = cardReturnToast(words.current, outcome);
    if (message) toast(message);
    void refresh.current();
    setParams(
      (p) => {
        p.delete("card");
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [outcome, setParams]);
}

/**
 * Update card: the account action opens the change (409 when the status forbids it) and names the page to
 * go to: the shop's card page, which sends a Stripe-billed subscription on to Stripe's.
 */
function useUpdateCard() {
  const navigate = useNavigate();
  // The shop's card page in the page's language; Stripe's page (an absolute URL) as it is.
  const localePath = useLocalePath();
  const later = useLaterT(["subscriptions.list.cardPageFailed"]);
  const [updating, setUpdating] = useState<string | null>(null);
  const action = useAccountAction((result) => {
    setUpdating(null);
    if (result.ok) {
      if (result.intent === "card") navigate(localePath(result.url));
      return;
    }
    toast({
      title: later("subscriptions.list.cardPageFailed"),
      description: result.error.message,
      variant: "destructive",
    });
  });
  return {
    open(id: string) {
      if (action.pending) return;
      setUpdating(id);
      void action.submit({ intent: "card", id });
    },
    updating: action.pending ? updating : null,
  };
}

/**
 * The Subscriptions tab: every subscription with the actions its status allows, each confirmed in a
 * dialog; the list shows the server's answer after each one.
 */
export function AccountSubscriptions({
  subscriptions,
  addresses,
  products,
  stackNames,
}: {
  subscriptions: SubscriptionView[];
  /** The address book, for Modify's address choice. */
  addresses: AddressView[];
  /** The catalogue, for Modify's swap choices and "Subscribe again". */
  products: ShopProduct[];
  /** The stacks' names by slug, to say which stack a subscription came with. */
  stackNames: Record<string, string>;
}) {
  const t = useT();
  useCardReturn();
  const [target, setTarget] = useState<DialogTarget | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  // The subscription last opened: after its dialog closes, its title takes the focus when the button
  // that opened the dialog is gone (Pause became Resume).
  const openedId = useRef<string | null>(null);
  const updateCard = useUpdateCard();
  const list = subscriptions;

  if (list.length === 0) {
    return (
      <div className="rounded-card bg-white p-8 text-center shadow-card">
        <p className="font-display text-xl text-forest">{t("subscriptions.list.empty.title")}</p>
        <p className="mt-2 text-muted">{t("subscriptions.list.empty.text")}</p>
        <Button asChild className="mt-4">
          <Link to="/#products">{t("subscriptions.list.empty.cta")}</Link>
        </Button>
      </div>
    );
  }
  return (
    <section aria-labelledby="subscriptions-title" className="grid gap-4">
      <h2 id="subscriptions-title" className="text-2xl">
        {t("subscriptions.list.heading")}
      </h2>
      <ul className="grid gap-4">
        {list.map((s) => (
          <li key={s.id}>
            <SubscriptionCard
              sub={s}
              stackName={stackNames[s.bundleId]}
              productSlug={products.find((p) => p.id === s.productId)?.slug}
              onOpen={(kind, el) => {
                opener.current = el;
                openedId.current = s.id;
                setTarget({ kind, sub: s });
              }}
              onUpdateCard={() => updateCard.open(s.id)}
              updatingCard={updateCard.updating === s.id}
            />
          </li>
        ))}
      </ul>
      <SubscriptionDialog
        target={target}
        addresses={addresses}
        products={products}
        onClose={() => setTarget(null)}
        opener={() => opener.current}
        fallback={() =>
          openedId.current ? document.getElementById(subscriptionTitleId(openedId.current)) : null
        }
      />
    </section>
  );
}
