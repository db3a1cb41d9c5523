import { useMutation } from "@tanstack/react-query";
import Bell from "lucide-react/icons/bell";
import Eye from "lucide-react/icons/eye";
import MessageSquare from "lucide-react/icons/message-square";
import Palette from "lucide-react/icons/palette";
import type { LucideIcon } from "lucide-react/types";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { PreferencesUpdate } from "../../core/contracts/preferences.ts";
import { PreferenceList } from "../components/account/preference-list.tsx";
import {
  DEFAULT_PREFERENCES,
  loadBrowserPreferences,
  type PreferenceChange,
  type PreferenceDescriptor,
  type Preferences,
  saveBrowserPreferences,
  withPreference,
} from "../components/account/preferences-model.ts";
import { Button } from "../components/ui/button.tsx";
import { toast } from "../hooks/use-toast.ts";
import { apiRequest } from "../lib/api.ts";
import { applyTheme } from "../lib/theme.ts";
import type { Route } from "./+types/preferences";

export { headers, loader } from "./preferences.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Preferences | MANA" },
  { name: "robots", content: "noindex" },
];

const SAVE_FAILED = {
  title: "Update failed",
  description: "Could not save your preferences. Please try again.",
  variant: "destructive" as const,
};

/** The page's groups and their rows, in order (cookiesAccepted has no control here). */
const PREFERENCE_GROUPS: { title: string; icon: LucideIcon; items: readonly PreferenceDescriptor[] }[] = [
  {
    title: "Notifications",
    icon: Bell,
    items: [
      {
        kind: "toggle",
        group: "notifications",
        key: "email",
        label: "Email notifications",
        description: "News and account updates by e-mail",
      },
      {
        kind: "toggle",
        group: "notifications",
        key: "push",
        label: "Push notifications",
        description: "Alerts in your browser",
      },
      {
        kind: "toggle",
        group: "notifications",
        key: "newsletter",
        label: "Newsletter",
        description: "Our monthly letter on science and tradition",
      },
      {
        kind: "toggle",
        group: "notifications",
        key: "orderUpdates",
        label: "Order updates",
        description: "Shipping and delivery news",
      },
      {
        kind: "toggle",
        group: "notifications",
        key: "promotions",
        label: "Promotions",
        description: "Offers, new products and invitations to review what you bought",
      },
    ],
  },
  {
    title: "Privacy",
    icon: Eye,
    items: [
      {
        kind: "toggle",
        group: "privacy",
        key: "profilePublic",
        label: "Public profile",
        description: "Let others see your profile",
      },
      {
        kind: "toggle",
        group: "privacy",
        key: "shareAnalytics",
        label: "Share analytics",
        description: "Help us improve with anonymous usage data",
      },
    ],
  },
  {
    title: "Display",
    icon: Palette,
    items: [
      {
        kind: "choice",
        group: "display",
        key: "theme",
        label: "Theme",
        options: [
          ["light", "Light"],
          ["dark", "Dark"],
          ["system", "System"],
        ],
      },
      {
        kind: "choice",
        group: "display",
        key: "language",
        label: "Language",
        options: [
          ["en", "English"],
          ["es", "Español"],
          ["fr", "Français"],
        ],
      },
      {
        kind: "choice",
        group: "display",
        key: "currency",
        label: "Currency",
        options: [
          ["USD", "USD"],
          ["EUR", "EUR"],
          ["GBP", "GBP"],
          ["CAD", "CAD"],
        ],
      },
    ],
  },
  {
    title: "Communication",
    icon: MessageSquare,
    items: [
      {
        kind: "choice",
        group: "communication",
        key: "frequency",
        label: "Email frequency",
        options: [
          ["daily", "Daily"],
          ["weekly", "Weekly"],
          ["monthly", "Monthly"],
          ["never", "Never"],
        ],
      },
      {
        kind: "toggle",
        group: "communication",
        key: "productRecommendations",
        label: "Product recommendations",
        description: "Suggestions based on your orders",
      },
      {
        kind: "toggle",
        group: "communication",
        key: "healthTips",
        label: "Health tips",
        description: "Short evidence-minded wellness tips",
      },
    ],
  },
];

function Group({
  title,
  icon,
  children,
}: {
  title: string;
  icon: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section className="rounded-card bg-white p-6 shadow-card" aria-label={title}>
      <h2 className="flex items-center gap-2 text-xl">
        {icon} {title}
      </h2>
      <div className="mt-2 divide-y divide-sand-deep">{children}</div>
    </section>
  );
}

/** The settings of one change, as PUT /api/preferences takes them. */
const changeBody = ({ item, value }: PreferenceChange) => ({ [item.group]: { [item.key]: value } });

export default function PreferencesPage({ loaderData }: Route.ComponentProps) {
  const { signedIn } = loaderData;
  const [prefs, setPrefs] = useState<Preferences>(loaderData.preferences ?? DEFAULT_PREFERENCES);
  // A guest's preferences are in this browser, read once the page runs there.
  useEffect(() => {
    if (!signedIn) setPrefs(loadBrowserPreferences());
  }, [signedIn]);
  const save = useMutation({
    mutationFn: (body: PreferencesUpdate) => apiRequest<Preferences>("PUT", "/api/preferences", body),
  });

  /** Keeps the preferences where they live: on the account, or in this browser for a guest. */
  async function keep(next: Preferences, body: PreferencesUpdate): Promise<boolean> {
    if (!signedIn) {
      saveBrowserPreferences(next);
      return true;
    }
    try {
      setPrefs(await save.mutateAsync(body));
      return true;
    } catch {
      toast(SAVE_FAILED);
      return false;
    }
  }

  async function update(change: PreferenceChange) {
    const before = prefs;
    const next = withPreference(prefs, change);
    setPrefs(next);
    const { group, key } = change.item;
    if (group === "display" && key === "theme") applyTheme(next.display.theme);
    if (await keep(next, changeBody(change))) {
      toast({ title: "Preference Updated", description: "Your preference has been saved." });
    } else {
      setPrefs(before);
      if (group === "display" && key === "theme") applyTheme(before.display.theme);
    }
  }

  return (
    <section className="container-shop py-10 sm:py-14">
      <h1 className="text-3xl sm:text-4xl">Preferences</h1>
      {signedIn ? (
        <p className="mt-2 text-muted">
          Choose how MANA keeps in touch. Your preferences are saved to your account.
        </p>
      ) : (
        <p className="mt-2 text-muted">
          Choose how MANA looks and keeps in touch. These settings stay in this browser;{" "}
          <Link to="/auth" className="font-semibold text-forest underline underline-offset-2">
            sign in
          </Link>{" "}
          to keep them on your account.
        </p>
      )}
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        {PREFERENCE_GROUPS.map(({ title, icon: Icon, items }) => (
          <Group key={title} title={title} icon={<Icon className="size-5" aria-hidden />}>
            <PreferenceList items={items} preferences={prefs} onChange={(c) => void update(c)} />
          </Group>
        ))}
      </div>
      <div className="mt-8 flex justify-end">
        <Button
          size="md-wide"
          disabled={save.isPending}
          onClick={async () => {
            if (await keep(prefs, prefs)) {
              toast({
                title: "Preferences Saved",
                description: "All your preferences have been successfully updated.",
              });
            }
          }}
        >
          Save All Changes
        </Button>
      </div>
    </section>
  );
}
