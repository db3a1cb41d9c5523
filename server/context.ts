import type { Logger } from "pino";
import type { Catalogue } from "./catalogue.ts";
import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { Metrics } from "./http/metrics.ts";
import type { PageCache } from "./http/page-cache.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { PaymentProvider } from "./payments/provider.ts";

/** The signed-in visitor as the rest of the shop sees them. */
export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
}

/** Identity as seen by the shop: who is signed in for a request. Better Auth provides the real one. */
export interface Identity {
  getUser(headers: Headers): Promise<SessionUser | null>;
}

/** What the server hands to every API handler and React Router loader (typed router context). */
export interface AppServices {
  env: Env;
  database: Database;
  catalogue: Catalogue;
  identity: Identity;
  mailer: Mailer;
  /** Rendered public pages for anonymous visitors; cleared when content changes. */
  pageCache: PageCache;
  logger: Logger;
  /** Prometheus counters and histograms, served at /metrics. */
  metrics: Metrics;
  /** Takes the card: the sandbox page or Stripe Checkout (server/payments). */
  payments: PaymentProvider;
}

/** Until a provider is configured nobody is signed in. */
export const anonymousIdentity: Identity = { getUser: async () => null };
