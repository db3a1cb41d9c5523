import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from "@simplewebauthn/browser";
import Download from "lucide-react/icons/download";
import ShieldCheck from "lucide-react/icons/shield-check";
import Trash2 from "lucide-react/icons/trash-2";
import { useState } from "react";
import type { DeletionInfo, DeletionResult } from "../../../core/contracts/account-data.ts";
import { useLaterT } from "../../hooks/use-later-t.ts";
import { useT } from "../../i18n/i18n.tsx";
import { Link, useLocalePath } from "../../i18n/link.tsx";
import { rich } from "../../i18n/rich.tsx";
import { apiErrorOf, apiRequest } from "../../lib/api.ts";
import { Button } from "../ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "../ui/dialog.tsx";
import { DialogButtons } from "../ui/dialog-buttons.tsx";
import { Field, inputClass } from "../ui/field.tsx";

/** What the confirmation dialog is doing. */
type Step =
  | { kind: "loading" }
  | { kind: "ready"; info: DeletionInfo; codeSent: string | null }
  | { kind: "failed"; message: string }
  | { kind: "done" };

/**
 * The account's "Your data" card (decision 045): Download my data (GET /api/account/export, a JSON file)
 * and Delete account, confirmed in a dialog that says what happens and asks for the password, or for a
 * code sent to the account's e-mail or phone when it has no password.
 */
export function YourData({ hasPasskey = false }: { hasPasskey?: boolean }) {
  const t = useT();
  return (
    <section aria-labelledby="your-data" className="rounded-card bg-white p-5 shadow-card sm:p-6">
      <h2 id="your-data" className="flex items-center gap-2 text-xl">
        <ShieldCheck className="size-5 text-gold" aria-hidden /> {t("account.data.title")}
      </h2>
      <p className="mt-2 text-sm text-muted">
        {rich(t, "account.data.intro", {
          link: (
            <Link to="/privacy" className="font-semibold text-forest underline underline-offset-2">
              {t("account.data.intro.link")}
            </Link>
          ),
        })}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button asChild variant="secondary" size="sm-wide">
          <a href="/api/account/export" download>
            <Download className="size-4" aria-hidden /> {t("account.data.download")}
          </a>
        </Button>
        <DeleteAccount hasPasskey={hasPasskey} />
      </div>
    </section>
  );
}

