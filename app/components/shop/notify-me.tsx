import { useId, useState } from "react";
import type { NotifyResponse } from "../../../core/contracts/wishlist.ts";
import { useT } from "../../i18n/i18n.tsx";
import { rich } from "../../i18n/rich.tsx";
import { apiErrorOf, apiRequest, serverMessage } from "../../lib/api.ts";
import { useSessionProbe } from "../../lib/session-probe.ts";
import { Button } from "../ui/button.tsx";
import { Field, inputClass } from "../ui/field.tsx";

type State =
  | { step: "idle"; error?: string }
  | { step: "sending" }
  | { step: "done"; email: string; created: boolean };

/**
 * "Notify Me" for a product out of stock: one e-mail when it is back. A signed-in customer is registered
 * with their account's e-mail by one press; a guest (or an account made by phone, which has no e-mail)
 * types an address.
 */
export function NotifyMe({ productId, name }: { productId: number; name: string }) {
  const session = useSessionProbe();
  const t = useT();
  const [state, setState] = useState<State>({ step: "idle" });
  const [email, setEmail] = useState("");
  const [needsEmail, setNeedsEmail] = useState(false);
  const fieldId = useId();
  const errorId = `${fieldId}-error`;
  const askEmail = needsEmail || session.data !== true;

  async function register(event: React.FormEvent) {
    event.preventDefault();
    if (state.step === "sending") return;
    setState({ step: "sending" });
    try {
      const answer = await apiRequest<NotifyResponse>(
        "POST",
        `/api/products/${productId}/notify`,
        askEmail ? { email } : {},
      );
      setState({ step: "done", email: answer.email, created: answer.created });
    } catch (err) {
      const failure = apiErrorOf(err);
      if (failure?.code === "email_required") setNeedsEmail(true);
      setState({
        step: "idle",
        error: serverMessage(err, t("shop.notify.failed")),
      });
    }
  }

  if (state.step === "done") {
    return (
      <p role="status" className="text-sm">
        {rich(
          t,
          state.created ? "shop.notify.done" : "shop.notify.already",
          { email: <span className="font-semibold">{state.email}</span> },
          { name },
        )}
      </p>
    );
  }
  const error = state.step === "idle" ? state.error : undefined;
  return (
    <form onSubmit={register} className="grid gap-3" noValidate>
      {askEmail ? (
        <Field id={fieldId} label={t("shop.notify.email")}>
          <input
            id={fieldId}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={inputClass}
          />
        </Field>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <Button
        type="submit"
        variant="secondary"
        size="sm-wide"
        pending={state.step === "sending"}
        pendingText={t("shop.notify.sending")}
        aria-label={t("shop.notify.label", { name })}
      >
        {t("shop.notify.button")}
      </Button>
    </form>
  );
}
