import { useEffect, useRef } from "react";
import { useApplyCartCode, useCodeFailure } from "../../hooks/use-cart-code.ts";
import { useLaterT } from "../../hooks/use-later-t.ts";
import { toast } from "../../hooks/use-toast.ts";

/**
 * Applies the code of a `?code=WELCOME10` link to the visitor's cart, once, and says so in a toast
 * ("WELCOME10 applied: 10% off", or why not in the server's words). Loaded by the shell only when a link
 * carries the parameter (app/root.tsx), so no other page's scripts grow.
 */
export default function CodeLink({ code, onDone }: { code: string; onDone: () => void }) {
  const apply = useApplyCartCode({ toastOnSuccess: true });
  const codeFailure = useCodeFailure();
  const t = useLaterT();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
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
  }, [apply, code, onDone, codeFailure, t]);
  return null;
}
