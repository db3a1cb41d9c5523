import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from "@simplewebauthn/browser";
import LockKeyhole from "lucide-react/icons/lock-keyhole";
import { useState } from "react";
import { MIN_PASSWORD_LENGTH, VERIFICATION_LINK_HOURS } from "../../../core/account-rules.ts";
import type { EmailChangeStarted, SignInDetails } from "../../../core/contracts/account-security.ts";
import { useLaterT } from "../../hooks/use-later-t.ts";
import { toast } from "../../hooks/use-toast.ts";
import { useT } from "../../i18n/i18n.tsx";
import { Link } from "../../i18n/link.tsx";
import { rich } from "../../i18n/rich.tsx";
import { apiErrorOf, apiRequest } from "../../lib/api.ts";
import { passwordRefusal } from "../auth/auth-errors.ts";
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

type T = ReturnType<typeof useLaterT>;

/** The words every refusal of a change is shown in (the codes of server/auth/account-security.ts). */
const CARRIED = [
  "account.security.failed",
  "account.security.tooMany",
  "account.security.enterCurrent",
  "account.security.wrongPassword",
  "account.security.wrongPasskey",
  "account.security.passkeyCancelled",
  "account.security.enterNew",
  "account.security.enterEmail",
  "account.security.sameEmail",
  "account.security.invalidEmail",
  "account.security.password.done",
  "account.security.password.doneText",
  "auth.error.passwordTooShort",
  "auth.error.passwordTooLong",
  "auth.error.passwordTooCommon",
  "auth.error.userExists",
] as const;

/** A refused change, in the page's language, and the field it belongs beside (if any). */
function refusalOf(err: unknown, later: T): { message: string; field: string | null } {
  const e = apiErrorOf(err);
  if (!e) return { message: later("account.security.failed"), field: null };
  if (e.status === 429 || e.code === "too_many_requests")
    return { message: later("account.security.tooMany"), field: null };
  const password = passwordRefusal({ code: e.code ?? undefined }, later);
  if (password) return { message: password, field: "newPassword" };
  switch (e.code) {
    case "password_required":
      return { message: later("account.security.enterCurrent"), field: "currentPassword" };
    case "wrong_password":
      return { message: later("account.security.wrongPassword"), field: "currentPassword" };
    case "wrong_passkey":
      return { message: later("account.security.wrongPasskey"), field: null };
    case "email_taken":
      return { message: later("auth.error.userExists"), field: "newEmail" };
    case "same_email":
      return { message: later("account.security.sameEmail"), field: "newEmail" };
    case "invalid_email":
      return { message: later("account.security.invalidEmail"), field: "newEmail" };
    default:
      if (e.fields.newEmail) return { message: later("account.security.invalidEmail"), field: "newEmail" };
      return { message: later("account.security.failed"), field: null };
  }
}

/**
 * One of the account's passkeys signs a fresh challenge (docs/decisions/052-passkeys.md); null when the
 * customer cancelled the browser's prompt. A refusal of the options request throws.
 */
async function passkeyProof(): Promise<Record<string, unknown> | null> {
  const optionsJSON = await apiRequest<PublicKeyCredentialRequestOptionsJSON>(
    "POST",
    "/api/account/security/passkey",
    {},
  );
  try {
    return (await startAuthentication({ optionsJSON })) as unknown as Record<string, unknown>;
  } catch {
    return null;
  }
}

type Proof = { currentPassword: string } | { passkey: Record<string, unknown> };
type Refusal = { message: string; field: string | null };
/** A dialog's check before it asks: the refusal (null when the field is fine), its field and its input. */
interface Check {
  refused: string | null;
  field: string;
  input: string;
}

function currentPasswordCheck(current: string, later: T, input: string): Check {
  return {
    refused: current ? null : later("account.security.enterCurrent"),
    field: "currentPassword",
    input,
  };
}

