import { ShipsTo } from "../components/address/ships-to.tsx";
import { CardForm } from "../components/checkout/card-form.tsx";
import { TestModeBanner } from "../components/checkout/test-mode-banner.tsx";
import { cardText } from "../components/subscriptions/subscription-text.ts";
import { useT } from "../i18n/i18n.tsx";
import type { Route } from "./+types/subscription-card";

export { action, headers, loader } from "./subscription-card.server.ts";

// The title comes from the loader, in the page's language: a meta function has no translator of its own.
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.meta.title },
  { name: "robots", content: "noindex" },
];

/** The sandbox's card page in "save card" mode: a new card for one subscription's renewals. */
export default function SubscriptionCard({ loaderData, actionData }: Route.ComponentProps) {
  const { subscription, email } = loaderData;
  const t = useT();
  return (
    <>
      <TestModeBanner />
      <section className="container-shop py-10 sm:py-14">
        <div className="grid items-start gap-6 lg:grid-cols-2 lg:gap-x-14">
          <div>
            <p className="text-sm font-semibold tracking-wide text-muted uppercase">
              {t("subscriptions.cardPage.eyebrow")}
            </p>
            <p className="mt-1 font-display text-3xl text-forest">
              {subscription.quantity > 1 ? `${subscription.quantity}x ` : ""}
              {subscription.productName}
            </p>
            <p className="mt-2 text-muted">
              {subscription.cardLabel
                ? t("subscriptions.cardPage.chargedTo", { card: cardText(t, subscription.cardLabel) })
                : t("subscriptions.cardPage.noCard")}{" "}
              {subscription.status === "past_due"
                ? t("subscriptions.cardPage.pastDue")
                : t("subscriptions.cardPage.fromNext")}
            </p>
            {subscription.shippingAddress ? (
              <ShipsTo address={subscription.shippingAddress} className="mt-6" />
            ) : null}
          </div>
          <div className="rounded-card bg-white p-5 shadow-card sm:p-6">
            <h1 className="text-2xl">{t("subscriptions.cardPage.heading")}</h1>
            <p className="mt-1 mb-5 text-sm text-muted">{t("subscriptions.cardPage.testMode")}</p>
            <CardForm
              email={email}
              mode={{ kind: "save", cancelTo: "/account/subscriptions" }}
              errors={actionData?.errors ?? {}}
              declined={actionData?.message ?? null}
            />
          </div>
        </div>
      </section>
    </>
  );
}
