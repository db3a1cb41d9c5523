import { toast } from "../../hooks/use-toast.ts";
import { useT } from "../../i18n/i18n.tsx";
import { useLocalePath } from "../../i18n/link.tsx";
import { authClient } from "../../lib/auth-client.ts";
import { Button } from "../ui/button.tsx";
import { PROVIDER_NAMES, providerUnavailable, socialFailure } from "./auth-errors.ts";

export interface Providers {
  google: boolean;
  github: boolean;
  twitter: boolean;
  apple: boolean;
  oidc: { name: string } | null;
}

/** The social providers a page can offer: the configured ones, and in development the others too. */
export function offeredProviders(providers: Providers, showUnconfigured: boolean) {
  const list: { id: string; label: string; enabled: boolean }[] = [
    { id: "google", label: PROVIDER_NAMES.google as string, enabled: providers.google },
    { id: "github", label: PROVIDER_NAMES.github as string, enabled: providers.github },
    { id: "twitter", label: PROVIDER_NAMES.twitter as string, enabled: providers.twitter },
    { id: "apple", label: PROVIDER_NAMES.apple as string, enabled: providers.apple },
  ];
  if (providers.oidc) list.push({ id: "oidc", label: providers.oidc.name, enabled: true });
  return showUnconfigured ? list : list.filter((p) => p.enabled);
}

function ProviderIcon({ id }: { id: string }) {
  const common = { width: 18, height: 18, viewBox: "0 0 24 24" } as const;
  switch (id) {
    case "google":
      return (
        <svg {...common} aria-hidden="true">
          <path
            fill="#4285F4"
            d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8Z"
          />
          <path
            fill="#34A853"
            d="M12 23c3 0 5.5-1 7.3-2.7l-3.5-2.7c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2.1v2.8A11 11 0 0 0 12 23Z"
          />
          <path fill="#FBBC05" d="M5.7 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8l3.6-2.8Z" />
          <path
            fill="#EA4335"
            d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.1-3.1A11 11 0 0 0 2.1 7.1l3.6 2.8C6.6 7.4 9.1 5.4 12 5.4Z"
          />
        </svg>
      );
    case "github":
      return (
        <svg {...common} aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 .5a11.5 11.5 0 0 0-3.6 22.4c.6.1.8-.3.8-.6v-2c-3.2.7-3.9-1.5-3.9-1.5-.5-1.3-1.3-1.7-1.3-1.7-1-.7.1-.7.1-.7 1.2.1 1.8 1.2 1.8 1.2 1 1.8 2.8 1.3 3.5 1 .1-.8.4-1.3.7-1.6-2.6-.3-5.3-1.3-5.3-5.7 0-1.3.5-2.3 1.2-3.1-.1-.3-.5-1.5.1-3.1 0 0 1-.3 3.3 1.2a11.4 11.4 0 0 1 6 0C17.6 4.8 18.6 5 18.6 5c.6 1.6.2 2.8.1 3.1.8.8 1.2 1.8 1.2 3.1 0 4.4-2.7 5.4-5.3 5.7.4.4.8 1.1.8 2.2v3.2c0 .3.2.7.8.6A11.5 11.5 0 0 0 12 .5Z"
          />
        </svg>
      );
    case "twitter":
      return (
        <svg {...common} aria-hidden="true">
          <path
            fill="currentColor"
            d="M17.8 2.5h3.3l-7.2 8.2 8.5 11.2h-6.6l-5.2-6.8-6 6.8H1.3l7.7-8.8L.9 2.5h6.8l4.7 6.2 5.4-6.2Zm-1.2 17.5h1.8L6.6 4.4H4.6l12 15.6Z"
          />
        </svg>
      );
    case "apple":
      return (
        <svg {...common} aria-hidden="true">
          <path
            fill="currentColor"
            d="M16.4 12.8c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9-1.7 0-3.3 1-4.2 2.6-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8s2 .8 3.4.8c1.4 0 2.3-1.3 3.1-2.5 1-1.4 1.4-2.8 1.4-2.9 0 0-2.7-1-2.7-4.1ZM13.9 5.1c.7-.9 1.2-2.1 1-3.3-1 0-2.3.7-3 1.6-.7.8-1.2 2-1.1 3.2 1.2.1 2.3-.6 3.1-1.5Z"
          />
        </svg>
      );
    default:
      return (
        <svg {...common} aria-hidden="true">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
          <circle cx="12" cy="12" r="3" fill="currentColor" />
        </svg>
      );
  }
}

/**
 * The auth page's social buttons (Google, GitHub, X, Apple, and a generic OpenID Connect provider): a
 * shop shows only the providers it has credentials for; in development the others are shown disabled,
 * with a line saying how to configure them. One code path: Better Auth's social sign-in redirects to the
 * provider and back.
 */
export function SocialButtons({
  providers,
  showUnconfigured,
  disabled,
  onStart,
  onFail,
}: {
  providers: Providers;
  showUnconfigured: boolean;
  disabled: boolean;
  onStart: () => void;
  onFail: () => void;
}) {
  const t = useT();
  const toLocale = useLocalePath();
  const list = offeredProviders(providers, showUnconfigured);
  if (list.length === 0) return null;
  const unconfigured = list.some((p) => !p.enabled);

  async function start(id: string, enabled: boolean) {
    if (!enabled) {
      toast(providerUnavailable(id, t));
      return;
    }
    onStart();
    const { error } = await authClient.signIn.social({
      provider: id,
      // Back in the page's language, whichever way it ends.
      callbackURL: toLocale("/account?welcome=social"),
      errorCallbackURL: toLocale(`/auth?provider=${id}`),
    });
    if (error) {
      onFail();
      toast(error.status === 404 ? providerUnavailable(id, t) : socialFailure(id, t, error.message));
    }
  }

  return (
    <div>
      <div className="grid grid-cols-2 gap-2">
        {list.map((p) => (
          <Button
            key={p.id}
            variant="outline"
            size="sm"
            fullWidth
            className={p.id === "oidc" ? "col-span-2 bg-white" : "bg-white"}
            disabled={disabled || !p.enabled}
            aria-describedby={p.enabled ? undefined : "social-setup-hint"}
            onClick={() => void start(p.id, p.enabled)}
          >
            <ProviderIcon id={p.id} />
            <span>{p.id === "oidc" ? t("auth.social.continueWith", { name: p.label }) : p.label}</span>
          </Button>
        ))}
      </div>
      {/* For the shop's developers only, in English as the configuration it names. */}
      {unconfigured ? (
        <p id="social-setup-hint" className="mt-2 text-xs text-muted">
          Development only: a provider works once its client id and secret are set, e.g. GOOGLE_CLIENT_ID and
          GOOGLE_CLIENT_SECRET in .env (see .env.example).
        </p>
      ) : null}
    </div>
  );
}