/**
 * A change confirmed with the current password or one of the account's passkeys, as both dialogs ask it:
 * the dialog's checks in order (the first refusal is shown beside its field, which takes the focus), then
 * the proof (the browser's passkey prompt, or the password typed), then `send`; a refusal from the server
 * is shown in the page's language.
 */
function useProvenChange(later: T, send: (proof: Proof) => Promise<void>) {
  const [error, setError] = useState<Refusal | null>(null);
  const [pending, setPending] = useState<"password" | "passkey" | null>(null);

  async function run(kind: "password" | "passkey", current: string, checks: Check[]) {
    if (pending) return;
    const failed = checks.find((check) => check.refused);
    if (failed?.refused) {
      setError({ message: failed.refused, field: failed.field });
      document.getElementById(failed.input)?.focus();
      return;
    }
    setPending(kind);
    setError(null);
    try {
      if (kind === "password") await send({ currentPassword: current });
      else {
        const passkey = await passkeyProof();
        if (!passkey) {
          setError({ message: later("account.security.passkeyCancelled"), field: null });
          return;
        }
        await send({ passkey });
      }
    } catch (err) {
      setError(refusalOf(err, later));
    } finally {
      setPending(null);
    }
  }

  return { error, pending, run, clearError: () => setError(null) };
}

/**
 * The account's "Sign-in and security" card: its e-mail with Change e-mail, and Change password for an
 * account that has one (an account made with a sign-in provider or a phone is told how it can set one).
 * Each change is confirmed with the current password or, when the account has one, a passkey.
 */
export function SignInDetailsCard({
  details,
  hasPasskey,
  onChanged,
}: {
  details: SignInDetails;
  hasPasskey: boolean;
  onChanged: () => void;
}) {
  const t = useT();
  return (
    <section aria-labelledby="sign-in-details" className="rounded-card bg-white p-5 shadow-card sm:p-6">
      <h2 id="sign-in-details" className="flex items-center gap-2 text-xl">
        <LockKeyhole className="size-5 text-gold" aria-hidden /> {t("account.security.title")}
      </h2>
      <p className="mt-2 text-sm text-muted">
        {hasPasskey ? t("account.security.introPasskey") : t("account.security.intro")}
      </p>
      <div className="mt-4 grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-sand-deep p-4">
          <div className="min-w-0">
            <p className="text-sm text-muted">{t("account.security.email")}</p>
            <p className="break-all font-semibold text-ink">
              {details.email ?? t("account.profile.noEmailYet")}
            </p>
          </div>
          {details.hasPassword || hasPasskey ? (
            <ChangeEmail details={details} hasPasskey={hasPasskey} />
          ) : null}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-sand-deep p-4">
          <div className="min-w-0">
            <p className="text-sm text-muted">{t("account.security.password")}</p>
            {details.hasPassword ? (
              <p className="font-semibold text-ink">{t("account.security.passwordSet")}</p>
            ) : (
              <p className="text-sm text-ink">
                {details.email
                  ? rich(t, "account.security.noPassword", {
                      link: (
                        <Link
                          to="/auth/forgot"
                          className="font-semibold text-forest underline underline-offset-2"
                        >
                          {t("account.security.noPassword.link")}
                        </Link>
                      ),
                    })
                  : t("account.security.noPasswordPhone")}
              </p>
            )}
          </div>
          {details.hasPassword ? <ChangePassword hasPasskey={hasPasskey} onChanged={onChanged} /> : null}
        </div>
        {!details.hasPassword && !hasPasskey ? (
          <p className="text-sm text-muted">{t("account.security.addPasskeyFirst")}</p>
        ) : null}
      </div>
    </section>
  );
}

function ErrorNote({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="rounded-xl border border-danger p-3 text-sm text-danger">
      {message}
    </p>
  );
}

