import CircleCheck from "lucide-react/icons/circle-check";
import { useState } from "react";
import type { ProfileView } from "../../../core/contracts/profile.ts";
import { useLaterT } from "../../hooks/use-later-t.ts";
import { toast } from "../../hooks/use-toast.ts";
import { useLocale, useT } from "../../i18n/i18n.tsx";
import { authClient } from "../../lib/auth-client.ts";
import { formatDate } from "../../lib/format-date.ts";
import { verificationSendFailure } from "../auth/auth-errors.ts";
import { toE164 } from "../auth/phone-sign-in.tsx";
import { Button } from "../ui/button.tsx";
import { useAccountAction } from "./account-action.ts";

const inputClass =
  "block min-h-11 w-full rounded-xl border border-sand-deep bg-white px-3 text-base text-ink focus-visible:border-forest disabled:bg-sand/60 disabled:text-muted";

/**
 * Whether the account's e-mail is confirmed, and, until it is, a button that sends the link again (the
 * server allows one a minute). A phone-only account has no e-mail, so none of this.
 */
function EmailVerification({ email, verified }: { email: string; verified: boolean }) {
  const [sending, setSending] = useState(false);
  const t = useT();
  const later = useLaterT(["account.profile.verificationSent", "account.profile.verificationSentText"]);
  if (verified) {
    return (
      <p id="profile-email-status" className="flex items-center gap-1.5 text-sm font-medium text-forest">
        <CircleCheck className="size-4" aria-hidden /> {t("account.profile.verified")}
      </p>
    );
  }
  async function resend() {
    setSending(true);
    const { error } = await authClient.sendVerificationEmail({ email });
    setSending(false);
    if (error) {
      toast(verificationSendFailure(error));
      return;
    }
    toast({
      title: later("account.profile.verificationSent"),
      description: later("account.profile.verificationSentText", { email }),
    });
  }
  return (
    <div className="grid justify-items-start gap-2">
      <p id="profile-email-status" className="text-sm text-muted">
        {t("account.profile.notVerified")}
      </p>
      <Button
        variant="outline"
        size="sm"
        onClick={() => void resend()}
        pending={sending}
        pendingText={t("account.profile.sending")}
      >
        {t("account.profile.resend")}
      </Button>
    </div>
  );
}

/**
 * The account overview's profile card: Edit / Cancel / Save; e-mail and member-since are read-only. Save
 * posts to the account page's action, which reads the page (and so `profile`) again; a phone number the
 * server refuses is shown beside the field, with what was typed kept.
 */
export function ProfileCard({ profile, onSaved }: { profile: ProfileView; onSaved: () => void }) {
  const [editing, setEditing] = useState(false);
  const [displayName, setDisplayName] = useState(profile.displayName ?? "");
  const [phone, setPhone] = useState(profile.phoneNumber ?? "");
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const t = useT();
  const locale = useLocale();
  const later = useLaterT([
    "account.profile.updated",
    "account.profile.updatedText",
    "account.profile.updateFailed",
    "account.profile.updateFailedText",
  ]);
  const action = useAccountAction((result) => {
    if (result.ok) {
      if (result.intent !== "profile") return;
      onSaved();
      setEditing(false);
      toast({ title: later("account.profile.updated"), description: later("account.profile.updatedText") });
      return;
    }
    const phoneMessage = result.error.fields?.phoneNumber;
    if (phoneMessage) {
      setPhoneError(phoneMessage);
      return;
    }
    toast({
      title: later("account.profile.updateFailed"),
      description: later("account.profile.updateFailedText"),
      variant: "destructive",
    });
  });
  const saving = action.pending;

  function cancel() {
    setDisplayName(profile.displayName ?? "");
    setPhone(profile.phoneNumber ?? "");
    setPhoneError(null);
    setEditing(false);
  }

  function save(e: React.FormEvent) {
    e.preventDefault();
    setPhoneError(null);
    void action.submit({
      intent: "profile",
      displayName: displayName.trim(),
      phoneNumber: phone.trim() ? toE164(phone) : "",
    });
  }

  return (
    <form onSubmit={save} className="rounded-card bg-white p-6 shadow-card" aria-labelledby="profile-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="profile-title" className="text-xl">
          {t("account.profile.title")}
        </h2>
        {editing ? (
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={cancel} disabled={saving}>
              {t("account.profile.cancel")}
            </Button>
            <Button type="submit" size="sm-wide" pending={saving} pendingText={t("account.profile.saving")}>
              {t("account.profile.save")}
            </Button>
          </div>
        ) : (
          <Button variant="outline" size="sm-wide" onClick={() => setEditing(true)}>
            {t("account.profile.edit")}
          </Button>
        )}
      </div>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-1.5">
          <label htmlFor="profile-name" className="text-sm font-medium">
            {t("account.profile.name")}
          </label>
          <input
            id="profile-name"
            value={displayName}
            onChange={(e) => setDisplayName(e.target.value)}
            disabled={!editing || saving}
            required
            maxLength={80}
            className={inputClass}
          />
        </div>
        <div className="grid content-start gap-1.5">
          <label htmlFor="profile-email" className="text-sm font-medium">
            {t("account.profile.email")}
          </label>
          {/* The e-mail is read-only here; an account created by phone sign-in has none. */}
          <input
            id="profile-email"
            value={profile.email ?? ""}
            placeholder={profile.email ? undefined : t("account.profile.noEmailYet")}
            aria-describedby={profile.email ? "profile-email-status" : "profile-email-hint"}
            readOnly
            disabled
            className={`${inputClass} placeholder:text-muted`}
          />
          {profile.email ? (
            <EmailVerification email={profile.email} verified={profile.emailVerified} />
          ) : (
            <p id="profile-email-hint" className="text-sm text-muted">
              {t("account.profile.phoneOnly")}
            </p>
          )}
        </div>
        <div className="grid content-start gap-1.5">
          <label htmlFor="profile-phone" className="text-sm font-medium">
            {t("account.profile.phone")}
          </label>
          <input
            id="profile-phone"
            type="tel"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            disabled={!editing || saving}
            placeholder="+1 (555) 000-0000"
            aria-invalid={phoneError ? true : undefined}
            aria-describedby={phoneError ? "profile-phone-error" : undefined}
            className={`${inputClass} aria-invalid:border-danger`}
          />
          {phoneError ? (
            <p id="profile-phone-error" className="text-sm text-danger">
              {phoneError}
            </p>
          ) : null}
        </div>
        <div className="grid content-start gap-1.5">
          <label htmlFor="profile-since" className="text-sm font-medium">
            {t("account.profile.since")}
          </label>
          <input
            id="profile-since"
            value={formatDate(profile.memberSince, locale)}
            readOnly
            disabled
            className={inputClass}
          />
        </div>
      </div>
    </form>
  );
}
