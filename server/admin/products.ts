import { asc, eq, sql } from "drizzle-orm";
import type { PriceChange } from "../../core/contracts/admin-prices.ts";
import {
  type AdminAuditView,
  type AdminProductPatch,
  type AdminProductView,
  stockState,
} from "../../core/contracts/admin-products.ts";
import { checkPriceNoticeDay } from "../../core/subscription-rules.ts";
import type { TaxProvider } from "../../core/tax.ts";
import { type AuditActor, auditViewOf, recordAudit } from "../audit/audit.ts";
import type { Permission } from "../auth/roles.ts";
import { announceCatalogueChange, type CatalogueChange } from "../catalogue-sync.ts";
import type { Db, DbOrTx } from "../db/client.ts";
import { type ProductRow, products } from "../db/schema.ts";
import { InvalidInput } from "../domain-errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import { announceSubscriptionPrice, type PriceNotice } from "../subscriptions/price-notice.ts";
import { queueBackInStock } from "../wishlist/back-in-stock.ts";
import { applyPriceChanges } from "./prices.ts";

/** The fields the dashboard edits, each with the permission that changes it. */
const PRICE_FIELDS = ["priceCents", "subscriptionDiscount", "applyToSubscriptionsFrom"] as const;
const STOCK_FIELDS = ["stockOnHand", "lowStockThreshold"] as const;

/** What a change asks of the caller's role: product:price for price fields, product:stock for stock. */
export function permissionFor(patch: AdminProductPatch): Permission {
  const actions: ("price" | "stock")[] = [];
  if (PRICE_FIELDS.some((f) => f in patch)) actions.push("price");
  if (STOCK_FIELDS.some((f) => f in patch)) actions.push("stock");
  return { product: actions };
}

export function toAdminProduct(row: ProductRow): AdminProductView {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    packageSize: row.packageSize,
    priceCents: row.priceCents,
    subscriptionDiscount: row.subscriptionDiscount,
    stockOnHand: row.stockOnHand,
    lowStockThreshold: row.lowStockThreshold,
    stock: stockState(row.stockOnHand, row.lowStockThreshold),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** Every product with its price and stock, read from the database (never the cached catalogue). */
export async function listAdminProducts(db: DbOrTx): Promise<AdminProductView[]> {
  return (await db.select().from(products).orderBy(asc(products.id))).map(toAdminProduct);
}

export async function productAudit(db: DbOrTx, productId: number): Promise<AdminAuditView[]> {
  return auditViewOf(db, "product", String(productId));
}

export type ProductUpdate =
  | {
      kind: "updated";
      product: AdminProductView;
      change: CatalogueChange | null;
      /** Back-in-stock e-mails written with the change: hand them to `mailer.deliverQueued` after it. */
      queuedMail: string[];
      /** "Apply to existing subscriptions": what it did (decision 043), or null when not asked. */
      priceNotice: PriceNotice | null;
    }
  | { kind: "not_found" };

/**
 * Changes a product's price, discount, stock or threshold: the row locked, the fields that differ written
 * with their audit row (before and after) in one transaction, and every process told to drop its cached
 * catalogue and, when the shop's pages show what changed, its cached pages (decision 019). Stock going
 * from 0 to more answers every waiting "Notify Me" request in the same transaction (one e-mail each).
 * With `applyToSubscriptionsFrom`, the product's price (new or as it is) reaches its subscriptions from
 * that day, each subscriber e-mailed, in the same transaction (server/subscriptions/price-notice.ts).
 */
export async function updateProduct(
  db: Db,
  actor: AuditActor,
  productId: number,
  patch: AdminProductPatch,
  mail: {
    mailer: Mailer;
    origin: string;
    manageSecret: string;
    listPrices?: PriceChange[];
    /** Says whether the renewals a price notice names add tax (decision 050). */
    tax?: TaxProvider;
  },
  now: Date = new Date(),
): Promise<ProductUpdate> {
  const { applyToSubscriptionsFrom: noticeDay, ...fields } = patch;
  let from: Date | null = null;
  if (noticeDay !== undefined) {
    const checked = checkPriceNoticeDay(noticeDay, now);
    if (!checked.ok)
      throw new InvalidInput("invalid_date", checked.message, {
        fields: { applyToSubscriptionsFrom: checked.message },
      });
    from = checked.from;
  }
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(products).where(eq(products.id, productId)).for("update");
    if (!row) return { kind: "not_found" } as const;
    const listed = await applyPriceChanges(
      tx,
      actor,
      (mail.listPrices ?? []).filter((c) => c.item === `product:${productId}`),
    );
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(fields) as [keyof typeof fields, unknown][]) {
      if (row[field] === value) continue;
      before[field] = row[field];
      after[field] = value;
    }
    const priceNotice = from
      ? await announceSubscriptionPrice(
          tx,
          {
            mailer: mail.mailer,
            links: { origin: mail.origin, manageSecret: mail.manageSecret, tax: mail.tax },
          },
          actor,
          { id: row.id, priceCents: fields.priceCents ?? row.priceCents },
          from,
        )
      : null;
    if (Object.keys(after).length === 0)
      return {
        kind: "updated",
        product: toAdminProduct(row),
        change: listed.change,
        queuedMail: priceNotice?.queuedMail ?? [],
        priceNotice,
      } as const;
    const [updated] = await tx
      .update(products)
      .set({ ...(after as Partial<ProductRow>), updatedAt: sql`now()` })
      .where(eq(products.id, productId))
      .returning();
    if (!updated) throw new Error(`product ${productId} vanished while locked`);
    await recordAudit(tx, {
      actor,
      action: "product-updated",
      targetType: "product",
      targetId: String(productId),
      before,
      after,
    });
    const shown =
      "priceCents" in after ||
      "subscriptionDiscount" in after ||
      row.stockOnHand > 0 !== updated.stockOnHand > 0;
    const change = { pages: shown || listed.change !== null };
    await announceCatalogueChange(tx, change);
    const restocked = row.stockOnHand === 0 && updated.stockOnHand > 0;
    const queuedMail = restocked ? await queueBackInStock(tx, mail.mailer, updated, mail.origin) : [];
    if (priceNotice) queuedMail.push(...priceNotice.queuedMail);
    return { kind: "updated", product: toAdminProduct(updated), change, queuedMail, priceNotice } as const;
  });
}
