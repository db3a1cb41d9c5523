import { data, redirect } from "react-router";
import { formatMoney } from "../../core/money.ts";
import { loadSandboxPage } from "../../server/orders/page-data.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { type CardErrors, CardForm } from "../components/checkout/card-form.tsx";
import { OrderSummary } from "../components/checkout/order-summary.tsx";
import { TestModeBanner } from "../components/checkout/test-mode-banner.tsx";
import { appContext } from "../context.server.ts";
import type { Route } from "./+types/pay.$sessionId";

const NO_STORE = { "Cache-Control": "no-store" };

export const meta: Route.MetaFunction = () => [
  { title: "Pay (test mode) | MANA" },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => NO_STORE;

/** The sandbox provider's hosted-style card page (issue 4): only for sandbox sessions of this shop. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await loadSandboxPage(context.get(appContext), params.sessionId);
  if (!page) throw data(null, { status: 404, headers: NO_STORE });
  if (page.status !== "pending" && page.status !== "cancelled") {
    throw redirect(`/success?session_id=${encodeURIComponent(params.sessionId)}`, { headers: NO_STORE });
  }
  return data(page, { headers: NO_STORE });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // A card form posted from another site is refused, like every state-changing /api call.
  const origin = request.headers.get("origin");
  if (origin && origin !== new URL(request.url).origin) {
    throw data("Cross-site requests are not allowed.", { status: 403, headers: NO_STORE });
  }
  const form = Object.fromEntries(
    [...(await request.formData()).entries()].map(([k, v]) => [k, typeof v === "string" ? v : ""]),
  );
  const result = await payWithSandboxCard(context.get(appContext), params.sessionId, form);
  if (!result) throw data(null, { status: 404, headers: NO_STORE });
  if (result.kind === "paid") throw redirect(result.redirectTo, { headers: NO_STORE });
  if (result.kind === "invalid") {
    return data(
      { errors: result.fieldErrors as CardErrors, message: null },
      { status: 400, headers: NO_STORE },
    );
  }
  return data({ errors: {} as CardErrors, message: result.message }, { status: 402, headers: NO_STORE });
}

export default function Pay({ loaderData, actionData }: Route.ComponentProps) {
  const { summary, email, orderNumber, status } = loaderData;
  return (
    <>
      <TestModeBanner />
      <section className="container-shop py-10 sm:py-14">
        <div className="grid items-start gap-6 lg:grid-cols-2 lg:grid-rows-[auto_1fr] lg:gap-x-14 lg:gap-y-6">
          <div className="lg:col-start-1 lg:row-start-1">
            <p className="text-sm font-semibold tracking-wide text-muted uppercase">Pay MANA</p>
            <p className="mt-1 font-display text-4xl text-forest tabular-nums">
              {formatMoney(summary.totalCents)}
            </p>
            <p className="mt-1 text-sm text-muted">Order {orderNumber}</p>
          </div>
          <div className="rounded-card bg-white p-5 shadow-card sm:p-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
            <h1 className="text-2xl">Pay with card</h1>
            <p className="mt-1 mb-5 text-sm text-muted">Test mode: no real payment is taken.</p>
            {status === "cancelled" ? (
              <p role="alert" className="text-danger">
                This checkout was cancelled. Return to your cart to start again.
              </p>
            ) : (
              <CardForm
                email={email}
                totalCents={summary.totalCents}
                errors={actionData?.errors ?? {}}
                declined={actionData?.message ?? null}
              />
            )}
          </div>
          <div className="lg:col-start-1 lg:row-start-2">
            <OrderSummary summary={summary} title="Your order" />
          </div>
        </div>
      </section>
    </>
  );
}
