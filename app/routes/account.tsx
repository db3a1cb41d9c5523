import CreditCard from "lucide-react/icons/credit-card";
import LogOut from "lucide-react/icons/log-out";
import MapPin from "lucide-react/icons/map-pin";
import Package from "lucide-react/icons/package";
import Settings from "lucide-react/icons/settings";
import Star from "lucide-react/icons/star";
import User from "lucide-react/icons/user";
import Wallet from "lucide-react/icons/wallet";
import { Tabs } from "radix-ui";
import { useEffect, useRef } from "react";
import {
  type ShouldRevalidateFunctionArgs,
  useNavigate,
  useRevalidator,
  useSearchParams,
} from "react-router";
import type { AccountActionResult } from "../../core/contracts/account.ts";
import { formatMoney } from "../../core/money.ts";
import { accountContactOf } from "../../core/placeholder-email.ts";
import { AccountOrders } from "../components/account/account-lists.tsx";
import { BalancesSection, pointsWorthCents } from "../components/account/balances-section.tsx";
import { ProfileCard } from "../components/account/profile-card.tsx";
import { ReadingList } from "../components/account/reading-list.tsx";
import { YourData } from "../components/account/your-data.tsx";
import { AddressBookSection } from "../components/address/address-book.tsx";
import { completeSignIn } from "../components/auth/complete-sign-in.ts";
import { signOutWithToast } from "../components/layout/account-menu.tsx";
import { AccountSubscriptions } from "../components/subscriptions/subscription-list.tsx";
import { Button } from "../components/ui/button.tsx";
import { useT } from "../i18n/i18n.tsx";
import { Link, useLocalePath } from "../i18n/link.tsx";
import { authClient, displayNameOf } from "../lib/auth-client.ts";
import { answerOrOffline, wasRefused } from "../lib/page-action.ts";
import type { Route } from "./+types/account";

export { action, headers, loader } from "./account.server.ts";

/** A write that cannot reach the shop is refused where it was made (app/lib/page-action.ts). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  answerOrOffline<AccountActionResult>(serverAction);

/**
 * A change's price asked of the action, and a refused write (the server's, or no connection), wrote
 * nothing: the page is not read again for them.
 */
