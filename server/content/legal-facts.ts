import type { Locale } from "../../core/i18n/locales.ts";
import { fillFacts, type LegalBlock, parseLegalText } from "../../core/legal-text.ts";
import type { Currency } from "../../core/markets.ts";
import { formatMoney } from "../../core/money.ts";
import { FREE_SHIPPING_OVER_CENTS } from "../../core/pricing.ts";
import type { AppServices } from "../context.ts";
import type { Env } from "../env.ts";

/** The marker a legal text's `{{cookieTable}}` becomes: the page draws content/legal/cookies.json there. */
export const COOKIE_TABLE_MARK = "%%cookie-table%%";

/** The page's words by key (app/i18n/catalogue.server.ts): the facts' sentences are in area `legal`. */
export type LegalWords = (key: string, values?: Record<string, string | number>) => string;

/** "a, b and c" in English as the texts always wrote it; "a, b y c", "a, b et c" in the other languages. */
export const listOf = (items: string[], locale: Locale = "en") =>
  locale !== "en"
    ? new Intl.ListFormat(locale, { type: "conjunction" }).format(items)
    : items.length <= 1
      ? (items[0] ?? "")
      : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

/** The countries of the shop's markets as a sentence names them in each language ("la France", "the Netherlands"). */
const COUNTRY_WORDS: Record<string, string> = {
  US: "legal.fact.countryUS",
  CA: "legal.fact.countryCA",
  GB: "legal.fact.countryGB",
  IE: "legal.fact.countryIE",
  FR: "legal.fact.countryFR",
  DE: "legal.fact.countryDE",
  ES: "legal.fact.countryES",
  IT: "legal.fact.countryIT",
  NL: "legal.fact.countryNL",
  BE: "legal.fact.countryBE",
  AT: "legal.fact.countryAT",
  PT: "legal.fact.countryPT",
  LU: "legal.fact.countryLU",
  FI: "legal.fact.countryFI",
};

function countryName(code: string, locale: Locale, t: LegalWords): string {
  const key = COUNTRY_WORDS[code];
  if (key) return t(key);
  return new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;
}

/** A day (`2026-11-26`) as the page's language writes it: "November 26, 2026", "26 de noviembre de 2026". */
export const legalDate = (day: string, locale: Locale) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(locale === "en" ? "en-US" : locale, {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });

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
  /** The day of the last review, `YYYY-MM-DD`, written in the page's language. */
  updated: string;
  locale: Locale;
  t: LegalWords;
  /**
   * The countries shipped to (server/markets/markets.ts shipToCountries: the owner's markets, decision
   * 051); a page that lists them (terms, shipping) passes them. Without: SHIP_TO_COUNTRIES as configured.
   */
  shipTo?: readonly string[];
  /**
   * The shipping figures of each enabled market in its currency (server/markets/markets.ts shippingRates);
   * without: the US dollar rate as configured.
   */
  rates?: readonly { currency: Currency; flatCents: number; freeOverCents: number }[];
}): Record<string, string> {
  const { env, providers, locale, t } = input;
  const processors: string[] = [];
  processors.push(input.paymentProvider === "stripe" ? t("legal.fact.stripe") : t("legal.fact.testPayments"));
  processors.push(env.SMTP_URL ? t("legal.fact.smtp") : t("legal.fact.noEmail"));
  processors.push(env.TWILIO_ACCOUNT_SID ? t("legal.fact.twilio") : t("legal.fact.noSms"));
  const social = [
    providers.google ? "Google" : null,
    providers.github ? "GitHub" : null,
    providers.twitter ? "X" : null,
    providers.apple ? "Apple" : null,
    providers.oidc ? providers.oidc.name : null,
  ].filter((p): p is string => Boolean(p));
  if (social.length)
    processors.push(t("legal.fact.social", { providers: listOf(social, locale), count: social.length }));
  const email = env.SUPPORT_EMAIL;
  return {
    updated: legalDate(input.updated, locale),
    processors: processors.join("\n"),
    cookieTable: COOKIE_TABLE_MARK,
    contact: email ? t("legal.fact.contactEmail", { email }) : t("legal.fact.contactPage"),
    claim: email ? t("legal.fact.claimEmail", { email }) : t("legal.fact.claimPage"),
    pendingDays: String(env.PENDING_ORDER_MAX_AGE_DAYS),
    // Each market's figure in its currency, "$5.95 / CA$7.95 / £4.95 / €5.95" (decision 051).
    flatRate: input.rates?.length
      ? input.rates.map((r) => formatMoney(r.flatCents, r.currency)).join(" / ")
      : formatMoney(Math.round(env.SHIPPING_FLAT_RATE * 100)),
    freeOver: input.rates?.length
      ? input.rates.map((r) => formatMoney(r.freeOverCents, r.currency)).join(" / ")
      : formatMoney(FREE_SHIPPING_OVER_CENTS),
    countries: listOf(
      [...(input.shipTo ?? env.SHIP_TO_COUNTRIES)].map((code) => countryName(code, locale, t)),
      locale,
    ),
  };
}

/** When the legal texts in content/legal/ were last reviewed against the code (a day, written per language). */
export const LEGAL_UPDATED = "2026-11-27";

/**
 * A legal text (English from content/legal/, or its translation) with the running shop's facts filled in,
 * in the page's language, as blocks for the page.
 */
export function legalBlocks(
  services: Pick<AppServices, "env" | "payments" | "identity">,
  source: string,
  words: {
    locale: Locale;
    t: LegalWords;
    shipTo?: readonly string[];
    rates?: readonly { currency: Currency; flatCents: number; freeOverCents: number }[];
  },
): LegalBlock[] {
  const facts = legalFacts({
    env: services.env,
    paymentProvider: services.payments.name,
    providers: services.identity.providers,
    updated: LEGAL_UPDATED,
    ...words,
  });
  return parseLegalText(fillFacts(source, facts));
}
