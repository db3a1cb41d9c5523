import { data } from "react-router";
import { z } from "zod";
import type { AccountActionResult, AccountRefusal } from "../../core/contracts/account.ts";
import { subscriptionActionBodies } from "../../core/contracts/subscriptions.ts";
import { localeOfPath } from "../../core/i18n/locales.ts";
import { listStacks } from "../../server/content/stacks.ts";
import { shopDeps } from "../../server/deps.ts";
import { errorStatus } from "../../server/http/error-status.ts";
import { parseWith } from "../../server/http/validate.ts";
import {
  changeSubscription,
  previewSubscriptionChange,
  type SubscriptionChange,
} from "../../server/subscriptions/change-subscription.ts";
import { openManageLink, sendFreshManageLink } from "../../server/subscriptions/manage-page.ts";
import { toSubscriptionView } from "../../server/subscriptions/subscription-rows.ts";
import { shopTaxProvider } from "../../server/tax/shop-tax.ts";
import { appContext } from "../context.server.ts";
import { requestTranslator } from "../i18n/catalogue.server.ts";
import { jsonBody, noStore, refuseCrossSite, refusedWrite } from "../session.server.ts";
import type { Route } from "./+types/subscription-manage";

/**
 * Never stored by a browser or a proxy, never indexed, and the token in the address never sent on as a
 * referrer (decision 043). The page is not in the page cache's allowlist (server/http/page-cache.ts).
 */
const PRIVATE = { ...noStore, "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" };

export const headers: Route.HeadersFunction = () => PRIVATE;

/** The changes a manage link may make: the ones the page offers. */
const MANAGE_ACTIONS = ["pause", "resume", "skip", "cancel"] as const;
const isManageAction = (a: string): a is (typeof MANAGE_ACTIONS)[number] =>
  (MANAGE_ACTIONS as readonly string[]).includes(a);

/** A token that names nothing: the shop's 404 page, with nothing about why. */
const notFoundPage = () => data(null, { status: 404, headers: PRIVATE });

/**
 * A subscription's own page, opened by the signed link in its e-mails without an account (decision 043):
 * what it is and the actions its status allows, or, for a link past its time, the offer of a fresh one.
 * No session is read: the link alone opens the page, for a guest and a signed-in customer alike.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const services = context.get(appContext);
  const deps = shopDeps(services);
  // The head's words in the page's language, for meta (which has no translator).
  const { t } = requestTranslator(localeOfPath(new URL(request.url).pathname), new Set());
  let opened: Awaited<ReturnType<typeof openManageLink>>;
  try {
    opened = await openManageLink(deps, params.token, new Date());
  } catch (err) {
    if (errorStatus(err) === 404) throw notFoundPage();
    throw err;
  }
  if (opened.state === "expired")
    return data(
      {
        state: "expired" as const,
        productName: opened.row.productName,
        meta: { title: t("subscriptions.manage.meta.title") },
      },
      { headers: PRIVATE },
    );
  const { row } = opened;
  const [products, stacks] = await Promise.all([
    services.catalogue.list(),
    row.bundleId ? listStacks(services.database.db, services.catalogue) : [],
  ]);
  const view = toSubscriptionView(row, shopTaxProvider(services.env.TAX_HOME_STATES));
  return data(
    {
      state: "open" as const,
      // The page offers what a link may do; the account page offers the rest.
      subscription: { ...view, actions: view.actions.filter(isManageAction) },
      productSlug: products.find((p) => p.id === row.productId)?.slug,
      stackName: stacks.find((s) => s.slug === row.bundleId)?.name,
      meta: { title: t("subscriptions.manage.meta.title") },
    },
    { headers: PRIVATE },
  );
}

/** What the page posts (as JSON): the account page's subscription intents, and a fresh link. */
const manageIntent = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("subscription"),
    id: z.string().max(64),
    action: z.enum(MANAGE_ACTIONS),
    body: z.unknown(),
  }),
  z.object({
    intent: z.literal("subscription-preview"),
    id: z.string().max(64),
    action: z.enum(["cancel"]),
    body: z.unknown(),
  }),
  z.object({ intent: z.literal("manage-link") }),
]);

export type ManageLinkAnswer = { ok: true; intent: "manage-link" } | AccountRefusal;

/**
 * The page's writes, by the account page's domain functions (server/subscriptions/change-subscription.ts),
 * so every rule and confirmation e-mail is the same, with the customer as the actor. The token is checked
 * against the subscription the post names: another subscription's id is a 404 like a forged token, an
 * expired link changes nothing (403). "manage-link" e-mails a fresh link to the subscription's own address.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  refuseCrossSite(request);
  const services = context.get(appContext);
  const deps = shopDeps(services);
  const now = new Date();
  try {
    const intent = parseWith(manageIntent, await jsonBody(request), "request body");
    if (intent.intent === "manage-link") {
      const sent = await sendFreshManageLink(deps, params.token, now);
      if (sent === "limited") {
        const refused: AccountRefusal = {
          ok: false,
          status: 429,
          error: {
            code: "too_many_requests",
            message:
              "A new link was sent to this subscription's e-mail address a few times already. Please check your inbox, or try again in an hour.",
          },
        };
        return data(refused, { status: 429, headers: { ...PRIVATE, "Retry-After": "3600" } });
      }
      return data({ ok: true, intent: "manage-link" } satisfies ManageLinkAnswer, { headers: PRIVATE });
    }
    const opened = await openManageLink(deps, params.token, now, intent.id);
    if (opened.state === "expired") {
      const refused: AccountRefusal = {
        ok: false,
        status: 403,
        error: {
          code: "link_expired",
          message: "This link has expired. Ask for a new one: we e-mail it to the subscription's address.",
        },
      };
      return data(refused, { status: 403, headers: PRIVATE });
    }
    const body = parseWith(subscriptionActionBodies[intent.action], intent.body ?? {}, "request body");
    const asked = {
      id: opened.row.id,
      userId: null,
      change: { action: intent.action, ...body } as SubscriptionChange,
    };
    const { row, others } =
      intent.intent === "subscription"
        ? await changeSubscription(deps, { ...asked, actor: "customer" })
        : await previewSubscriptionChange(deps, asked);
    const result: AccountActionResult = {
      ok: true,
      intent: intent.intent,
      subscription: toSubscriptionView(row, shopTaxProvider(services.env.TAX_HOME_STATES)),
      others: others.map((other) => toSubscriptionView(other, shopTaxProvider(services.env.TAX_HOME_STATES))),
    };
    return data(result, { headers: PRIVATE });
  } catch (err) {
    return refusedWrite(err);
  }
}
