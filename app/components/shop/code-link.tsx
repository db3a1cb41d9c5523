import { useEffect, useRef } from "react";
import { useApplyCartCode, useCodeFailure } from "../../hooks/use-cart-code.ts";
import { useLaterT } from "../../hooks/use-later-t.ts";
import { toast } from "../../hooks/use-toast.ts";
import { useWholeCatalogue } from "../../i18n/i18n.tsx";

/**
 * Applies the code of a `?code=WELCOME10` link to the visitor's cart, once, and says so in a toast
 * ("WELCOME10 applied: 10% off", or why not in the server's words). Loaded by the shell only when a link
 * carries the parameter (app/root.tsx), so no other page's scripts grow. The server never renders it, so
 * the page carries none of its words: it sends the code once the language's whole catalogue is in, and its
 * toast reads as words, not message keys (e2e/discount-codes.spec.ts).
 */
export default function CodeLink({ code, onDone }: { code: string; onDone: () => void }) {
  const apply = useApplyCartCode({ toastOnSuccess: true });
  const codeFailure = useCodeFailure();
  const t = useLaterT();
  const whole = useWholeCatalogue();
  const sent = useRef(false);
  useEffect(() => {
    if (!whole || sent.current) return;
    sent.current = true;
    apply.mutate(code, {
      onError: (err) =>
        toast({
          title: t("cart.code.linkNotApplied"),
          description: codeFailure(err, code),
          variant: "destructive",
        }),
      onSettled: onDone,
    });
  }, [whole, apply, code, onDone, codeFailure, t]);
  return null;
}
