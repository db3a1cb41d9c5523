import { data, redirect } from "react-router";
import type { CardErrors } from "../../core/contracts/checkout.ts";
import { localeOfPath, pathInLocale } from "../../core/i18n/locales.ts";
import { realEmail } from "../../core/placeholder-email.ts";
import { shopDeps } from "../../server/deps.ts";
import { DomainError } from "../../server/domain-errors.ts";
import { errorStatus } from "../../server/http/error-status.ts";
import { shopOrigin } from "../../server/http/shop-origin.ts";
import { PaymentProviderError } from "../../server/payments/provider.ts";
import {
  afterStripeCardUpdate,
  cardUpdatePath,
  saveSubscriptionCard,
  startCardUpdate,
  stripeCardUpdateUrl,
} from "../../server/subscriptions/card-update.ts";
import { billedByStripe, toSubscriptionView } from "../../server/subscriptions/subscription-rows.ts";
import { shopTaxProvider } from "../../server/tax/shop-tax.ts";
import { appContext } from "../context.server.ts";
import { requestTranslator } from "../i18n/catalogue.server.ts";
import { formFields, loadSession, noStore, refuseCrossSite } from "../session.server.ts";
import type { Route } from "./+types/subscription-card";

export const headers: Route.HeadersFunction = () => noStore;

const SUBSCRIPTIONS = "/account/subscriptions";

/** A path of the shop in the language of the page asked for, so a redirect keeps the shopper's language. */
const inPageLanguage = (request: Request, path: string) =>
  pathInLocale(path, localeOfPath(new URL(request.url).pathname));

/** The subscription whose card changes: the signed-in customer's own, while its status allows it. */
async function loadCardPage(args: Route.LoaderArgs | Route.ActionArgs) {
  const { context, request, params } = args;
  const session = await loadSession(context, request);
  if (!session) throw redirect(inPageLanguage(request, "/auth"), { headers: noStore });
  const services = context.get(appContext);
  try {
    const row = await startCardUpdate(shopDeps(services), session.user.id, params.id);
    return { services, userId: session.user.id, row, email: realEmail(session.user.email) };
  } catch (err) {
    if (errorStatus(err) === 404) throw data(null, { status: 404, headers: noStore });
    if (err instanceof DomainError)
      throw redirect(inPageLanguage(request, SUBSCRIPTIONS), { headers: noStore });
    throw err;
  }
}

export async function loader(args: Route.LoaderArgs) {
  const { services, row, email } = await loadCardPage(args);
  if (billedByStripe(row)) {
    // Stripe keeps the card: its page replaces it, then sends the customer back here (?returned).
    let target: string;
    try {
      if (new URL(args.request.url).searchParams.has("returned")) {
        target = `${inPageLanguage(args.request, SUBSCRIPTIONS)}?card=${await afterStripeCardUpdate(shopDeps(services), row)}`;
      } else {
        // Stripe sends the customer back to this page in its language.
        const here = pathInLocale(cardUpdatePath(row.id), localeOfPath(new URL(args.request.url).pathname));
        const back = `${shopOrigin(services.env)}${here}?returned=1`;
        target = await stripeCardUpdateUrl(shopDeps(services), row, back);
      }
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      services.logger.error({ err, subscriptionId: row.id }, "Stripe did not answer about a card");
      target = `${inPageLanguage(args.request, SUBSCRIPTIONS)}?card=unavailable`;
    }
    throw redirect(target, { headers: noStore });
  }
  // The head's words in the page's language, for meta (which has no translator).
  const { t } = requestTranslator(localeOfPath(new URL(args.request.url).pathname), new Set());
  return data(
    {
      subscription: toSubscriptionView(row, shopTaxProvider(services.env.TAX_HOME_STATES)),
      email,
      meta: { title: t("subscriptions.cardPage.meta.title") },
    },
    { headers: noStore },
  );
}

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  refuseCrossSite(request);
  const { services, userId, row } = await loadCardPage(args);
  const form = await formFields(request);
  const result = await saveSubscriptionCard(shopDeps(services), { userId, id: row.id, form });
  if (result.kind === "saved") {
    const outcome =
      result.retried === "renewed" ? "renewed" : result.retried === "failed" ? "declined" : "saved";
    throw redirect(`${inPageLanguage(request, SUBSCRIPTIONS)}?card=${outcome}`, { headers: noStore });
  }
  if (result.kind === "invalid") {
    return data({ errors: result.fieldErrors, message: null }, { status: 400, headers: noStore });
  }
  return data({ errors: {} as CardErrors, message: result.message }, { status: 402, headers: noStore });
}
