import KeyRound from "lucide-react/icons/key-round";
import { useEffect, useRef, useState } from "react";
import type { ToastInput } from "../../hooks/use-toast.ts";
import type { Translator } from "../../i18n/i18n.tsx";
import { useT } from "../../i18n/i18n.tsx";
import {
  passkeyAuthClient,
  passkeyAutofillSupported,
  passkeysSupported,
} from "../../lib/auth-client-passkey.ts";
import { Button } from "../ui/button.tsx";
import type { AuthFailure } from "./auth-errors.ts";

/** Why a passkey sign-in failed, in the page's language; null when the shopper simply did not pick one. */
export function passkeyFailure(
  e: AuthFailure,
  t: Translator["t"],
  quietIfCancelled: boolean,
): ToastInput | null {
  const cancelled = e.code === "AUTH_CANCELLED" || Boolean(e.code?.startsWith("ERROR_"));
  if (cancelled && quietIfCancelled) return null;
  const description =
    e.code === "WRONG_ADDRESS" && e.message
      ? e.message
      : e.status === 429
        ? t("passkey.error.tooMany")
        : e.status === 403
          ? t("passkey.signIn.refused")
          : e.code === "PASSKEY_NOT_FOUND" || e.status === 401
            ? t("passkey.signIn.unknown")
            : cancelled
              ? t("passkey.signIn.cancelled")
              : t("passkey.error.generic");
  return { title: t("passkey.signIn.failed"), description, variant: "destructive" };
}

/**
 * Passkey sign-in (docs/decisions/052-passkeys.md): the "Sign in with a passkey" button, and the browser's
 * autofill on the e-mail field (conditional mediation: the field says autocomplete="email webauthn",
 * and a passkey picked from its suggestions signs in at once). The button cancels a waiting autofill
 * request; autofill waits again after the button's attempt ends without a sign-in.
 */
export function PasskeySignIn({
  disabled,
  onBusy,
  onSignedIn,
  onFailed,
}: {
  disabled: boolean;
  onBusy: (busy: boolean) => void;
  onSignedIn: () => Promise<void> | void;
  onFailed: (toast: ToastInput) => void;
}) {
  const t = useT();
  const [supported, setSupported] = useState(false);
  const [busy, setBusy] = useState(false);
  const [autofillRound, setAutofillRound] = useState(0);

  useEffect(() => setSupported(passkeysSupported()), []);

  async function signIn() {
    setBusy(true);
    onBusy(true);
    const result = await passkeyAuthClient.signIn.passkey();
    if (result?.data && !result.error) {
      await onSignedIn();
      return;
    }
    setBusy(false);
    onBusy(false);
    const failure = passkeyFailure(result?.error ?? {}, t, false);
    if (failure) onFailed(failure);
    setAutofillRound((n) => n + 1);
  }

  if (!supported) return null;
  return (
    <>
      <PasskeyAutofill key={autofillRound} onSignedIn={onSignedIn} onFailed={onFailed} />
      <Button
        type="button"
        variant="outline"
        size="md"
        fullWidth
        className="bg-white"
        disabled={disabled && !busy}
        pending={busy}
        pendingText={t("passkey.signIn.busy")}
        onClick={() => void signIn()}
      >
        <KeyRound className="size-4" aria-hidden /> {t("passkey.signIn")}
      </Button>
    </>
  );
}

/** One autofill request, from mount until a passkey is picked or the request is replaced (a new key). */
function PasskeyAutofill({
  onSignedIn,
  onFailed,
}: {
  onSignedIn: () => Promise<void> | void;
  onFailed: (toast: ToastInput) => void;
}) {
  const t = useT();
  const latest = useRef({ onSignedIn, onFailed, t });
  latest.current = { onSignedIn, onFailed, t };
  useEffect(() => {
    let live = true;
    void (async () => {
      if (!(await passkeyAutofillSupported()) || !live) return;
      const result = await passkeyAuthClient.signIn.passkey({ autoFill: true });
      if (!live) return;
      if (result?.data && !result.error) {
        await latest.current.onSignedIn();
        return;
      }
      // Said only once a passkey was picked and refused (not the shop's, or the account barred); a request
      // the button replaced, a suggestion dismissed or options not given (too many page loads) stay quiet.
      const refused = result?.error?.status === 401 || result?.error?.status === 403;
      const failure = refused ? passkeyFailure(result.error, latest.current.t, true) : null;
      if (failure) latest.current.onFailed(failure);
    })();
    return () => {
      live = false;
    };
  }, []);
  return null;
}
