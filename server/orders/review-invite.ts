import { and, eq, inArray } from "drizzle-orm";
import { WRITE_REVIEW_ANCHOR } from "../../core/contracts/reviews.ts";
import { escapeHtml as esc } from "../../core/escape-html.ts";
import { type Locale, pathInLocale } from "../../core/i18n/locales.ts";
import type { Translator } from "../../core/i18n/translator.ts";
import { wantsPromotions } from "../account/preferences.ts";
import { products, reviews } from "../db/schema.ts";
import type { ShopDeps } from "../deps.ts";
import { type EmailBlock, paragraph, shopEmail } from "../mail/layout.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { orderWords } from "./order-email.ts";
import type { OrderLineRow, OrderRow } from "./order-rows.ts";

/** Each product as a link to its page's review form. */
function productLinks(items: { name: string; href: string }[], words: Translator): EmailBlock {
  const label = (name: string) => words.t("email.reviewInvite.review", { product: name });
  return {
    text: items.map((i) => `${label(i.name)}: ${i.href}`),
    html: `<ul>${items.map((i) => `<li><a href="${esc(i.href)}" style="color:#1F3A2E">${esc(label(i.name))}</a></li>`).join("")}</ul>`,
  };
}

/** A shop page's absolute link in the order's language. */
const pageIn = (origin: string, path: string, locale: Locale) => `${origin}${pathInLocale(path, locale)}`;

export function reviewInviteEmail(
  order: OrderRow,
  items: { name: string; href: string }[],
  origin: string,
): MailMessage {
  // In the order's language (docs/decisions/049-languages.md), its links to that language's pages.
  const words = orderWords(order);
  const { t, locale } = words;
  return shopEmail({
    to: order.email,
    subject: t("email.reviewInvite.subject"),
    heading: t("email.reviewInvite.heading"),
    blocks: [
      paragraph(t("email.reviewInvite.delivered", { number: order.orderNumber })),
      productLinks(items, words),
      paragraph(t("email.reviewInvite.why", { url: pageIn(origin, "/preferences", locale) })),
    ],
    link: { label: t("email.reviewInvite.visit"), href: pageIn(origin, "/", locale) },
    dedupeKey: `review-invite:${order.id}`,
    words,
  });
}

/**
 * After delivery, invites the customer to review what they received: once per order (the dedupe key),
 * only to a signed-up customer who turned promotional e-mail on, and only for products not yet reviewed.
 */
export async function sendReviewInvite(
  deps: Pick<ShopDeps, "db" | "mailer" | "origin">,
  order: OrderRow,
  lines: OrderLineRow[],
): Promise<boolean> {
  if (!order.userId || !(await wantsPromotions(deps.db, order.userId))) return false;
  const ids = [...new Set(lines.map((l) => l.productId))];
  if (ids.length === 0) return false;
  const [rows, reviewed] = await Promise.all([
    deps.db
      .select({ id: products.id, name: products.name, slug: products.slug })
      .from(products)
      .where(inArray(products.id, ids)),
    deps.db
      .select({ productId: reviews.productId })
      .from(reviews)
      .where(and(eq(reviews.userId, order.userId), inArray(reviews.productId, ids))),
  ]);
  const done = new Set(reviewed.map((r) => r.productId));
  const items = rows
    .filter((p) => !done.has(p.id))
    .map((p) => ({
      name: p.name,
      href: pageIn(deps.origin, `/products/${p.slug}#${WRITE_REVIEW_ANCHOR}`, orderWords(order).locale),
    }));
  if (items.length === 0) return false;
  return deps.mailer.send(reviewInviteEmail(order, items, deps.origin));
}
