import { useEffect, useRef, useState } from "react";
import type { SubscriptionView } from "../../../core/contracts/subscriptions.ts";
import { toast } from "../../hooks/use-toast.ts";
import { apiErrorOf, serverMessage } from "../../lib/api.ts";
import { type ActionRequest, useRefreshSubscriptions, useSubscriptionAction } from "./subscription-data.ts";
import { changedToast } from "./subscription-text.ts";

type ChangeRequest = Exclude<ActionRequest, { action: "payment-method" }>;

const OFFLINE = "We couldn't reach the shop. Check your connection and try again.";
const FAILED = "Something went wrong on our side. Try again in a moment.";

/**
 * Sends one action from a dialog. Success: a toast naming the change, and the dialog closes. A refusal
 * stays in the dialog with the server's words (a toast would sit outside the modal, out of reach); when
 * the subscription changed elsewhere (409) or is gone (404) the list is read again so it shows the truth.
 * A dialog closed while its action runs still gets its toast, and leaves whatever is open then alone.
 */
export function useRunAction(sub: SubscriptionView, onDone: () => void) {
  const mutation = useSubscriptionAction();
  const refresh = useRefreshSubscriptions();
  const [error, setError] = useState<string | null>(null);
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

  function run(request: ChangeRequest) {
    if (mutation.isPending) return;
    setError(null);
    mutation.mutateAsync({ id: sub.id, request }).then(
      (answer) => {
        toast(changedToast(request.action, sub, answer.subscription, new Date()));
        done();
      },
      (err: unknown) => {
        const failure = apiErrorOf(err);
        if (failure?.status === 404) {
          void refresh();
          toast({ title: "Subscription not found", variant: "destructive" });
          done();
          return;
        }
        if (failure?.status === 409) void refresh();
        const message = failure ? serverMessage(err, FAILED) : OFFLINE;
        if (mounted.current) setError(message);
        else toast({ title: "The change did not go through", description: message, variant: "destructive" });
      },
    );
  }

  return { run, error, setError, pending: mutation.isPending };
}
