import { data, redirect } from "react-router";
import { z } from "zod";
import type { AccountActionResult, ShopProduct } from "../../core/contracts/account.ts";
import type { OrderPageView } from "../../core/contracts/orders.ts";
import { profileUpdateBody } from "../../core/contracts/profile.ts";
import { PREVIEWED_ACTIONS, subscriptionActionBodies } from "../../core/contracts/subscriptions.ts";
import { localeOfPath, pathInLocale } from "../../core/i18n/locales.ts";
import { SUBSCRIPTION_ACTIONS } from "../../core/subscription-rules.ts";
import { UUID } from "../../core/uuid.ts";
import {
  addAddress,
  deleteAddress,
  listAddresses,
  makeDefaultAddress,
  updateAddress,
} from "../../server/addresses/address-book.ts";
import { parseShippingAddress } from "../../server/addresses/shipping-address.ts";
import { signInDetails } from "../../server/auth/account-security.ts";
import { listPasskeysOf } from "../../server/auth/passkeys.ts";
import { updateProfile } from "../../server/auth/profile.ts";
import { accountBalances } from "../../server/balances/account-balances.ts";
import { listBookmarks, removeBookmark } from "../../server/content/bookmarks.ts";
import { listStacks } from "../../server/content/stacks.ts";
import { shopDeps } from "../../server/deps.ts";
import { InvalidInput, NotFound } from "../../server/domain-errors.ts";
import { requestHost, shopOrigin } from "../../server/http/shop-origin.ts";
import { parseWith } from "../../server/http/validate.ts";
import { shipToCountries } from "../../server/markets/markets.ts";
import { listOrdersForUser } from "../../server/orders/order-queries.ts";
import { cardUpdatePath, startCardUpdate } from "../../server/subscriptions/card-update.ts";
import {
  changeSubscription,
  previewSubscriptionChange,
  type SubscriptionChange,
} from "../../server/subscriptions/change-subscription.ts";
import {
  listSubscriptionsForUser,
  toSubscriptionView,
} from "../../server/subscriptions/subscription-rows.ts";
import { shopTaxProvider } from "../../server/tax/shop-tax.ts";
import { appContext } from "../context.server.ts";
import { requestTranslator } from "../i18n/catalogue.server.ts";
import {
  jsonBody,
  loadProfile,
  loadSession,
  noStore,
  refuseCrossSite,
  refusedWrite,
} from "../session.server.ts";
import type { Route } from "./+types/account";

const TABS = ["overview", "orders", "subscriptions", "addresses"] as const;
type Tab = (typeof TABS)[number];
/** The side menu's links land on the matching tab. */
const TAB_ALIASES: Record<string, Tab> = { profile: "overview" };

export const headers: Route.HeadersFunction = () => noStore;

/**
 * The signed-in customer's account: profile, orders (without their internal ids), subscriptions and the
 * address book with the countries the shop ships to. A signed-out visitor goes to /auth.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  // The page's language: a redirect stays in it, and the head's words (meta has no translator) are in it.
  const locale = localeOfPath(new URL(request.url).pathname);
  const session = await loadSession(context, request);
  if (!session) throw redirect(pathInLocale("/auth", locale), { headers: noStore });
  const requested = params.tab ?? "overview";
  if (requested === "preferences") throw redirect(pathInLocale("/preferences", locale));
  const tab = (TABS as readonly string[]).includes(requested) ? (requested as Tab) : TAB_ALIASES[requested];
  if (!tab) throw redirect(pathInLocale("/account", locale));
  const { t } = requestTranslator(locale, new Set());
  const { database, env, catalogue } = context.get(appContext);
  const userId = session.user.id;
  const onSubscriptions = tab === "subscriptions";
  const onOverview = tab === "overview";
  const origin = shopOrigin(env, requestHost(request), "page");
  const [
    profile,
    orders,
    subscriptions,
    addresses,
    products,
    stacks,
    readingList,
    balances,
    passkeys,
    signIn,
  ] = await Promise.all([
    loadProfile(context, session),
    listOrdersForUser(database.db, userId),
    listSubscriptionsForUser(database.db, userId, shopTaxProvider(env.TAX_HOME_STATES)),
    listAddresses(database.db, userId),
    // The Subscriptions tab's swap choices and "Subscribe again" links, and its stacks' names.
    onSubscriptions ? catalogue.list() : [],
    onSubscriptions ? listStacks(database.db, catalogue) : [],
    // The Overview's reading list: the articles saved with Bookmark.
    onOverview ? listBookmarks(database.db, userId) : [],
    // The Overview's points, store credit, gift cards and referral link (decision 047).
    onOverview ? accountBalances(database.db, session.user, origin) : null,
    // The Overview's Passkeys card (decision 052).
    onOverview ? listPasskeysOf(database.db, userId) : [],
    // The Overview's "Sign-in and security" card: the e-mail, whether there is a password (decision 052).
    onOverview ? signInDetails(database.db, userId) : null,
  ]);
  const shopProducts: ShopProduct[] = products.map((p) => ({
    id: p.id,
    slug: p.slug,
    name: p.name,
    priceCents: p.priceCents,
    subscriptionDiscount: p.subscriptionDiscount,
  }));
  const stackNames: Record<string, string> = Object.fromEntries(stacks.map((s) => [s.slug, s.name]));
  const shown: OrderPageView[] = orders.map(({ id: _internal, ...order }) => order);
  return data(
    {
      profile,
      tab,
      orders: shown,
      subscriptions,
      // The countries shipped to now: the owner's markets' (decision 051).
      addressBook: { addresses, shipTo: await shipToCountries(catalogue, env) },
      products: shopProducts,
      stackNames,
      readingList,
      balances,
      passkeys,
      signIn,
      meta: { title: t("account.meta.title") },
    },
    { headers: noStore },
  );
}

const uuid = z.string().max(64);
const changeActions = SUBSCRIPTION_ACTIONS.filter((a) => a !== "payment-method") as [
  SubscriptionChange["action"],
  ...SubscriptionChange["action"][],
];

/** What the account page's forms post (as JSON), one `intent` each. */
const accountIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("profile"), displayName: z.unknown(), phoneNumber: z.unknown() }),
  z.object({
    intent: z.literal("subscription"),
    id: uuid,
    action: z.enum(changeActions),
    body: z.unknown(),
  }),
  z.object({
    intent: z.literal("subscription-preview"),
    id: uuid,
    action: z.enum(PREVIEWED_ACTIONS),
    body: z.unknown(),
  }),
  z.object({ intent: z.literal("card"), id: uuid }),
  z.object({
    intent: z.literal("address-save"),
    id: uuid.nullable(),
    address: z.record(z.string(), z.unknown()),
    makeDefault: z.boolean(),
  }),
  z.object({ intent: z.literal("address-default"), id: uuid }),
  z.object({ intent: z.literal("address-delete"), id: uuid }),
  z.object({ intent: z.literal("bookmark-remove"), articleId: z.number().int().positive() }),
]);

