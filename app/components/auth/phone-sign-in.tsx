import { useState } from "react";
import { toast } from "../../hooks/use-toast.ts";
import { useT } from "../../i18n/i18n.tsx";
import { authClient } from "../../lib/auth-client.ts";
import { Button } from "../ui/button.tsx";
import { Field, inputClass } from "../ui/field.tsx";
import { codeFailure, smsFailure } from "./auth-errors.ts";
import { HumanCheckWidget } from "./human-check-widget.tsx";

/** '+1 (555) 000-0000' as typed becomes E.164 ('+15550000000'); ten bare digits are taken as +1. */
export function toE164(input: string): string {
  const digits = input.replace(/\D/g, "");
  if (input.trim().startsWith("+")) return `+${digits}`;
  return digits.length === 10 ? `+1${digits}` : `+${digits}`;
}

type Busy = "sms" | "verify" | null;

/**
 * Phone sign-in: enter phone, pass the visible human check, send the SMS code,
 * enter the 6-digit code, confirm; 'Use different phone number' returns to the first step.
 */
export function PhoneSignIn({
  disabled,
  onBusy,
  onSignedIn,
}: {
  disabled: boolean;
  onBusy: (busy: boolean) => void;
  onSignedIn: () => Promise<void>;
}) {
  const t = useT();
  const [phone, setPhone] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [payload, setPayload] = useState<string | null>(null);
  const [widgetKey, setWidgetKey] = useState(0);
  const [busy, setBusyState] = useState<Busy>(null);
  const locked = disabled || busy !== null;

  function setBusy(b: Busy) {
    setBusyState(b);
    onBusy(b !== null);
  }

  async function send(e: React.FormEvent) {
    e.preventDefault();
    if (!payload) {
      toast(smsFailure({ code: "HUMAN_CHECK_FAILED" }, t));
      return;
    }
    const number = toE164(phone);
    setBusy("sms");
    const { error } = await authClient.phoneNumber.sendOtp({
      phoneNumber: number,
      fetchOptions: { headers: { "x-human-check": payload } },
    });
    // A solution is good for one send only: show a fresh challenge whatever happened.
    setPayload(null);
    setWidgetKey((k) => k + 1);
    setBusy(null);
    if (error) {
      toast(smsFailure(error, t));
      return;
    }
    setSentTo(number);
    toast({ title: t("auth.phone.sent.title"), description: t("auth.phone.sent.description") });
  }

  async function verify(e: React.FormEvent) {
    e.preventDefault();
    if (!sentTo) return;
    setBusy("verify");
    const { error } = await authClient.phoneNumber.verify({ phoneNumber: sentTo, code });
    if (error) {
      setBusy(null);
      toast(codeFailure(error, t));
      return;
    }
    await onSignedIn();
    setBusy(null);
  }

  if (sentTo) {
    return (
      <form className="grid gap-4" onSubmit={verify}>
        <p className="text-sm text-muted" aria-live="polite">
          {t("auth.phone.codeSentTo", { phone: sentTo })}
        </p>
        <Field id="phone-code" label={t("auth.phone.code")}>
          <input
            id="phone-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            disabled={locked}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, "").slice(0, 6))}
            placeholder="123456"
            className={`${inputClass} tracking-[0.4em]`}
          />
        </Field>
        <Button
          type="submit"
          fullWidth
          disabled={locked}
          pending={busy === "verify"}
          pendingText={t("auth.phone.verifying")}
        >
          {t("auth.phone.verify")}
        </Button>
        <Button
          variant="outline"
          size="sm"
          fullWidth
          className="bg-white"
          disabled={locked}
          onClick={() => {
            setSentTo(null);
            setCode("");
          }}
        >
          {t("auth.phone.different")}
        </Button>
      </form>
    );
  }

  return (
    <form className="grid gap-4" onSubmit={send}>
      <Field id="phone-number" label={t("auth.phone.number")}>
        <input
          id="phone-number"
          type="tel"
          autoComplete="tel"
          required
          disabled={locked}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          placeholder="+1 (555) 000-0000"
          className={inputClass}
        />
      </Field>
      <HumanCheckWidget key={widgetKey} onPayload={setPayload} />
      <Button
        type="submit"
        fullWidth
        disabled={locked}
        pending={busy === "sms"}
        pendingText={t("auth.phone.sending")}
      >
        {t("auth.phone.send")}
      </Button>
    </form>
  );
}
