import { passkey as passkeyPlugin } from "@better-auth/passkey";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { admin, genericOAuth, phoneNumber } from "better-auth/plugins";
import type { Logger } from "pino";
import { RESET_LINK_HOURS, VERIFICATION_LINK_HOURS } from "../../core/account-rules.ts";
import { PASSKEY_NAME_MAX } from "../../core/contracts/account-security.ts";
import { pathInLocale } from "../../core/i18n/locales.ts";
import { isE164 } from "../../core/phone.ts";
import { isPlaceholderEmail, placeholderEmailFor } from "../../core/placeholder-email.ts";
import type { Db } from "../db/client.ts";
import { account, passkey, rateLimit, session, user, verification } from "../db/schema.ts";
import type { Env } from "../env.ts";
import { loopbackOrigins, shopOrigin } from "../http/shop-origin.ts";
import { customerLocale } from "../i18n/customer-locale.ts";
import { pageLocaleOf } from "../i18n/request-locale.ts";
import { wordsIn } from "../i18n/words.ts";
import type { Mailer, MailMessage } from "../mail/mailer.ts";
import { passwordResetEmail, verificationEmail } from "../mail/templates/account-emails.ts";
import { attachGuestOrders } from "./attach-guest-orders.ts";
import type { LimitStore } from "./limit-store.ts";
import {
  COMMON_PASSWORD_MESSAGE,
  isCommonPassword,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from "./password-policy.ts";
import type { SecondaryStorage } from "./redis-storage.ts";
import { accessControl, roles } from "./roles.ts";
import { SmsDeliveryError, type SmsSender } from "./sms-sender.ts";

/** Used only outside a real deployment (env.ts refuses production over HTTPS without a secret). */
export const DEVELOPMENT_SECRET = "mana-development-secret-not-for-production-use-0000";

/** The header our front door (server/api/auth.ts) sets to the client IP it resolved; any incoming copy is dropped. */
export const CLIENT_IP_HEADER = "x-mana-client-ip";

export const COOKIE_PREFIX = "mana";
const DAY = 24 * 60 * 60;
/** Sliding lifetime: a session unused for 7 days ends; one in use is renewed once a day. */
export const SESSION_SLIDING_SECONDS = 7 * DAY;
/** Absolute lifetime: however active, a session ends 30 days after sign-in. */
export const SESSION_ABSOLUTE_SECONDS = 30 * DAY;
/** A "recent sign-in" for sensitive changes (phone number). */
export const SESSION_FRESH_SECONDS = DAY;
export const OTP_EXPIRES_SECONDS = 300;
/** A password-reset link works once, for an hour. */
export const RESET_TOKEN_SECONDS = RESET_LINK_HOURS * 60 * 60;
/** An e-mail verification link works for a day. */
export const VERIFICATION_TOKEN_SECONDS = VERIFICATION_LINK_HOURS * 60 * 60;
/** The shop's pages the account e-mails link to (app/routes.ts). */
export const RESET_PAGE = "/auth/reset";
export const VERIFY_PAGE = "/auth/verify";

export type SocialProviderId = "google" | "github" | "twitter" | "apple";

/** Which sign-in buttons work: each social provider needs its id and secret; OIDC its issuer too. */
/** Which sign-in buttons work: a social provider needs its client id and secret, the OpenID one its issuer. */
export interface SignInProviders {
  google: boolean;
  github: boolean;
  twitter: boolean;
  apple: boolean;
  oidc: { name: string } | null;
}

export function enabledProviders(env: Env): SignInProviders {
  return {
    google: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    github: Boolean(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET),
    twitter: Boolean(env.X_CLIENT_ID && env.X_CLIENT_SECRET),
    apple: Boolean(env.APPLE_CLIENT_ID && env.APPLE_CLIENT_SECRET),
    oidc: env.OIDC_ISSUER && env.OIDC_CLIENT_ID ? { name: env.OIDC_NAME } : null,
  };
}

/**
 * The origins Better Auth and the API's cross-site check accept: PUBLIC_URL's, TRUSTED_ORIGINS, and, on a
 * shop that names no public origin (tried on this machine), every loopback origin on its port, so it
 * works at http://127.0.0.1:3000 as well as at http://localhost:3000 (docs/decisions/030-one-shop-origin.md).
 */
export function trustedOrigins(env: Env): string[] {
  const list = (env.TRUSTED_ORIGINS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => new URL(s).origin);
  if (env.PUBLIC_URL) list.unshift(new URL(env.PUBLIC_URL).origin);
  else list.unshift(...loopbackOrigins(env.PORT));
  return list;
}

/**
 * Where passkeys belong (docs/decisions/052-passkeys.md): the relying party is PUBLIC_URL's host name and
 * the one origin a passkey ceremony is accepted from is PUBLIC_URL's. A shop without PUBLIC_URL (a trial on
 * this machine) uses `localhost`: WebAuthn refuses an IP address as the relying party, so passkeys work at
 * http://localhost:PORT there, not at 127.0.0.1.
 */
export function passkeyParty(env: Pick<Env, "PUBLIC_URL" | "PORT">): { rpID: string; origin: string } {
  const origin = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://localhost:${env.PORT}`;
  return { rpID: new URL(origin).hostname, origin };
}

export function trustedProxies(env: Env): string[] {
  return (env.TRUSTED_PROXIES ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Temporary e-mail for an account created by phone sign-in (the user table requires one). It is a
 * placeholder under `.invalid`: never shown as the customer's e-mail, never mailed (core/placeholder-email.ts).
 */
export const phoneEmail = placeholderEmailFor;

export interface CreateAuthOptions {
  env: Env;
  db: Db;
  logger: Logger;
  sms: SmsSender;
  limits: LimitStore;
  mailer: Mailer;
  secondaryStorage?: SecondaryStorage;
}

export function createAuth({ env, db, logger, sms, limits, mailer, secondaryStorage }: CreateAuthOptions) {
  const secure = env.PUBLIC_URL?.startsWith("https:") === true;
  if (!env.BETTER_AUTH_SECRET && env.NODE_ENV === "production") {
    logger.warn("BETTER_AUTH_SECRET is not set: using the development secret (fine on localhost only)");
  }
  const providers = enabledProviders(env);

  /**
   * Account e-mails go out without holding up the answer: a request for a password reset takes as long
   * whether or not the account exists (and so whether or not a message is written and sent).
   */
  function sendInBackground(message: MailMessage) {
    void mailer.send(message).catch((err) => logger.error({ err }, "account e-mail failed"));
  }
  /** The shop page a link in an account e-mail opens, on the origin Better Auth built its own link on. */
  const pageLink = (betterAuthUrl: string, page: string, token: string) => {
    const origin = shopOrigin(env, new URL(betterAuthUrl).host, "mail");
    return { origin, url: `${origin}${page}?token=${encodeURIComponent(token)}` };
  };
  async function attachOrdersOf(u: { id: string; email: string; emailVerified?: boolean }) {
    if (!u.emailVerified) return;
    try {
      const attached = await attachGuestOrders(db, u.id, u.email);
      if (attached > 0)
        logger.info({ userId: u.id, attached }, "guest orders attached to a verified account");
    } catch (err) {
      logger.error({ err, userId: u.id }, "could not attach guest orders");
    }
  }
  /** Updates that set emailVerified (the verification link, a provider vouching for the address). */
  const verifyingUpdates = new WeakSet<object>();

  const socialProviders = {
    ...(providers.google && {
      google: { clientId: env.GOOGLE_CLIENT_ID as string, clientSecret: env.GOOGLE_CLIENT_SECRET as string },
    }),
    ...(providers.github && {
      github: {
        clientId: env.GITHUB_CLIENT_ID as string,
        clientSecret: env.GITHUB_CLIENT_SECRET as string,
        scope: ["user:email"],
      },
    }),
    ...(providers.twitter && {
      twitter: { clientId: env.X_CLIENT_ID as string, clientSecret: env.X_CLIENT_SECRET as string },
    }),
    ...(providers.apple && {
      apple: {
        clientId: env.APPLE_CLIENT_ID as string,
        clientSecret: env.APPLE_CLIENT_SECRET as string,
        scope: ["email", "name"],
      },
    }),
  };

  const plugins = [
    // Passkeys (docs/decisions/052-passkeys.md): added from the account while signed in, then a way to sign in.
    passkeyPlugin({
      ...passkeyParty(env),
      rpName: "MANA",
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
      advanced: { webAuthnChallengeCookie: "passkey-challenge" },
    }),
    // Roles for the owner's dashboard (server/auth/roles.ts): kept on the user, never set by a sign-up.
    admin({ ac: accessControl, roles, defaultRole: "user", adminRoles: ["admin"] }),
    phoneNumber({
      otpLength: 6,
      expiresIn: OTP_EXPIRES_SECONDS,
      allowedAttempts: 3,
      phoneNumberValidator: (p) => isE164(p),
      sendOTP: async ({ phoneNumber: to, code }, ctx) => {
        // The sign-in page's language (server/i18n/customer-locale.ts): no account is known yet.
        const { t } = wordsIn(pageLocaleOf(ctx?.request?.headers ?? ctx?.headers));
        try {
          await sms.send({ to, text: t("email.account.phoneCode", { code }) });
        } catch (err) {
          // Twilio refused, failed or hung (logged and recorded by the sender): a clear 503, not "code sent"
          // and not Better Auth's bare 500. The page shows 'Could not send SMS'.
          if (!(err instanceof SmsDeliveryError)) throw err;
          throw new APIError("SERVICE_UNAVAILABLE", {
            code: "SMS_NOT_SENT",
            message: "Could not send SMS. Please try again in a few minutes.",
          });
        }
      },
      // Signing in by phone creates the account on first verification.
      signUpOnVerification: { getTempEmail: phoneEmail, getTempName: (p) => p },
    }),
    ...(providers.oidc
      ? [
          genericOAuth({
            config: [
              {
                providerId: "oidc",
                name: env.OIDC_NAME,
                discoveryUrl: `${(env.OIDC_ISSUER as string).replace(/\/$/, "")}/.well-known/openid-configuration`,
                clientId: env.OIDC_CLIENT_ID as string,
                clientSecret: env.OIDC_CLIENT_SECRET,
                scopes: ["openid", "email", "profile"],
                pkce: true,
              },
            ],
          }),
        ]
      : []),
  ];

  return betterAuth({
    appName: "MANA",
    basePath: "/api/auth",
    // Without PUBLIC_URL, links follow the loopback address the shop was opened at, on its own port; any
    // other Host gets the shop's own local address rather than an error.
    baseURL: env.PUBLIC_URL ?? {
      allowedHosts: loopbackOrigins(env.PORT).map((o) => new URL(o).host),
      protocol: "http",
      fallback: shopOrigin(env),
    },
    secret: env.BETTER_AUTH_SECRET ?? DEVELOPMENT_SECRET,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit, passkey },
    }),
    secondaryStorage,
    trustedOrigins: trustedOrigins(env),
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => {
        logger[level]({ args }, `auth: ${message}`);
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      // A new password ends every session of the account, the one that asked included.
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: u, url, token }, request) => {
        // A phone-only account has no address to write to.
        if (isPlaceholderEmail(u.email)) return;
        // In the customer's language (server/i18n/customer-locale.ts), the page the link opens too.
        const words = wordsIn(await customerLocale(db, u.id, pageLocaleOf(request?.headers)));
        const link = pageLink(url, pathInLocale(RESET_PAGE, words.locale), token);
        sendInBackground(passwordResetEmail({ to: u.email, name: u.name, ...link, words }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // The link confirms the address; it never signs anyone in (whoever holds the e-mail is not asked
      // for the password). Unverified accounts can shop as before.
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_TOKEN_SECONDS,
      sendVerificationEmail: async ({ user: u, url, token }, request) => {
        if (isPlaceholderEmail(u.email)) return;
        // In the customer's language (server/i18n/customer-locale.ts), the page the link opens too.
        const words = wordsIn(await customerLocale(db, u.id, pageLocaleOf(request?.headers)));
        const link = pageLink(url, pathInLocale(VERIFY_PAGE, words.locale), token);
        sendInBackground(verificationEmail({ to: u.email, name: u.name, ...link, words }));
      },
    },
    socialProviders,
    plugins,
    account: {
      accountLinking: {
        enabled: true,
        // Never link a social sign-in to a local account whose e-mail nobody has proven.
        requireLocalEmailVerified: true,
        allowDifferentEmails: false,
      },
    },
    session: {
      expiresIn: SESSION_SLIDING_SECONDS,
      updateAge: DAY,
      freshAge: SESSION_FRESH_SECONDS,
      // Sessions live in the database even with Redis as secondary storage.
      storeSessionInDatabase: true,
    },
    rateLimit: {
      // Better Auth switches its limiter off outside production; ours is on everywhere.
      enabled: true,
      window: 60,
      max: 100,
      customStorage: limits,
      customRules: {
        "/sign-in/*": { window: 60, max: 20 },
        "/sign-up/*": { window: 60, max: 10 },
        // A passkey sign-in counts as a sign-in (docs/decisions/052-passkeys.md); the sign-in page asks for
        // options on every visit, for the e-mail field's autofill.
        "/passkey/generate-authenticate-options": { window: 60, max: 30 },
        "/passkey/verify-authentication": { window: 60, max: 20 },
        "/passkey/generate-register-options": { window: 60, max: 10 },
        "/passkey/verify-registration": { window: 60, max: 10 },
        "/phone-number/send-otp": { window: 60, max: 5 },
        "/phone-number/verify": { window: 60, max: 10 },
        "/request-password-reset": { window: 60, max: 5 },
        "/reset-password": { window: 60, max: 10 },
        "/send-verification-email": { window: 60, max: 5 },
        "/verify-email": { window: 60, max: 10 },
        "/get-session": false,
      },
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
      // Both on in every environment, tests included (Better Auth skips the origin check under test).
      disableOriginCheck: false,
      disableCSRFCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      // Paid guest orders placed with an address join the account once that address is proven: by the
      // verification link, or by a sign-in provider that vouches for it (at sign-up or when linking).
      user: {
        create: {
          after: async (u) => attachOrdersOf(u),
        },
        update: {
          before: async (data, ctx) => {
            if (data.emailVerified === true && ctx) verifyingUpdates.add(ctx);
          },
          after: async (u, ctx) => {
            if (u && (!ctx || verifyingUpdates.has(ctx))) await attachOrdersOf(u);
          },
        },
      },
      session: {
        update: {
          // Sliding renewal never reaches past the absolute lifetime.
          before: async (data, ctx) => {
            const createdAt = ctx?.context.session?.session.createdAt;
            if (!createdAt || !data.expiresAt) return;
            const limit = new Date(new Date(createdAt).getTime() + SESSION_ABSOLUTE_SECONDS * 1000);
            if (new Date(data.expiresAt) > limit) return { data: { ...data, expiresAt: limit } };
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // The plugin would give the authenticator the passkey's label ("Chrome on Linux") as the account's
        // user name; the account picker must show the customer's e-mail instead (the plugin's default).
        if (ctx.path === "/passkey/generate-register-options" && ctx.query?.name) {
          return { context: { query: { ...ctx.query, name: "" } } };
        }
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        // A passkey's name (docs/decisions/052-passkeys.md): 1 to PASSKEY_NAME_MAX characters, trimmed, when
        // it is added with one and whenever it is renamed.
        if (
          ctx.path === "/passkey/update-passkey" ||
          (ctx.path === "/passkey/verify-registration" && body.name !== undefined)
        ) {
          const name = typeof body.name === "string" ? body.name.trim() : "";
          if (!name || name.length > PASSKEY_NAME_MAX) {
            throw new APIError("BAD_REQUEST", {
              code: "PASSKEY_NAME_INVALID",
              message: `Give the passkey a name of 1 to ${PASSKEY_NAME_MAX} characters.`,
            });
          }
          return { context: { body: { ...body, name } } };
        }
        const candidate =
          ctx.path === "/sign-up/email"
            ? body.password
            : ["/change-password", "/reset-password", "/set-password"].includes(ctx.path)
              ? body.newPassword
              : undefined;
        if (typeof candidate === "string" && isCommonPassword(candidate)) {
          throw new APIError("BAD_REQUEST", {
            code: "PASSWORD_TOO_COMMON",
            message: COMMON_PASSWORD_MESSAGE,
          });
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
