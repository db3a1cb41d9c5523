import { and, eq, inArray } from "drizzle-orm";
import { WRITE_REVIEW_ANCHOR } from "../../core/contracts/reviews.ts";
import { escapeHtml as esc } from "../../core/escape-html.ts";
import { wantsPromotions } from "../account/preferences.ts";
import { products, reviews } from "../db/schema.ts";
import type { ShopDeps } from "../deps.ts";
import { type EmailBlock, paragraph, shopEmail } from "../mail/layout.ts";
import type { MailMessage } from "../mail/mailer.ts";
import type { OrderLineRow, OrderRow } from "./order-rows.ts";

/** Each product as a link to its page's review form. */
function productLinks(items: { name: string; href: string }[]): EmailBlock {
  return {
    text: items.map((i) => `Review ${i.name}: ${i.href}`),
    html: `<ul>${items.map((i) => `<li><a href="${esc(i.href)}" style="color:#1F3A2E">Review ${esc(i.name)}</a></li>`).join("")}</ul>`,
  };
}

export function reviewInviteEmail(
  order: OrderRow,
  items: { name: string; href: string }[],
  origin: string,
): MailMessage {
  return shopEmail({
    to: order.email,
    subject: "How are you finding your MANA order?",
    heading: "Tell other customers what you think.",
    blocks: [
      paragraph(
        `Your order ${order.orderNumber} was delivered. Once you have tried it, a short review helps other customers choose: it appears on the product's page as from a verified buyer.`,
      ),
      productLinks(items),
      paragraph(
        `You get this e-mail because you turned on promotional e-mails. You can turn them off at any time: ${origin}/preferences`,
      ),
    ],
    link: { label: "Visit the shop", href: `${origin}/` },
    dedupeKey: `review-invite:${order.id}`,
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
    .map((p) => ({ name: p.name, href: `${deps.origin}/products/${p.slug}#${WRITE_REVIEW_ANCHOR}` }));
  if (items.length === 0) return false;
  return deps.mailer.send(reviewInviteEmail(order, items, deps.origin));
}
