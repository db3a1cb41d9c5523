import type { Logger } from "pino";
import type { Auth, SignInProviders } from "./auth/auth.ts";
import type { HumanCheck } from "./auth/human-check.ts";
import type { LimitStore } from "./auth/limit-store.ts";
import type { SmsSender } from "./auth/sms-sender.ts";
import type { VerificationResult } from "./auth/verify-email.ts";
import type { Catalogue } from "./catalogue.ts";
import type { ArticleWords } from "./content/article-translations.ts";
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

/** A signed-in visitor's session: the user as the account page shows them, and the session's own times. */
export interface AuthSession {
  user: SessionUser & {
    image: string | null;
    phoneNumber: string | null;
    emailVerified: boolean;
    createdAt: Date;
  };
  session: { id: string; createdAt: Date; expiresAt: Date };
}

/** What the /api/auth front door is made of: Better Auth itself, the human check and the SMS sender. */
export interface SignInFrontDoor {
  auth: Auth;
  humanCheck: HumanCheck;
  sms: SmsSender;
}

/**
 * Identity as the shop sees it: who is signed in for a request, and everything else the shop asks of its
 * accounts. Better Auth provides the real one (server/auth/identity.ts); tests may use another
 * implementation of the same interface (tests/support/test-identity.ts).
 */
export interface Identity {
  getUser(headers: Headers): Promise<SessionUser | null>;
  getSession(headers: Headers): Promise<AuthSession | null>;
  /** Which sign-in buttons work. */
  providers: SignInProviders;
  /** The shared counters behind every rate limit (sign-in, newsletter, Notify Me). */
  limits: LimitStore;
  /** Whether a password-reset link's token can still be used. */
  resetTokenUsable(token: string | null): Promise<boolean>;
  /** Confirms an e-mail address from a verification link's token. */
  verifyEmail(token: string, headers: Headers): Promise<VerificationResult>;
  /** Renames the signed-in user (the header's avatar reads the session's name). */
  rename(headers: Headers, name: string): Promise<void>;
  /**
   * Whether `password` is the account's password; null when the account has none (made by phone or by a
   * sign-in provider). Asked before an account is deleted (server/auth/delete-account.ts).
   */
  checkPassword(userId: string, password: string): Promise<boolean | null>;
  /** Ends every session of the account, wherever sessions are kept (the database, Redis). */
  endSessions(userId: string): Promise<void>;
  /** Sets the account's password (already checked against the shop's rules: server/auth/account-security.ts). */
  setPassword(userId: string, password: string): Promise<void>;
  /** Ends every session of the account but the one `headers` carry (Better Auth's revokeOtherSessions). */
  endOtherSessions(headers: Headers): Promise<void>;
  /**
   * A signed token for the link that moves the account from `currentEmail` to `newEmail` when opened
   * (Better Auth's change-email verification, read by Identity.verifyEmail).
   */
  emailChangeToken(userId: string, currentEmail: string, newEmail: string): Promise<string>;
  /** The routes mounted at /api/auth; null where no sign-in is offered (a test shop's stand-in identity). */
  frontDoor: SignInFrontDoor | null;
  /** Closes what the identity holds open (a Redis connection). */
  close(): Promise<void>;
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
  /** The articles and stories in each language (server/content/article-translations.ts). */
  articleWords: ArticleWords;
}
