import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { SubscriptionView } from "../../../core/contracts/subscriptions.ts";
import { useLaterT } from "../../hooks/use-later-t.ts";
import { toast } from "../../hooks/use-toast.ts";
import { useLocale } from "../../i18n/i18n.tsx";
import { useAccountAction } from "../account/account-action.ts";
import type { ActionRequest } from "./subscription-data.ts";
import { changedToast, TOAST_KEYS } from "./subscription-text.ts";

type ChangeRequest = Exclude<ActionRequest, { action: "payment-method" }>;

/**
 * Sends one action from a dialog to the account page's action; the page reads its subscriptions again
 * after it. Success: a toast naming the change, and the dialog closes. A refusal stays in the dialog with
 * the server's words (a toast would sit outside the modal, out of reach); when the subscription changed
 * elsewhere (409) or is gone (404) the list is read again so it shows the truth.
 */
export function useRunAction(sub: SubscriptionView, onDone: () => void) {
  const later = useLaterT([...TOAST_KEYS, "subscriptions.toast.notFound"]);
  const locale = useLocale();
  const revalidator = useRevalidator();
  const [error, setError] = useState<string | null>(null);
  const sent = useRef<ChangeRequest | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const done = () => {
    if (mounted.current) onDone();
  };

  const action = useAccountAction((result) => {
    const request = sent.current;
    sent.current = null;
    if (!request) return;
    if (result.ok) {
      if (result.intent === "subscription") {
        toast(changedToast({ t: later, locale }, request.action, sub, result.subscription, new Date()));
        done();
      }
      return;
    }
    if (result.status === 404) {
      void revalidator.revalidate();
      toast({ title: later("subscriptions.toast.notFound"), variant: "destructive" });
      done();
      return;
    }
    if (result.status === 409) void revalidator.revalidate();
    setError(result.error.message);
  });

  function run(request: ChangeRequest) {
    if (action.pending) return;
    setError(null);
    sent.current = request;
    void action.submit({ intent: "subscription", id: sub.id, action: request.action, body: request.body });
  }

  return { run, error, setError, pending: action.pending };
}
