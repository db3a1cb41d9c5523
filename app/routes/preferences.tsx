import { Bell, Eye, MessageSquare, Palette } from "lucide-react";
import { Switch } from "radix-ui";
import { useEffect, useId, useState } from "react";
import {
  DEFAULT_PREFERENCES,
  loadPreferences,
  type Preferences,
  savePreferences,
} from "../components/account/preferences-model.ts";
import { loadSession, noStore } from "../components/account/session.server.ts";
import { SignInRequired } from "../components/account/sign-in-required.tsx";
import { THEME_EVENT } from "../components/account/theme.ts";
import { toast } from "../hooks/use-toast.ts";
import type { Route } from "./+types/preferences";

export const meta: Route.MetaFunction = () => [
  { title: "Preferences | MANA" },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => noStore;

export async function loader({ context, request }: Route.LoaderArgs) {
  return { signedIn: Boolean(await loadSession(context, request)) };
}

function Toggle({
  label,
  description,
  checked,
  onChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div>
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p id={`${id}-d`} className="text-sm text-muted">
          {description}
        </p>
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        aria-describedby={`${id}-d`}
        className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full bg-muted/40 p-0.5 transition data-[state=checked]:bg-forest"
      >
        <Switch.Thumb className="block size-6 rounded-full bg-white shadow transition data-[state=checked]:translate-x-5" />
      </Switch.Root>
    </div>
  );
}

function Choice({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: [string, string][];
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="min-h-11 rounded-xl border border-sand-deep bg-white px-3 text-ink"
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

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

export default function PreferencesPage({ loaderData }: Route.ComponentProps) {
  const [prefs, setPrefs] = useState<Preferences>(DEFAULT_PREFERENCES);
  useEffect(() => setPrefs(loadPreferences()), []);
  if (!loaderData.signedIn) return <SignInRequired message="Please sign in to manage your preferences." />;

  function update<G extends keyof Preferences, K extends keyof Preferences[G]>(
    group: G,
    key: K,
    value: Preferences[G][K],
  ) {
    const next = { ...prefs, [group]: { ...prefs[group], [key]: value } };
    setPrefs(next);
    savePreferences(next);
    if (group === "display" && key === "theme") window.dispatchEvent(new Event(THEME_EVENT));
    toast({ title: "Preference Updated", description: "Your preference has been saved." });
  }

  const n = prefs.notifications;
  const p = prefs.privacy;
  const d = prefs.display;
  const c = prefs.communication;

  return (
    <section className="container-shop py-10 sm:py-14">
      <h1 className="text-3xl sm:text-4xl">Preferences</h1>
      <p className="mt-2 text-muted">Choose how MANA keeps in touch. These settings stay in this browser.</p>
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <Group title="Notifications" icon={<Bell className="size-5" aria-hidden />}>
          <Toggle
            label="Email notifications"
            description="News and account updates by e-mail"
            checked={n.email}
            onChange={(v) => update("notifications", "email", v)}
          />
          <Toggle
            label="Push notifications"
            description="Alerts in your browser"
            checked={n.push}
            onChange={(v) => update("notifications", "push", v)}
          />
          <Toggle
            label="Newsletter"
            description="Our monthly letter on science and tradition"
            checked={n.newsletter}
            onChange={(v) => update("notifications", "newsletter", v)}
          />
          <Toggle
            label="Order updates"
            description="Shipping and delivery news"
            checked={n.orderUpdates}
            onChange={(v) => update("notifications", "orderUpdates", v)}
          />
          <Toggle
            label="Promotions"
            description="Offers and new products"
            checked={n.promotions}
            onChange={(v) => update("notifications", "promotions", v)}
          />
        </Group>
        <Group title="Privacy" icon={<Eye className="size-5" aria-hidden />}>
          <Toggle
            label="Public profile"
            description="Let others see your profile"
            checked={p.profilePublic}
            onChange={(v) => update("privacy", "profilePublic", v)}
          />
          <Toggle
            label="Share analytics"
            description="Help us improve with anonymous usage data"
            checked={p.shareAnalytics}
            onChange={(v) => update("privacy", "shareAnalytics", v)}
          />
        </Group>
        <Group title="Display" icon={<Palette className="size-5" aria-hidden />}>
          <Choice
            label="Theme"
            value={d.theme}
            options={[
              ["light", "Light"],
              ["dark", "Dark"],
              ["system", "System"],
            ]}
            onChange={(v) => update("display", "theme", v)}
          />
          <Choice
            label="Language"
            value={d.language}
            options={[
              ["en", "English"],
              ["es", "Español"],
              ["fr", "Français"],
            ]}
            onChange={(v) => update("display", "language", v)}
          />
          <Choice
            label="Currency"
            value={d.currency}
            options={[
              ["USD", "USD"],
              ["EUR", "EUR"],
              ["GBP", "GBP"],
              ["CAD", "CAD"],
            ]}
            onChange={(v) => update("display", "currency", v)}
          />
        </Group>
        <Group title="Communication" icon={<MessageSquare className="size-5" aria-hidden />}>
          <Choice
            label="Email frequency"
            value={c.frequency}
            options={[
              ["daily", "Daily"],
              ["weekly", "Weekly"],
              ["monthly", "Monthly"],
              ["never", "Never"],
            ]}
            onChange={(v) => update("communication", "frequency", v)}
          />
          <Toggle
            label="Product recommendations"
            description="Suggestions based on your orders"
            checked={c.productRecommendations}
            onChange={(v) => update("communication", "productRecommendations", v)}
          />
          <Toggle
            label="Health tips"
            description="Short evidence-minded wellness tips"
            checked={c.healthTips}
            onChange={(v) => update("communication", "healthTips", v)}
          />
        </Group>
      </div>
      <div className="mt-8 flex justify-end">
        <button
          type="button"
          onClick={() => {
            savePreferences(prefs);
            toast({
              title: "Preferences Saved",
              description: "All your preferences have been successfully updated.",
            });
          }}
          className="inline-flex min-h-11 items-center rounded-full bg-forest px-6 font-semibold text-cream hover:bg-forest-deep"
        >
          Save All Changes
        </button>
      </div>
    </section>
  );
}
