import type { ReactionReportView } from "../../core/contracts/reactions.ts";
import { DEFAULT_LOCALE, type Locale } from "../../core/i18n/locales.ts";
import { REACTION_CONSENT } from "../../core/reaction-report.ts";
import { wordsIn } from "../i18n/words.ts";
import { emailLayout, labelled, linkBlock, paragraph, signature, smallPrint } from "../mail/layout.ts";
import type { MailMessage } from "../mail/mailer.ts";

/** The owner's copy of a new report, sent at once to the shop's address (SUPPORT_EMAIL). */
export function ownerReactionEmail(to: string, r: ReactionReportView, origin: string): MailMessage {
  const url = `${origin}/admin/reactions/${r.id}`;
  const { text, html } = emailLayout({
    heading: "A customer reported a reaction",
    home: origin,
    blocks: [
      paragraph(
        "Read it today: a serious adverse event reported to a supplement distributor goes to the FDA within 15 business days (21 U.S.C. §379aa-1).",
      ),
      labelled("Product", r.productName ?? "not named"),
      labelled("Order", r.orderNumber ?? "none given"),
      labelled("From", `${r.name} <${r.email}>${r.phone ? `, ${r.phone}` : ""}`),
      paragraph(`What happened: ${r.description}`),
      linkBlock("Open the report", url),
    ],
  });
  return {
    to,
    subject: `Reaction reported: ${r.productName ?? "a product"}`,
    text,
    html,
    dedupeKey: `reaction-owner:${r.id}`,
  };
}

/**
 * The reporter's acknowledgment: what we received and what we do with it, in the reporter's language (the
 * report page's, server/i18n/customer-locale.ts). The consent is the words the reporter agreed to: the
 * owner's (core/reaction-report.ts) in English, the report page's in Spanish and French.
 */
export function reporterAckEmail(
  r: ReactionReportView,
  origin: string,
  locale: Locale = DEFAULT_LOCALE,
): MailMessage {
  const { t } = wordsIn(locale);
  const subject = t("email.reaction.ack.subject");
  const { text, html } = emailLayout({
    locale,
    heading: subject,
    home: origin,
    blocks: [
      paragraph(t("email.account.hello", { name: r.name })),
      paragraph(
        r.productName
          ? t("email.reaction.ack.thanks", { product: r.productName })
          : t("email.reaction.ack.thanksUnnamed"),
      ),
      paragraph(t("email.reaction.ack.urgent")),
      smallPrint(locale === DEFAULT_LOCALE ? REACTION_CONSENT : t("email.reaction.ack.consent")),
      signature([t("email.account.team")]),
    ],
  });
  return { to: r.email, subject, text, html, dedupeKey: `reaction-ack:${r.id}`, locale };
}

/** The owner's notice of a review that reads like a reaction report (sent once per review). */
export function reviewReactionEmail(
  to: string,
  review: { id: string; productName: string; title: string; body: string; authorName: string },
  origin: string,
): MailMessage {
  const { text, html } = emailLayout({
    heading: "A review mentions a reaction",
    home: origin,
    blocks: [
      paragraph(
        `${review.authorName}'s review of ${review.productName} reads like a report of a reaction. Read it, and start a reaction report from the review queue if it is one.`,
      ),
      paragraph(`${review.title}: ${review.body}`),
      linkBlock("Open the review queue", `${origin}/admin/reviews`),
    ],
  });
  return {
    to,
    subject: `A review of ${review.productName} mentions a reaction`,
    text,
    html,
    dedupeKey: `review-reaction:${review.id}`,
  };
}
