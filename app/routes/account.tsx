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
import { BASE_CURRENCY } from "../../core/markets.ts";
import { formatMoney } from "../../core/money.ts";
import { accountContactOf } from "../../core/placeholder-email.ts";
import { CENTS_PER_STEP } from "../../core/tenders.ts";
import { AccountOrders } from "../components/account/account-lists.tsx";
import { BalancesSection, pointsWorthCents } from "../components/account/balances-section.tsx";
import { PasskeysSection } from "../components/account/passkeys-section.tsx";
import { ProfileCard } from "../components/account/profile-card.tsx";
import { ReadingList } from "../components/account/reading-list.tsx";
import { SavedQuiz } from "../components/account/saved-quiz.tsx";
import { SignInDetailsCard } from "../components/account/sign-in-details.tsx";
import { YourData } from "../components/account/your-data.tsx";
import { AddressBookSection } from "../components/address/address-book.tsx";
import { completeSignIn } from "../components/auth/complete-sign-in.ts";
import { signOutWithToast } from "../components/layout/account-menu.tsx";
import { AccountSubscriptions } from "../components/subscriptions/subscription-list.tsx";
import { Button } from "../components/ui/button.tsx";
import { useLaterT } from "../hooks/use-later-t.ts";
import { useLocale, useT } from "../i18n/i18n.tsx";
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

