import { Tabs } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { linkClass } from "../components/auth/auth-card.tsx";
import { signInFailure, signUpFailure, socialFailure } from "../components/auth/auth-errors.ts";
import { completeSignIn } from "../components/auth/complete-sign-in.ts";
import { type EmailCredentials, SignInForm, SignUpForm } from "../components/auth/email-forms.tsx";
import { PasskeySignIn } from "../components/auth/passkey-sign-in.tsx";
import { PhoneSignIn } from "../components/auth/phone-sign-in.tsx";
import { offeredProviders, SocialButtons } from "../components/auth/social-buttons.tsx";
import { useLaterT } from "../hooks/use-later-t.ts";
import { toast } from "../hooks/use-toast.ts";
import { useT } from "../i18n/i18n.tsx";
import { Link, useLocalePath } from "../i18n/link.tsx";
import { rich } from "../i18n/rich.tsx";
import { authClient } from "../lib/auth-client.ts";
import type { Route } from "./+types/auth";

export { headers, loader } from "./auth.server.ts";

// The words come from the loader, in the page's language: a meta function has no translator of its own.
export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...(loaderData
    ? [{ title: loaderData.meta.title }, { name: "description", content: loaderData.meta.description }]
    : []),
  { name: "robots", content: "noindex" },
];

type Busy = "signin" | "signup" | "phone" | "social" | "passkey" | null;

function Divider({ label }: { label: string }) {
  return (
    <div className="flex items-center gap-3 text-sm text-muted">
      <span className="h-px flex-1 bg-sand-deep" />
      <span>{label}</span>
      <span className="h-px flex-1 bg-sand-deep" />
    </div>
  );
}

const tabClass =
  "flex min-h-11 flex-1 items-center justify-center rounded-full text-sm font-semibold text-muted transition data-[state=active]:bg-white data-[state=active]:text-forest data-[state=active]:shadow-sm disabled:opacity-60";

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const { providers, showUnconfigured } = loaderData;
  const hasSocial = offeredProviders(providers, showUnconfigured).length > 0;
  const t = useT();
  // The words a sign-in or sign-up answers with, formatted after its request: a quick shopper may submit
  // before the page's whole catalogue has arrived, so these travel with the page (use-later-t.ts).
  const later = useLaterT([
    "auth.accountCreated",
    "auth.welcomeBack",
    "auth.syncError.title",
    "auth.syncError.description",
    "auth.error.signIn.title",
    "auth.error.invalidPassword",
    "auth.error.userNotFound",
    "auth.error.signUp.title",
    "auth.error.userExists",
  ]);
  const toLocale = useLocalePath();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState(params.get("tab") === "signup" ? "signup" : "signin");
  const [busy, setBusy] = useState<Busy>(null);
  const disabled = busy !== null;
  const reported = useRef(false);

  // Back from a provider with an error (Better Auth's errorCallbackURL): say so, naming the provider.
  useEffect(() => {
    const provider = params.get("provider");
    const error = params.get("error");
    if (!provider || !error || reported.current) return;
    reported.current = true;
    toast(socialFailure(provider, t, params.get("error_description") ?? undefined));
    setParams({}, { replace: true });
  }, [params, setParams, t]);

  /** After a sign-in or sign-up: the account, in the page's language. */
  async function toAccount(title: string) {
    const syncError = {
      title: later("auth.syncError.title"),
      description: later("auth.syncError.description"),
      variant: "destructive" as const,
    };
    await completeSignIn({ title }, syncError);
    navigate(toLocale("/account"));
  }

  async function signIn({ email, password }: EmailCredentials) {
    setBusy("signin");
    const { error } = await authClient.signIn.email({ email, password });
    if (error) {
      setBusy(null);
      toast(signInFailure(error, later));
      return;
    }
    await toAccount(later("auth.welcomeBack"));
  }

  async function signUp({ email, password, name }: EmailCredentials) {
    setBusy("signup");
    const { error } = await authClient.signUp.email({ email, password, name: name ?? "" });
    if (error) {
      setBusy(null);
      toast(signUpFailure(error, later));
      return;
    }
    await toAccount(later("auth.accountCreated"));
  }

  const social = (
    <SocialButtons
      providers={providers}
      showUnconfigured={showUnconfigured}
      disabled={disabled}
      onStart={() => setBusy("social")}
      onFail={() => setBusy(null)}
    />
  );

  return (
    <section className="container-shop py-12 sm:py-16">
      <div className="mx-auto max-w-md">
        <div className="text-center">
          <h1 className="text-3xl sm:text-4xl">{t("auth.title")}</h1>
          <p className="mt-2 text-muted">{t("auth.intro")}</p>
        </div>
        <div className="mt-8 rounded-card bg-white p-6 shadow-card sm:p-8" aria-busy={disabled}>
          <Tabs.Root value={tab} onValueChange={setTab}>
            <Tabs.List aria-label={t("auth.tabs.label")} className="flex gap-1 rounded-full bg-sand p-1">
              <Tabs.Trigger value="signin" disabled={disabled} className={tabClass}>
                {t("auth.signIn")}
              </Tabs.Trigger>
              <Tabs.Trigger value="signup" disabled={disabled} className={tabClass}>
                {t("auth.signUp")}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="signin" className="mt-6 grid gap-6">
              {social}
              <PasskeySignIn
                disabled={disabled}
                onBusy={(b) => setBusy(b ? "passkey" : null)}
                onSignedIn={() => toAccount(later("auth.welcomeBack"))}
                onFailed={toast}
              />
              <Divider label={t("auth.divider.signInEmail")} />
              <SignInForm busy={busy === "signin"} disabled={disabled} onSubmit={signIn} />
              <Divider label={t("auth.divider.phone")} />
              <PhoneSignIn
                disabled={disabled && busy !== "phone"}
                onBusy={(b) => setBusy(b ? "phone" : null)}
                onSignedIn={() => toAccount(t("auth.welcomeBack"))}
              />
            </Tabs.Content>
            <Tabs.Content value="signup" className="mt-6 grid gap-6">
              {social}
              {hasSocial ? <Divider label={t("auth.divider.signUpEmail")} /> : null}
              <SignUpForm busy={busy === "signup"} disabled={disabled} onSubmit={signUp} />
              <p className="text-center text-sm text-muted">
                {rich(t, "auth.agreement", {
                  terms: (
                    <Link to="/terms" className={linkClass}>
                      {t("auth.agreement.terms")}
                    </Link>
                  ),
                  privacy: (
                    <Link to="/privacy" className={linkClass}>
                      {t("auth.agreement.privacy")}
                    </Link>
                  ),
                })}
              </p>
            </Tabs.Content>
          </Tabs.Root>
        </div>
        <p className="mt-6 text-center text-sm text-muted">
          {rich(t, "auth.help", {
            contact: (
              <Link to="/contact" className={linkClass}>
                {t("auth.help.contact")}
              </Link>
            ),
          })}
        </p>
      </div>
    </section>
  );
}