export function shouldRevalidate({
  json,
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const intent = (json as { intent?: unknown } | undefined)?.intent;
  if (intent === "subscription-preview") return false;
  return wasRefused(actionResult) ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = () => [
  { title: "My Account | MANA" },
  { name: "robots", content: "noindex" },
];

function StatCard({ label, value, note }: { label: string; value: string | number; note?: string }) {
  return (
    <div className="rounded-card bg-white p-5 shadow-card">
      <p className="text-sm text-muted">{label}</p>
      <p className="mt-1 font-display text-3xl text-forest">{value}</p>
      {note ? <p className="mt-1 text-sm text-muted">{note}</p> : null}
    </div>
  );
}

const sideClass =
  "flex min-h-11 w-full items-center gap-3 rounded-xl px-3 text-left text-sm font-medium text-ink hover:bg-sand";

// On a phone the four tabs share one row (narrower padding); on a narrower screen they wrap to a second.
const tabClass =
  "min-h-11 grow rounded-full px-2 text-sm font-semibold text-muted data-[state=active]:bg-white data-[state=active]:text-forest data-[state=active]:shadow-sm sm:grow-0 sm:px-4";

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { profile, tab } = loaderData;
  const { orders, subscriptions, balances } = loaderData;
  const welcomed = useRef(false);

  // Back from a social provider: sync the profile and greet.
  useEffect(() => {
    if (params.get("welcome") !== "social" || welcomed.current) return;
    welcomed.current = true;
    void completeSignIn((u) => ({
      title: "Welcome!",
      description: `Signed in as ${accountContactOf(u) ?? displayNameOf(u)}`,
    }));
    setParams({}, { replace: true });
  }, [params, setParams]);

  const t = useT();
  const localePath = useLocalePath();
  const name = profile.displayName || profile.email || profile.phoneNumber || "User";
  const activeSubscriptions = subscriptions.filter((s) => s.status === "active").length;

  async function signOut() {
    if (await signOutWithToast(t)) {
      navigate(localePath("/"));
    }
  }

  return (
    <section className="container-shop py-10 sm:py-14">
      <h1 className="text-3xl sm:text-4xl">Welcome back, {name}</h1>
      <p className="mt-2 text-muted">Your orders, subscriptions, addresses and profile in one place.</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[14rem_1fr]">
        {/* Beside the tabs on a wide screen; below that the tabs alone navigate, so the selected tab's
            content starts on the first screen (the header's menu keeps Preferences and Sign Out). */}
        <nav
          aria-label="Account"
          className="hidden rounded-card bg-white p-3 shadow-card lg:block lg:self-start"
        >
          <ul className="grid gap-1">
            <li>
              <Link to="/account/profile" className={sideClass}>
                <User className="size-4" aria-hidden /> Profile
              </Link>
            </li>
            <li>
              <Link to="/account/orders" className={sideClass}>
                <Package className="size-4" aria-hidden /> Orders
              </Link>
            </li>
            <li>
              <Link to="/account/subscriptions" className={sideClass}>
                <CreditCard className="size-4" aria-hidden /> Subscriptions
              </Link>
            </li>
            <li>
              <Link to="/account/addresses" className={sideClass}>
                <MapPin className="size-4" aria-hidden /> Addresses
              </Link>
            </li>
            <li>
              <Link to="/account/preferences" className={sideClass}>
                <Settings className="size-4" aria-hidden /> Preferences
              </Link>
            </li>
            <li>
              <button type="button" onClick={() => void signOut()} className={sideClass}>
                <LogOut className="size-4" aria-hidden /> Sign Out
              </button>
            </li>
          </ul>
        </nav>
        <Tabs.Root
          value={tab}
          onValueChange={(v) =>
            navigate(v === "overview" ? "/account" : `/account/${v}`, { preventScrollReset: true })
          }
        >
          <Tabs.List
            aria-label="Account sections"
            className="flex flex-wrap gap-1 rounded-3xl bg-sand p-1 sm:inline-flex sm:rounded-full"
          >
            <Tabs.Trigger value="overview" className={tabClass}>
              Overview
            </Tabs.Trigger>
            <Tabs.Trigger value="orders" className={tabClass}>
              Orders
            </Tabs.Trigger>
            <Tabs.Trigger value="subscriptions" className={tabClass}>
              Subscriptions
            </Tabs.Trigger>
            <Tabs.Trigger value="addresses" className={tabClass}>
              Addresses
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="overview" className="mt-6 grid gap-6">
            <ProfileCard profile={profile} onSaved={() => authClient.$store.notify("$sessionSignal")} />
            <div className="grid grid-cols-2 gap-4 xl:grid-cols-4">
              <StatCard label="Total Orders" value={orders.length} />
              <StatCard label="Active Subscriptions" value={activeSubscriptions} />
              <div className="rounded-card bg-white p-5 shadow-card" data-testid="stat-points">
                <p className="flex items-center gap-2 text-sm text-muted">
                  <Star className="size-4" aria-hidden /> Wellness Points
                </p>
                <p className="mt-1 font-display text-3xl text-forest">
                  {new Intl.NumberFormat("en-US").format(balances?.points ?? 0)}
                </p>
                <p className="mt-1 text-sm text-muted">
                  {balances && pointsWorthCents(balances.points) > 0
                    ? `Worth ${formatMoney(pointsWorthCents(balances.points))} off. `
                    : ""}
                  100 points = $5 off
                </p>
              </div>
              <div className="rounded-card bg-white p-5 shadow-card" data-testid="stat-credit">
                <p className="flex items-center gap-2 text-sm text-muted">
                  <Wallet className="size-4" aria-hidden /> Store credit
                </p>
                <p className="mt-1 font-display text-3xl text-forest">
                  {formatMoney(balances?.creditCents ?? 0)}
                </p>
                <p className="mt-1 text-sm text-muted">Used at checkout when you choose</p>
              </div>
            </div>
            {balances ? <BalancesSection balances={balances} /> : null}
            <ReadingList bookmarks={loaderData.readingList} />
            <YourData />
          </Tabs.Content>
          <Tabs.Content value="orders" className="mt-6">
            <AccountOrders orders={orders} />
          </Tabs.Content>
          <Tabs.Content value="subscriptions" className="mt-6">
            <AccountSubscriptions
              subscriptions={subscriptions}
              addresses={loaderData.addressBook.addresses}
              products={loaderData.products}
              stackNames={loaderData.stackNames}
            />
          </Tabs.Content>
          <Tabs.Content value="addresses" className="mt-6">
            <AddressBookSection book={loaderData.addressBook} />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </section>
  );
}

const SECTION_OF: Record<string, string> = {
  orders: "your orders",
  subscriptions: "your subscriptions",
  addresses: "your addresses",
};

/**
 * The page could not be read (the connection dropped on the way to a tab, or the server failed): it says
 * which section, and Try again reads the page again.
 */
export function ErrorBoundary({ params }: Route.ErrorBoundaryProps) {
  const revalidator = useRevalidator();
  const what = SECTION_OF[params.tab ?? ""] ?? "your account";
  return (
    <section className="container-shop py-10 sm:py-14">
      <div role="alert" className="rounded-card bg-white p-6 shadow-card">
        <p className="font-semibold text-ink">We couldn't load {what}.</p>
        <p className="mt-1 text-sm text-muted">Check your connection and try again.</p>
        <Button
          variant="outline"
          size="sm-wide"
          className="mt-4"
          pending={revalidator.state === "loading"}
          onClick={() => void revalidator.revalidate()}
        >
          Try again
        </Button>
      </div>
    </section>
  );
}
