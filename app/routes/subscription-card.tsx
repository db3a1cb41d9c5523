import { ShipsTo } from "../components/address/ships-to.tsx";
import { CardForm } from "../components/checkout/card-form.tsx";
import { TestModeBanner } from "../components/checkout/test-mode-banner.tsx";
import type { Route } from "./+types/subscription-card";

export { action, headers, loader } from "./subscription-card.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Update card (test mode) | MANA" },
  { name: "robots", content: "noindex" },
];

/** The sandbox's card page in "save card" mode: a new card for one subscription's renewals. */
export default function SubscriptionCard({ loaderData, actionData }: Route.ComponentProps) {
  const { subscription, email } = loaderData;
  return (
    <>
      <TestModeBanner />
      <section className="container-shop py-10 sm:py-14">
        <div className="grid items-start gap-6 lg:grid-cols-2 lg:gap-x-14">
          <div>
            <p className="text-sm font-semibold tracking-wide text-muted uppercase">Subscription</p>
            <p className="mt-1 font-display text-3xl text-forest">
              {subscription.quantity > 1 ? `${subscription.quantity}x ` : ""}
              {subscription.productName}
            </p>
            <p className="mt-2 text-muted">
              {subscription.cardLabel
                ? `Renewals are charged to your ${subscription.cardLabel}.`
                : "No card is saved yet."}{" "}
              {subscription.status === "past_due"
                ? "The last renewal did not go through: we charge the new card as soon as you save it."
                : "The new card is charged from the next renewal."}
            </p>
            {subscription.shippingAddress ? (
              <ShipsTo address={subscription.shippingAddress} className="mt-6" />
            ) : null}
          </div>
          <div className="rounded-card bg-white p-5 shadow-card sm:p-6">
            <h1 className="text-2xl">Update card</h1>
            <p className="mt-1 mb-5 text-sm text-muted">Test mode: no real card is stored.</p>
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