// The title comes from the loader, in the page's language: a meta function has no translator of its own.
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.meta.title },
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
  // Each currency's credit and points on their own, never summed (decision 051): "$5.00 · CA$12.00".
  const creditOf = (balances?.byCurrency ?? []).filter((b) => b.creditCents !== 0);
  const creditRows = creditOf.length > 0 ? creditOf : [{ currency: BASE_CURRENCY, creditCents: 0 }];
  const pointsOf = (balances?.byCurrency ?? []).filter((b) => b.points !== 0);
  const pointsRows = pointsOf.length > 0 ? pointsOf : [{ currency: BASE_CURRENCY, points: 0 }];
  const pointsWorth = pointsRows
    .filter((b) => pointsWorthCents(b.points) > 0)
    .map((b) => formatMoney(pointsWorthCents(b.points), b.currency));
  const welcomed = useRef(false);
  const t = useT();
  const later = useLaterT(["account.welcome.title", "account.welcome.signedInAs"]);
  const locale = useLocale();

  // Back from a social provider: sync the profile and greet.
  useEffect(() => {
    if (params.get("welcome") !== "social" || welcomed.current) return;
    welcomed.current = true;
    void completeSignIn((u) => ({
      title: later("account.welcome.title"),
      description: later("account.welcome.signedInAs", { who: accountContactOf(u) ?? displayNameOf(u) }),
    }));
    setParams({}, { replace: true });
  }, [params, setParams, later]);

  const localePath = useLocalePath();
  const name = profile.displayName || profile.email || profile.phoneNumber || t("account.userFallback");
  const activeSubscriptions = subscriptions.filter((s) => s.status === "active").length;

  async function signOut() {
    if (await signOutWithToast(t)) {
      navigate(localePath("/"));
    }
  }

  return (
    <section className="container-shop py-10 sm:py-14">
      <h1 className="text-3xl sm:text-4xl">{t("account.heading", { name })}</h1>
      <p className="mt-2 text-muted">{t("account.intro")}</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[14rem_1fr]">
        {/* Beside the tabs on a wide screen; below that the tabs alone navigate, so the selected tab's
            content starts on the first screen (the header's menu keeps Preferences and Sign Out). */}
        <nav
          aria-label={t("account.nav.label")}
          className="hidden rounded-card bg-white p-3 shadow-card lg:block lg:self-start"
        >
          <ul className="grid gap-1">
            <li>
              <Link to="/account/profile" className={sideClass}>
                <User className="size-4" aria-hidden /> {t("account.section.profile")}
              </Link>
            </li>
            <li>
              <Link to="/account/orders" className={sideClass}>
                <Package className="size-4" aria-hidden /> {t("account.section.orders")}
              </Link>
            </li>
            <li>
              <Link to="/account/subscriptions" className={sideClass}>
                <CreditCard className="size-4" aria-hidden /> {t("account.section.subscriptions")}
              </Link>
            </li>
            <li>
              <Link to="/account/addresses" className={sideClass}>
                <MapPin className="size-4" aria-hidden /> {t("account.section.addresses")}
              </Link>
            </li>
            <li>
              <Link to="/account/preferences" className={sideClass}>
                <Settings className="size-4" aria-hidden /> {t("account.nav.preferences")}
              </Link>
            </li>
            <li>
              <button type="button" onClick={() => void signOut()} className={sideClass}>
                <LogOut className="size-4" aria-hidden /> {t("account.nav.signOut")}
              </button>
            </li>
          </ul>
        </nav>
        <Tabs.Root
          value={tab}
          onValueChange={(v) =>
            navigate(localePath(v === "overview" ? "/account" : `/account/${v}`), {
              preventScrollReset: true,
            })
          }
        >
          <Tabs.List
            aria-label={t("account.tabs.label")}
            className="flex flex-wrap gap-1 rounded-3xl bg-sand p-1 sm:inline-flex sm:rounded-full"
          >
            <Tabs.Trigger value="overview" className={tabClass}>
              {t("account.section.overview")}
            </Tabs.Trigger>
            <Tabs.Trigger value="orders" className={tabClass}>
              {t("account.section.orders")}
            </Tabs.Trigger>
            <Tabs.Trigger value="subscriptions" className={tabClass}>
              {t("account.section.subscriptions")}
            </Tabs.Trigger>
            <Tabs.Trigger value="addresses" className={tabClass}>
              {t("account.section.addresses")}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="overview" className="mt-6 grid gap-6">
            <ProfileCard profile={profile} onSaved={() => authClient.$store.notify("$sessionSignal")} />
            <div className="grid grid-cols-2 gap-4 xl:grid-cols-4">
              <StatCard label={t("account.stat.orders")} value={orders.length} />
              <StatCard label={t("account.stat.subscriptions")} value={activeSubscriptions} />
              <div className="rounded-card bg-white p-5 shadow-card" data-testid="stat-points">
                <p className="flex items-center gap-2 text-sm text-muted">
                  <Star className="size-4" aria-hidden /> {t("account.stat.points")}
                </p>
                <p className="mt-1 font-display text-3xl text-forest">
                  {pointsRows
                    .map(
                      (b) =>
                        `${new Intl.NumberFormat(locale === "en" ? "en-US" : locale).format(b.points)}${
                          pointsRows.length > 1 || b.currency !== BASE_CURRENCY ? ` (${b.currency})` : ""
                        }`,
                    )
                    .join(" · ")}
                </p>
                <p className="mt-1 text-sm text-muted">
                  {pointsWorth.length > 0
                    ? `${t("account.stat.pointsWorth", { amount: pointsWorth.join(" · ") })} `
                    : ""}
                  {t("account.stat.pointsRate", {
                    amount: pointsRows.map((b) => formatMoney(CENTS_PER_STEP, b.currency)).join(" · "),
                  })}
                </p>
              </div>
              <div className="rounded-card bg-white p-5 shadow-card" data-testid="stat-credit">
                <p className="flex items-center gap-2 text-sm text-muted">
                  <Wallet className="size-4" aria-hidden /> {t("account.stat.credit")}
                </p>
                <p className="mt-1 font-display text-3xl text-forest">
                  {creditRows.map((b) => formatMoney(b.creditCents, b.currency)).join(" · ")}
                </p>
                <p className="mt-1 text-sm text-muted">{t("account.stat.creditNote")}</p>
              </div>
            </div>
            {balances ? <BalancesSection balances={balances} /> : null}
            <ReadingList bookmarks={loaderData.readingList} />
            <SavedQuiz />
            {loaderData.signIn ? (
              <SignInDetailsCard
                details={loaderData.signIn}
                hasPasskey={loaderData.passkeys.length > 0}
                onChanged={() => authClient.$store.notify("$sessionSignal")}
              />
            ) : null}
            <PasskeysSection passkeys={loaderData.passkeys} />
            <YourData hasPasskey={loaderData.passkeys.length > 0} />
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

const FAILED_OF: Record<string, string> = {
  orders: "account.error.orders",
  subscriptions: "account.error.subscriptions",
  addresses: "account.error.addresses",
};

/**
 * The page could not be read (the connection dropped on the way to a tab, or the server failed): it says
 * which section, and Try again reads the page again.
 */
export function ErrorBoundary({ params }: Route.ErrorBoundaryProps) {
  const revalidator = useRevalidator();
  const t = useT();
  const failed = FAILED_OF[params.tab ?? ""] ?? "account.error.account";
  return (
    <section className="container-shop py-10 sm:py-14">
      <div role="alert" className="rounded-card bg-white p-6 shadow-card">
        <p className="font-semibold text-ink">{t(failed)}</p>
        <p className="mt-1 text-sm text-muted">{t("account.error.hint")}</p>
        <Button
          variant="outline"
          size="sm-wide"
          className="mt-4"
          pending={revalidator.state === "loading"}
          onClick={() => void revalidator.revalidate()}
        >
          {t("account.error.retry")}
        </Button>
      </div>
    </section>
  );
}
