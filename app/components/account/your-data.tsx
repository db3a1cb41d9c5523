import Download from "lucide-react/icons/download";
import ShieldCheck from "lucide-react/icons/shield-check";
import Trash2 from "lucide-react/icons/trash-2";
import { useState } from "react";
import type { DeletionInfo, DeletionResult } from "../../../core/contracts/account-data.ts";
import { Link } from "../../i18n/link.tsx";
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
export function YourData() {
  return (
    <section aria-labelledby="your-data" className="rounded-card bg-white p-5 shadow-card sm:p-6">
      <h2 id="your-data" className="flex items-center gap-2 text-xl">
        <ShieldCheck className="size-5 text-gold" aria-hidden /> Your data
      </h2>
      <p className="mt-2 text-sm text-muted">
        Download everything we hold about you, or delete your account. Our{" "}
        <Link to="/privacy" className="font-semibold text-forest underline underline-offset-2">
          Privacy Policy
        </Link>{" "}
        says what we keep and for how long.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button asChild variant="secondary" size="sm-wide">
          <a href="/api/account/export" download>
            <Download className="size-4" aria-hidden /> Download my data
          </a>
        </Button>
        <DeleteAccount />
      </div>
    </section>
  );
}

function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>({ kind: "loading" });
  const [secret, setSecret] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

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
        message: apiErrorOf(err)?.message ?? "Check your connection and try again.",
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
      setError(apiErrorOf(err)?.message ?? "Check your connection and try again.");
    } finally {
      setPending(false);
    }
  }

  async function confirm(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step.kind !== "ready" || pending) return;
    const withPassword = step.info.proof.kind === "password";
    if (!secret.trim()) {
      setError(withPassword ? "Enter your password." : "Enter the 6-digit code.");
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
      setError(apiErrorOf(err)?.message ?? "Check your connection and try again.");
      setPending(false);
    }
  }

  if (step.kind === "done")
    return (
      <Dialog open onOpenChange={() => window.location.assign("/")}>
        <DialogContent width="lg">
          <DialogTitle>Your account is deleted</DialogTitle>
          <DialogDescription className="mt-2 text-sm text-muted">
            You are signed out everywhere. If the account had an e-mail address, we sent a confirmation to it.
          </DialogDescription>
          <DialogButtons>
            {/* A whole new page: nothing of the signed-in session stays in the browser's memory. */}
            <Button size="md-wide" onClick={() => window.location.assign("/")}>
              Go to the home page
            </Button>
          </DialogButtons>
        </DialogContent>
      </Dialog>
    );

  return (
    <Dialog open={open} onOpenChange={(next) => void opened(next)}>
      <DialogTrigger asChild>
        <Button variant="destructive" size="sm-wide" className="border border-danger">
          <Trash2 className="size-4" aria-hidden /> Delete account
        </Button>
      </DialogTrigger>
      <DialogContent width="lg">
        <form noValidate onSubmit={(e) => void confirm(e)}>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription asChild>
            <div className="mt-2 grid gap-2 text-sm text-muted">
              <p>This cannot be undone. When you confirm:</p>
              <ul className="grid list-disc gap-1 pl-5">
                <li>every subscription is cancelled now and never charged again;</li>
                <li>you are signed out on every device and cannot sign in to this account again;</li>
                <li>
                  your name, e-mail, phone, addresses, preferences, reviews, wishlist, reading list and cart
                  are erased, and you leave the newsletter;
                </li>
                <li>
                  your orders stay in our accounts without your name, e-mail or street address; consent
                  records and reaction reports stay as the law asks.
                </li>
              </ul>
              <p>
                We e-mail a confirmation to the account's e-mail address, if it has one. You may want to
                download your data first.
              </p>
            </div>
          </DialogDescription>
          <div className="mt-5 grid gap-4">
            {step.kind === "loading" ? <p className="text-sm text-muted">Checking your account…</p> : null}
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
              <Field id="delete-password" label="Your password">
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
                  label="6-digit code"
                  hint={`We sent it to ${step.codeSent}. It works for 10 minutes.`}
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
                    Your account has no password: we send a 6-digit code to{" "}
                    <span className="font-semibold text-ink">{step.info.proof.to}</span> to confirm it is you.
                  </p>
                  <Button
                    variant="outline"
                    size="sm-wide"
                    className="justify-self-start"
                    pending={pending}
                    pendingText="Sending…"
                    onClick={() => void sendCode()}
                  >
                    Send the code
                  </Button>
                </div>
              )
            ) : null}
            {step.kind === "ready" && !step.info.refusal && step.info.proof.kind === "none" ? (
              <p className="text-sm">
                We have no way to confirm it is you: write to us from the{" "}
                <Link to="/contact" className="font-semibold text-forest underline underline-offset-2">
                  contact page
                </Link>{" "}
                to delete the account.
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
                Keep my account
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
                pending={pending}
                pendingText="Deleting…"
              >
                Delete my account
              </Button>
            ) : null}
          </DialogButtons>
        </form>
      </DialogContent>
    </Dialog>
  );
}