/** `hasPasskey`: the account can confirm with one of its passkeys instead (decision 052). */
function DeleteAccount({ hasPasskey }: { hasPasskey: boolean }) {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>({ kind: "loading" });
  const [secret, setSecret] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [passkeyPending, setPasskeyPending] = useState(false);
  const t = useT();
  const localePath = useLocalePath();
  const later = useLaterT([
    "account.error.hint",
    "account.data.delete.enterPassword",
    "account.data.delete.enterCode",
    "account.data.delete.passkeyCancelled",
    "account.data.delete.wrongPasskey",
  ]);
  const home = () => window.location.assign(localePath("/"));

  async function opened(next: boolean) {
    setOpen(next);
    if (!next) return;
    setSecret("");
    setError(null);
    setStep({ kind: "loading" });
    try {
      const info = await apiRequest<DeletionInfo>("GET", "/api/account/deletion");
      setStep({ kind: "ready", info, codeSent: null });
    } catch (err) {
      setStep({
        kind: "failed",
        message: apiErrorOf(err)?.message ?? later("account.error.hint"),
      });
    }
  }

  async function sendCode() {
    if (step.kind !== "ready") return;
    setPending(true);
    setError(null);
    try {
      const sent = await apiRequest<{ sent: "email" | "sms"; to: string }>(
        "POST",
        "/api/account/deletion/code",
        {},
      );
      setStep({ ...step, codeSent: sent.to });
    } catch (err) {
      setError(apiErrorOf(err)?.message ?? later("account.error.hint"));
    } finally {
      setPending(false);
    }
  }

  async function confirm(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step.kind !== "ready" || pending) return;
    const withPassword = step.info.proof.kind === "password";
    if (!secret.trim()) {
      setError(
        withPassword ? later("account.data.delete.enterPassword") : later("account.data.delete.enterCode"),
      );
      return;
    }
    setPending(true);
    setError(null);
    try {
      await apiRequest<DeletionResult>(
        "POST",
        "/api/account/delete",
        withPassword ? { password: secret } : { code: secret.trim() },
      );
      setStep({ kind: "done" });
      setPending(false);
    } catch (err) {
      setError(apiErrorOf(err)?.message ?? later("account.error.hint"));
      setPending(false);
    }
  }

  /** The passkey's signature stands for the password or the code (decision 052). */
  async function confirmWithPasskey() {
    if (step.kind !== "ready" || pending) return;
    setPending(true);
    setPasskeyPending(true);
    setError(null);
    const stop = (message: string) => {
      setError(message);
      setPending(false);
      setPasskeyPending(false);
    };
    try {
      const optionsJSON = await apiRequest<PublicKeyCredentialRequestOptionsJSON>(
        "POST",
        "/api/account/deletion/passkey",
        {},
      );
      let passkey: Awaited<ReturnType<typeof startAuthentication>>;
      try {
        passkey = await startAuthentication({ optionsJSON });
      } catch {
        stop(later("account.data.delete.passkeyCancelled"));
        return;
      }
      await apiRequest<DeletionResult>("POST", "/api/account/delete", { passkey });
      setStep({ kind: "done" });
      setPending(false);
      setPasskeyPending(false);
    } catch (err) {
      const refusal = apiErrorOf(err);
      stop(
        refusal?.code === "wrong_passkey"
          ? later("account.data.delete.wrongPasskey")
          : (refusal?.message ?? later("account.error.hint")),
      );
    }
  }

  if (step.kind === "done")
    return (
      <Dialog open onOpenChange={home}>
        <DialogContent width="lg">
          <DialogTitle>{t("account.data.deleted.title")}</DialogTitle>
          <DialogDescription className="mt-2 text-sm text-muted">
            {t("account.data.deleted.text")}
          </DialogDescription>
          <DialogButtons>
            {/* A whole new page: nothing of the signed-in session stays in the browser's memory. */}
            <Button size="md-wide" onClick={home}>
              {t("account.data.deleted.home")}
            </Button>
          </DialogButtons>
        </DialogContent>
      </Dialog>
    );

  return (
    <Dialog open={open} onOpenChange={(next) => void opened(next)}>
      <DialogTrigger asChild>
        <Button variant="destructive" size="sm-wide" className="border border-danger">
          <Trash2 className="size-4" aria-hidden /> {t("account.data.delete")}
        </Button>
      </DialogTrigger>
      <DialogContent width="lg">
        <form noValidate onSubmit={(e) => void confirm(e)}>
          <DialogTitle>{t("account.data.delete.title")}</DialogTitle>
          <DialogDescription asChild>
            <div className="mt-2 grid gap-2 text-sm text-muted">
              <p>{t("account.data.delete.intro")}</p>
              <ul className="grid list-disc gap-1 pl-5">
                <li>{t("account.data.delete.subscriptions")}</li>
                <li>{t("account.data.delete.signedOut")}</li>
                <li>{t("account.data.delete.erased")}</li>
                <li>{t("account.data.delete.kept")}</li>
              </ul>
              <p>{t("account.data.delete.confirmation")}</p>
            </div>
          </DialogDescription>
          <div className="mt-5 grid gap-4">
            {step.kind === "loading" ? (
              <p className="text-sm text-muted">{t("account.data.delete.checking")}</p>
            ) : null}
            {step.kind === "failed" ? (
              <p role="alert" className="text-sm text-danger">
                {step.message}
              </p>
            ) : null}
            {step.kind === "ready" && step.info.refusal ? (
              <p role="alert" className="rounded-xl border border-danger p-3 text-sm text-danger">
                {step.info.refusal}
              </p>
            ) : null}
            {step.kind === "ready" && !step.info.refusal && step.info.proof.kind === "password" ? (
              <Field id="delete-password" label={t("account.data.delete.password")}>
                <input
                  id="delete-password"
                  type="password"
                  autoComplete="current-password"
                  className={inputClass}
                  value={secret}
                  onChange={(e) => setSecret(e.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? "delete-error" : undefined}
                />
              </Field>
            ) : null}
            {step.kind === "ready" && !step.info.refusal && step.info.proof.kind === "code" ? (
              step.codeSent ? (
                <Field
                  id="delete-code"
                  label={t("account.data.delete.code")}
                  hint={t("account.data.delete.codeHint", { to: step.codeSent })}
                >
                  <input
                    id="delete-code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    className={inputClass}
                    value={secret}
                    onChange={(e) => setSecret(e.target.value)}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? "delete-code-hint delete-error" : "delete-code-hint"}
                  />
                </Field>
              ) : (
                <div className="grid gap-2 text-sm">
                  <p>
                    {rich(t, "account.data.delete.noPassword", {
                      to: <span className="font-semibold text-ink">{step.info.proof.to}</span>,
                    })}
                  </p>
                  <Button
                    variant="outline"
                    size="sm-wide"
                    className="justify-self-start"
                    pending={pending}
                    pendingText={t("account.data.delete.sending")}
                    onClick={() => void sendCode()}
                  >
                    {t("account.data.delete.sendCode")}
                  </Button>
                </div>
              )
            ) : null}
            {step.kind === "ready" && !step.info.refusal && hasPasskey ? (
              <div className="grid gap-2 text-sm">
                <p>{t("account.data.delete.passkeyOr")}</p>
                <Button
                  variant="destructive"
                  size="sm-wide"
                  className="justify-self-start border border-danger"
                  pending={passkeyPending}
                  pendingText={t("account.data.delete.passkeyWaiting")}
                  disabled={pending && !passkeyPending}
                  onClick={() => void confirmWithPasskey()}
                >
                  {t("account.data.delete.withPasskey")}
                </Button>
              </div>
            ) : null}
            {step.kind === "ready" && !step.info.refusal && step.info.proof.kind === "none" && !hasPasskey ? (
              <p className="text-sm">
                {rich(t, "account.data.delete.noProof", {
                  link: (
                    <Link to="/contact" className="font-semibold text-forest underline underline-offset-2">
                      {t("account.data.delete.noProof.link")}
                    </Link>
                  ),
                })}
              </p>
            ) : null}
          </div>
          {error ? (
            <p
              id="delete-error"
              role="alert"
              className="mt-4 rounded-xl border border-danger p-3 text-sm text-danger"
            >
              {error}
            </p>
          ) : null}
          <DialogButtons>
            <DialogClose asChild>
              <Button variant="outline" size="md-wide">
                {t("account.data.delete.keep")}
              </Button>
            </DialogClose>
            {step.kind === "ready" &&
            !step.info.refusal &&
            (step.info.proof.kind === "password" || step.codeSent) ? (
              <Button
                type="submit"
                size="md-wide"
                variant="destructive"
                className="border border-danger"
                pending={pending && !passkeyPending}
                disabled={passkeyPending}
                pendingText={t("account.data.delete.deleting")}
              >
                {t("account.data.delete.confirm")}
              </Button>
            ) : null}
          </DialogButtons>
        </form>
      </DialogContent>
    </Dialog>
  );
}
