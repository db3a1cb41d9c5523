import { fillFacts, type LegalBlock, parseLegalText } from "../../core/legal-text.ts";
import { formatMoney } from "../../core/money.ts";
import { FREE_SHIPPING_OVER_CENTS } from "../../core/pricing.ts";
import type { AppServices } from "../context.ts";
import type { Env } from "../env.ts";

/** The marker a legal text's `{{cookieTable}}` becomes: the page draws content/legal/cookies.json there. */
export const COOKIE_TABLE_MARK = "%%cookie-table%%";

const COUNTRY_NAMES: Record<string, string> = { US: "the United States", CA: "Canada" };
const countryName = (code: string) =>
  COUNTRY_NAMES[code] ?? new Intl.DisplayNames(["en"], { type: "region" }).of(code) ?? code;

/** "a, b and c". */
export const listOf = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

/**
 * What the legal pages say that only the running shop knows (decision 045): which outside services are
 * configured, the shipping settings, where to write. The texts in content/legal/ name these as
 * `{{fact}}`, so a page never names a processor the shop does not use.
 */
export function legalFacts(input: {
  env: Pick<
    Env,
    | "SMTP_URL"
    | "TWILIO_ACCOUNT_SID"
    | "SUPPORT_EMAIL"
    | "SHIPPING_FLAT_RATE"
    | "SHIP_TO_COUNTRIES"
    | "PENDING_ORDER_MAX_AGE_DAYS"
  >;
  paymentProvider: string;
  providers: AppServices["identity"]["providers"];
  updated: string;
}): Record<string, string> {
  const { env, providers } = input;
  const processors: string[] = [];
  processors.push(
    input.paymentProvider === "stripe"
      ? "- **Stripe** takes your card payment on its own page, keeps the card for subscription renewals and sends us the payment's result. We never see or keep your card number."
      : "- **Payments**: this shop runs in test mode: its own test payment page takes only test cards, and no real payment is made.",
  );
  processors.push(
    env.SMTP_URL
      ? "- **Our e-mail delivery service** (the SMTP provider the shop is configured with) delivers the e-mails we send you."
      : "- **E-mail**: no e-mail service is configured; the messages the shop writes stay in its own outbox.",
  );
  processors.push(
    env.TWILIO_ACCOUNT_SID
      ? "- **Twilio** delivers the text messages with your sign-in codes to your phone number."
      : "- **Text messages**: no text-message service is configured; sign-in codes stay in the shop's own outbox.",
  );
  const social = [
    providers.google ? "Google" : null,
    providers.github ? "GitHub" : null,
    providers.twitter ? "X" : null,
    providers.apple ? "Apple" : null,
    providers.oidc ? providers.oidc.name : null,
  ].filter((p): p is string => Boolean(p));
  if (social.length)
    processors.push(
      `- **${listOf(social)}**: if you choose to sign in with ${social.length === 1 ? "it" : "one of them"}, the provider tells us your name, e-mail address and account id there, and knows you signed in to MANA.`,
    );
  const contact = env.SUPPORT_EMAIL
    ? `Write to us at [${env.SUPPORT_EMAIL}](mailto:${env.SUPPORT_EMAIL}) or from the [contact page](/contact).`
    : "Write to us from the [contact page](/contact).";
  return {
    updated: input.updated,
    processors: processors.join("\n"),
    cookieTable: COOKIE_TABLE_MARK,
    contact,
    claim: env.SUPPORT_EMAIL ? `at ${env.SUPPORT_EMAIL}` : "from the [contact page](/contact)",
    pendingDays: String(env.PENDING_ORDER_MAX_AGE_DAYS),
    flatRate: formatMoney(Math.round(env.SHIPPING_FLAT_RATE * 100)),
    freeOver: formatMoney(FREE_SHIPPING_OVER_CENTS),
    countries: listOf([...env.SHIP_TO_COUNTRIES].map(countryName)),
  };
}

/** When the legal texts in content/legal/ were last reviewed against the code. */
export const LEGAL_UPDATED = "November 26, 2026";

/** A legal text from content/legal/ with the running shop's facts filled in, as blocks for the page. */
export function legalBlocks(
  services: Pick<AppServices, "env" | "payments" | "identity">,
  source: string,
): LegalBlock[] {
  const facts = legalFacts({
    env: services.env,
    paymentProvider: services.payments.name,
    providers: services.identity.providers,
    updated: LEGAL_UPDATED,
  });
  return parseLegalText(fillFacts(source, facts));
}