function ChangePassword({ hasPasskey, onChanged }: { hasPasskey: boolean; onChanged: () => void }) {
  const t = useT();
  const later = useLaterT(CARRIED);
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const { error, pending, run, clearError } = useProvenChange(later, async (proof) => {
    await apiRequest("POST", "/api/account/password", { ...proof, newPassword: next });
    toast({
      title: later("account.security.password.done"),
      description: later("account.security.password.doneText"),
    });
    setOpen(false);
    onChanged();
  });

  function opened(value: boolean) {
    if (pending) return;
    setOpen(value);
    if (!value) return;
    setCurrent("");
    setNext("");
    clearError();
  }

  /** The new password as the sign-up checks it first; the server checks it again. */
  function newPasswordCheck(): Check {
    const refused = !next
      ? later("account.security.enterNew")
      : next.length < MIN_PASSWORD_LENGTH
        ? later("auth.error.passwordTooShort", { min: MIN_PASSWORD_LENGTH })
        : null;
    return { refused, field: "newPassword", input: "change-password-new" };
  }

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run("password", current, [
      currentPasswordCheck(current, later, "change-password-current"),
      newPasswordCheck(),
    ]);
  }

  const withPasskey = () => void run("passkey", current, [newPasswordCheck()]);

  const invalid = (field: string) => (error?.field === field ? true : undefined);
  const describedBy = (field: string, hint?: string) =>
    [hint, error?.field === field ? "change-password-error" : null].filter(Boolean).join(" ") || undefined;

  return (
    <Dialog open={open} onOpenChange={opened}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm-wide">
          {t("account.security.password.change")}
        </Button>
      </DialogTrigger>
      <DialogContent width="lg">
        <DialogTitle>{t("account.security.password.title")}</DialogTitle>
        <DialogDescription>{t("account.security.password.intro")}</DialogDescription>
        <form className="mt-4 grid gap-4" noValidate onSubmit={(e) => void submit(e)}>
          <Field
            id="change-password-new"
            label={t("account.security.password.new")}
            hint={t("auth.field.passwordHint", { min: MIN_PASSWORD_LENGTH })}
          >
            <input
              id="change-password-new"
              type="password"
              autoComplete="new-password"
              className={inputClass}
              value={next}
              onChange={(e) => setNext(e.target.value)}
              aria-invalid={invalid("newPassword")}
              aria-describedby={describedBy("newPassword", "change-password-new-hint")}
            />
          </Field>
          <Field id="change-password-current" label={t("account.security.password.current")}>
            <input
              id="change-password-current"
              type="password"
              autoComplete="current-password"
              className={inputClass}
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
              aria-invalid={invalid("currentPassword")}
              aria-describedby={describedBy("currentPassword")}
            />
          </Field>
          {hasPasskey ? (
            <div className="grid gap-2 text-sm">
              <p>{t("account.security.password.passkeyOr")}</p>
              <Button
                type="button"
                variant="secondary"
                size="sm-wide"
                className="justify-self-start"
                pending={pending === "passkey"}
                pendingText={t("account.security.passkeyWaiting")}
                disabled={pending === "password"}
                onClick={withPasskey}
              >
                {t("account.security.password.withPasskey")}
              </Button>
            </div>
          ) : null}
          <ErrorNote id="change-password-error" message={error?.message ?? null} />
          <DialogButtons>
            <DialogClose asChild>
              <Button type="button" variant="outline" size="md-wide" disabled={pending !== null}>
                {t("account.security.cancel")}
              </Button>
            </DialogClose>
            <Button
              type="submit"
              size="md-wide"
              pending={pending === "password"}
              disabled={pending === "passkey"}
              pendingText={t("account.security.saving")}
            >
              {t("account.security.password.save")}
            </Button>
          </DialogButtons>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ChangeEmail({ details, hasPasskey }: { details: SignInDetails; hasPasskey: boolean }) {
  const t = useT();
  const later = useLaterT(CARRIED);
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [current, setCurrent] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { error, pending, run, clearError } = useProvenChange(later, async (proof) => {
    const started = await apiRequest<EmailChangeStarted>("POST", "/api/account/email", {
      ...proof,
      newEmail: email.trim(),
    });
    setSentTo(started.to);
  });

  function opened(value: boolean) {
    if (pending) return;
    setOpen(value);
    if (!value) return;
    setEmail("");
    setCurrent("");
    clearError();
    setSentTo(null);
  }

  function change(kind: "password" | "passkey") {
    const typed = email.trim();
    const refused = !typed
      ? later("account.security.enterEmail")
      : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(typed)
        ? null
        : later("account.security.invalidEmail");
    const checks: Check[] = [{ refused, field: "newEmail", input: "change-email-new" }];
    if (kind === "password") checks.push(currentPasswordCheck(current, later, "change-email-current"));
    void run(kind, current, checks);
  }

  const invalid = (field: string) => (error?.field === field ? true : undefined);
  const describedBy = (field: string) => (error?.field === field ? "change-email-error" : undefined);

  return (
    <Dialog open={open} onOpenChange={opened}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm-wide">
          {t("account.security.email.change")}
        </Button>
      </DialogTrigger>
      <DialogContent width="lg">
        <DialogTitle>{t("account.security.email.title")}</DialogTitle>
        {sentTo ? (
          <>
            <DialogDescription asChild>
              <div className="mt-2 grid gap-2 text-sm text-muted">
                <p role="status">
                  {rich(
                    t,
                    "account.security.email.sent",
                    { to: <span className="break-all font-semibold text-ink">{sentTo}</span> },
                    { hours: VERIFICATION_LINK_HOURS },
                  )}
                </p>
                <p>
                  {details.email
                    ? t("account.security.email.until", { email: details.email })
                    : t("account.security.email.untilNone")}
                </p>
              </div>
            </DialogDescription>
            <DialogButtons>
              <DialogClose asChild>
                <Button size="md-wide">{t("account.security.close")}</Button>
              </DialogClose>
            </DialogButtons>
          </>
        ) : (
          <>
            <DialogDescription>{t("account.security.email.intro")}</DialogDescription>
            <form
              className="mt-4 grid gap-4"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                change(details.hasPassword ? "password" : "passkey");
              }}
            >
              <Field id="change-email-new" label={t("account.security.email.new")}>
                <input
                  id="change-email-new"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  className={inputClass}
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  aria-invalid={invalid("newEmail")}
                  aria-describedby={describedBy("newEmail")}
                />
              </Field>
              {details.hasPassword ? (
                <Field id="change-email-current" label={t("account.security.password.current")}>
                  <input
                    id="change-email-current"
                    type="password"
                    autoComplete="current-password"
                    className={inputClass}
                    value={current}
                    onChange={(e) => setCurrent(e.target.value)}
                    aria-invalid={invalid("currentPassword")}
                    aria-describedby={describedBy("currentPassword")}
                  />
                </Field>
              ) : null}
              {hasPasskey ? (
                <div className="grid gap-2 text-sm">
                  {details.hasPassword ? <p>{t("account.security.email.passkeyOr")}</p> : null}
                  <Button
                    type={details.hasPassword ? "button" : "submit"}
                    variant="secondary"
                    size="sm-wide"
                    className="justify-self-start"
                    pending={pending === "passkey"}
                    pendingText={t("account.security.passkeyWaiting")}
                    disabled={pending === "password"}
                    onClick={details.hasPassword ? () => change("passkey") : undefined}
                  >
                    {t("account.security.email.withPasskey")}
                  </Button>
                </div>
              ) : null}
              <ErrorNote id="change-email-error" message={error?.message ?? null} />
              <DialogButtons>
                <DialogClose asChild>
                  <Button type="button" variant="outline" size="md-wide" disabled={pending !== null}>
                    {t("account.security.cancel")}
                  </Button>
                </DialogClose>
                {details.hasPassword ? (
                  <Button
                    type="submit"
                    size="md-wide"
                    pending={pending === "password"}
                    disabled={pending === "passkey"}
                    pendingText={t("account.security.sending")}
                  >
                    {t("account.security.email.save")}
                  </Button>
                ) : null}
              </DialogButtons>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
