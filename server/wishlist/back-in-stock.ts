import { and, eq, isNull } from "drizzle-orm";
import { DEFAULT_LOCALE, type Locale, pathInLocale } from "../../core/i18n/locales.ts";
import { formatMoney } from "../../core/money.ts";
import type { Db, DbOrTx } from "../db/client.ts";
import { type ProductRow, products, stockNotifications } from "../db/schema.ts";
import { customerLocale } from "../i18n/customer-locale.ts";
import { wordsIn } from "../i18n/words.ts";
import { emailLayout, linkBlock, paragraph, signature, smallPrint } from "../mail/layout.ts";
import type { Mailer, MailMessage } from "../mail/mailer.ts";

export type NotifyResult =
  | { kind: "registered" | "waiting"; email: string }
  | { kind: "not_found" }
  | { kind: "in_stock"; name: string };

/**
 * "Notify Me": keeps `email` waiting for the product to come back. Asking again while a request waits
 * changes nothing ("waiting"). The product's row is read with a share lock, so a registration cannot slip
 * in while the stock is being raised and be left waiting for the next restock: it waits for that
 * change and then finds the product in stock.
 */
export async function registerStockNotification(
  db: Db,
  productId: number,
  email: string,
  userId: string | null,
): Promise<NotifyResult> {
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ name: products.name, onHand: products.stockOnHand })
      .from(products)
      .where(eq(products.id, productId))
      .for("share");
    if (!product) return { kind: "not_found" } as const;
    if (product.onHand > 0) return { kind: "in_stock", name: product.name } as const;
    const [row] = await tx
      .insert(stockNotifications)
      .values({ productId, email: address, userId })
      .onConflictDoNothing()
      .returning({ id: stockNotifications.id });
    return { kind: row ? "registered" : "waiting", email: address } as const;
  });
}

/**
 * The e-mail that a product someone asked for is back, with a link to its page: in the customer's saved
 * display language when they asked signed in (server/i18n/customer-locale.ts), else English.
 */
export function backInStockEmail(
  registration: { id: string; email: string },
  product: Pick<ProductRow, "name" | "slug" | "priceCents" | "packageSize">,
  origin: string,
  locale: Locale = DEFAULT_LOCALE,
): MailMessage {
  const { t } = wordsIn(locale);
  const url = `${origin}${pathInLocale(`/products/${product.slug}`, locale)}`;
  const name = product.name;
  const subject = t("email.backInStock.subject", { product: name });
  const line = t("email.backInStock.line", {
    product: name,
    size: product.packageSize,
    price: formatMoney(product.priceCents),
  });
  const { text, html } = emailLayout({
    locale,
    heading: subject,
    textHeading: null,
    blocks: [
      paragraph(line),
      linkBlock(
        t("email.backInStock.order", { product: name }),
        url,
        t("email.backInStock.orderText", { url }),
      ),
      smallPrint(t("email.backInStock.why")),
      signature([t("email.account.team")]),
    ],
  });
  return {
    to: registration.email,
    subject,
    text,
    html,
    dedupeKey: `back-in-stock:${registration.id}`,
    locale,
  };
}

/**
 * Within the transaction that brings a product back in stock: every waiting request is marked answered
 * and its e-mail written to the outbox, together, so whichever process raises the stock sends each e-mail
 * once and a second raise finds nobody waiting. Answers the outbox ids to deliver after the commit.
 */
export async function queueBackInStock(
  tx: DbOrTx,
  mailer: Mailer,
  product: ProductRow,
  origin: string,
): Promise<string[]> {
  const answered = await tx
    .update(stockNotifications)
    .set({ notifiedAt: new Date() })
    .where(and(eq(stockNotifications.productId, product.id), isNull(stockNotifications.notifiedAt)))
    .returning({
      id: stockNotifications.id,
      email: stockNotifications.email,
      userId: stockNotifications.userId,
    });
  const ids: string[] = [];
  for (const registration of answered) {
    const locale = await customerLocale(tx, registration.userId);
    const id = await mailer.queue(tx, backInStockEmail(registration, product, origin, locale));
    if (id) ids.push(id);
  }
  return ids;
}
