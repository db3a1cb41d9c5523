import type { Logger } from "pino";
import type { TaxProvider } from "../core/tax.ts";
import type { Catalogue } from "./catalogue.ts";
import type { AppServices, Identity } from "./context.ts";
import type { Db } from "./db/client.ts";
import type { Metrics } from "./http/metrics.ts";
import type { PageCache } from "./http/page-cache.ts";
import { shopOrigin } from "./http/shop-origin.ts";
import type { Mailer } from "./mail/mailer.ts";
import { shipToCountries } from "./markets/markets.ts";
import { unsubscribeSecret } from "./newsletter/unsubscribe.ts";
import type { PaymentProvider } from "./payments/provider.ts";
import { shopTaxProvider } from "./tax/shop-tax.ts";

/**
 * What domain code is given to work with, named once (docs/decisions/038-narrow-dependencies.md). A
 * domain function asks for exactly the members it uses, `deps: Pick<ShopDeps, "db" | "mailer">`, never
 * for the whole `AppServices`; the adapters (server/api/, the route loaders, the payment events) build
 * the object with `shopDeps(services)`, or hand over a subset they already hold.
 */
export interface ShopDeps {
  /** The database; a function that also runs inside its caller's transaction takes a `DbOrTx` argument. */
  db: Db;
  catalogue: Catalogue;
  mailer: Mailer;
  logger: Logger;
  /** The payment provider (server/payments/provider.ts). */
  payments: PaymentProvider;
  identity: Identity;
  /** The Prometheus counters (server/http/metrics.ts). */
  metrics: Metrics;
  /** Rendered public pages for anonymous visitors (server/http/page-cache.ts). */
  pageCache: PageCache;
  /** Where every absolute link begins: e-mails, payment return URLs (server/http/shop-origin.ts). */
  origin: string;
  /** Signs the manage links in subscription e-mails (server/subscriptions/manage-link.ts): the server's secret. */
  manageSecret: string;
  /**
   * The countries the shop ships to now: the owner's enabled markets' countries and the SHIP_TO_COUNTRIES
   * countries in no market (server/markets/markets.ts shipToCountries, decision 051), read per call.
   */
  shipTo(): Promise<string[]>;
  /** The flat shipping rate in dollars, as configured (SHIPPING_FLAT_RATE). */
  shippingFlatRate: number;
  /** The taxes at checkout: the built-in rate table with the shop's home states (TAX_HOME_STATES). */
  tax: TaxProvider;
  /**
   * Stripe Tax taxes the Stripe Checkouts instead (TAX_PROVIDER=stripe, only with the stripe provider):
   * the checkout quotes no tax and the order takes the taxes Stripe charged (decision 050).
   */
  stripeTax: boolean;
}

/**
 * The dependencies out of the server's services. `origin` is the shop's origin for e-mails unless the
 * adapter has worked out another for its request (a page's return URLs: `shopOrigin(env, host, "page")`).
 */
export function shopDeps(services: AppServices, origin: string = shopOrigin(services.env)): ShopDeps {
  return {
    db: services.database.db,
    catalogue: services.catalogue,
    mailer: services.mailer,
    logger: services.logger,
    payments: services.payments,
    identity: services.identity,
    metrics: services.metrics,
    pageCache: services.pageCache,
    origin,
    manageSecret: unsubscribeSecret(services.env),
    shipTo: () => shipToCountries(services.catalogue, services.env),
    shippingFlatRate: services.env.SHIPPING_FLAT_RATE,
    tax: shopTaxProvider(services.env.TAX_HOME_STATES),
    stripeTax: services.env.TAX_PROVIDER === "stripe",
  };
}