const addressNotFound = () => new NotFound("Address not found.");
const subscriptionNotFound = () => new NotFound("Subscription not found.");

/**
 * The account page's writes, by the same domain functions and rules as the /api routes: the signed-in
 * customer's own rows only (another customer's id is not found), a refusal answered with its status and
 * the API's error body ({ message, code, fields }) for the form to show; the page's loader runs again
 * after each write.
 */
export async function action({ context, request }: Route.ActionArgs) {
  refuseCrossSite(request);
  const session = await loadSession(context, request);
  if (!session) throw redirect("/auth", { headers: noStore });
  const services = context.get(appContext);
  const { db } = services.database;
  const userId = session.user.id;
  try {
    const intent = parseWith(accountIntent, await jsonBody(request), "request body");
    let result: AccountActionResult;
    switch (intent.intent) {
      case "profile": {
        const body = parseProfile({ displayName: intent.displayName, phoneNumber: intent.phoneNumber });
        const profile = await updateProfile(db, services.identity, session, body, request.headers);
        result = { ok: true, intent: "profile", profile };
        break;
      }
      case "subscription":
      case "subscription-preview": {
        if (!UUID.test(intent.id)) throw subscriptionNotFound();
        const body = parseWith(subscriptionActionBodies[intent.action], intent.body ?? {}, "request body");
        const asked = {
          id: intent.id,
          userId,
          change: { action: intent.action, ...body } as SubscriptionChange,
        };
        // A preview runs the same change without writing it.
        const { row, others } =
          intent.intent === "subscription"
            ? await changeSubscription(shopDeps(services), { ...asked, actor: "customer" })
            : await previewSubscriptionChange(shopDeps(services), asked);
        result = {
          ok: true,
          intent: intent.intent,
          subscription: toSubscriptionView(row, shopTaxProvider(services.env.TAX_HOME_STATES)),
          others: others.map((other) =>
            toSubscriptionView(other, shopTaxProvider(services.env.TAX_HOME_STATES)),
          ),
        };
        break;
      }
      case "card": {
        if (!UUID.test(intent.id)) throw subscriptionNotFound();
        // The card page (app/routes/subscription-card.tsx) sends a Stripe-billed subscription on to Stripe's.
        const row = await startCardUpdate(shopDeps(services), userId, intent.id);
        result = { ok: true, intent: "card", url: cardUpdatePath(row.id) };
        break;
      }
      case "address-save": {
        if (intent.id !== null && !UUID.test(intent.id)) throw addressNotFound();
        const shipTo = await shipToCountries(services.catalogue, services.env);
        const address = parseShippingAddress(shipTo, intent.address);
        const row =
          intent.id === null
            ? await addAddress(db, userId, address, intent.makeDefault)
            : await updateAddress(db, userId, intent.id, address, intent.makeDefault);
        if (!row) throw addressNotFound();
        result = { ok: true, intent: "address-save", address: row, created: intent.id === null };
        break;
      }
      case "address-default": {
        if (!UUID.test(intent.id)) throw addressNotFound();
        const row = await makeDefaultAddress(db, userId, intent.id);
        if (!row) throw addressNotFound();
        result = { ok: true, intent: "address-default", address: row };
        break;
      }
      case "address-delete": {
        if (!UUID.test(intent.id)) throw addressNotFound();
        if (!(await deleteAddress(db, userId, intent.id))) throw addressNotFound();
        result = { ok: true, intent: "address-delete", id: intent.id };
        break;
      }
      case "bookmark-remove": {
        await removeBookmark(db, userId, intent.articleId);
        result = { ok: true, intent: "bookmark-remove", articleId: intent.articleId };
        break;
      }
    }
    return data(result, { headers: noStore });
  } catch (err) {
    return refusedWrite(err);
  }
}

/** The profile's fields, or a 400 whose `fields` give each refused field its message (beside the field). */
function parseProfile(value: unknown) {
  const parsed = profileUpdateBody.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "");
    if (field && !fields[field]) fields[field] = issue.message;
  }
  const said = Object.entries(fields).map(([k, v]) => `${k}: ${v}`);
  throw new InvalidInput("invalid_input", `Invalid request body: ${said.join("; ")}`, { fields });
}
