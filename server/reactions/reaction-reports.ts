import { and, count, desc, eq, sql } from "drizzle-orm";
import type {
  ReactionReportChange,
  ReactionReportInput,
  ReactionReportsQuery,
  ReactionReportsResponse,
  ReactionReportView,
} from "../../core/contracts/reactions.ts";
import type { Locale } from "../../core/i18n/locales.ts";
import type { ReactionStatus } from "../../core/reaction-report.ts";
import { type AuditActor, recordAudit } from "../audit/audit.ts";
import type { Db, DbOrTx } from "../db/client.ts";
import { orders, products, reactionReports } from "../db/schema.ts";
import { InvalidInput, notFound } from "../domain-errors.ts";
import { customerLocale } from "../i18n/customer-locale.ts";
import { listPage } from "../lib/list-page.ts";
import type { Mailer } from "../mail/mailer.ts";
import { ownerReactionEmail, reporterAckEmail } from "./reaction-emails.ts";

/**
 * Reports of reactions to a product (decision 044). A distributor keeps serious adverse event records for
 * six years (21 U.S.C. §379aa-1(e)): nothing here deletes a report, and deleting an account leaves its
 * reports with their name and e-mail (the foreign key only empties `user_id`).
 */

const PAGE_SIZE = 20;

const NO_SUCH_ORDER =
  "We could not find that order number among your orders. Check it on your order page, or leave it empty.";

/** The order a report names: one of the signed-in customer's orders, or a guest order placed with the e-mail. */
async function orderOfReporter(
  db: DbOrTx,
  orderNumber: string,
  reporter: { userId: string | null; email: string },
): Promise<string> {
  const number = orderNumber.trim().toUpperCase().replace(/^#/, "");
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.orderNumber, number),
        reporter.userId
          ? eq(orders.userId, reporter.userId)
          : and(sql`${orders.userId} is null`, sql`lower(${orders.email}) = ${reporter.email}`),
      ),
    );
  // Someone else's order and no order at all read the same: an order number reveals nothing.
  if (!row)
    throw new InvalidInput("unknown_order", NO_SUCH_ORDER, { fields: { orderNumber: NO_SUCH_ORDER } });
  return row.id;
}

const selection = {
  report: reactionReports,
  productName: products.name,
  orderNumber: orders.orderNumber,
};

type Selected = {
  report: typeof reactionReports.$inferSelect;
  productName: string | null;
  orderNumber: string | null;
};

const toView = ({ report: r, productName, orderNumber }: Selected): ReactionReportView => ({
  id: r.id,
  productId: r.productId,
  productName,
  orderNumber,
  userId: r.userId,
  name: r.name,
  email: r.email,
  phone: r.phone,
  description: r.description,
  status: r.status as ReactionStatus,
  ownerNote: r.ownerNote,
  createdAt: new Date(r.createdAt).toISOString(),
  updatedAt: new Date(r.updatedAt).toISOString(),
});

function reportsWithNames(db: DbOrTx) {
  return db
    .select(selection)
    .from(reactionReports)
    .leftJoin(products, eq(products.id, reactionReports.productId))
    .leftJoin(orders, eq(orders.id, reactionReports.orderId));
}

/**
 * Stores a report, with the owner's e-mail (when the shop has an address, SUPPORT_EMAIL) and the reporter's
 * acknowledgment written in the same transaction, then delivered.
 */
export async function createReactionReport(
  db: Db,
  mailer: Mailer,
  input: ReactionReportInput,
  reporter: { userId: string | null },
  /** `locale`: the report page's language (server/i18n/customer-locale.ts), the acknowledgment's. */
  mail: { origin: string; ownerEmail: string | undefined; locale?: Locale | null },
): Promise<ReactionReportView> {
  const queued: string[] = [];
  const view = await db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, input.productId));
    if (!product)
      throw new InvalidInput("unknown_product", "productId must be one of the shop's products", {
        fields: { productId: "productId must be one of the shop's products" },
      });
    const orderId = input.orderNumber
      ? await orderOfReporter(tx, input.orderNumber, { userId: reporter.userId, email: input.email })
      : null;
    const [row] = await tx
      .insert(reactionReports)
      .values({
        productId: input.productId,
        orderId,
        userId: reporter.userId,
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        description: input.description,
      })
      .returning({ id: reactionReports.id });
    const made = await reactionReport(tx, (row as { id: string }).id);
    for (const message of [
      mail.ownerEmail ? ownerReactionEmail(mail.ownerEmail, made, mail.origin) : null,
      reporterAckEmail(made, mail.origin, await customerLocale(tx, reporter.userId, mail.locale ?? null)),
    ]) {
      if (!message) continue;
      const id = await mailer.queue(tx, message);
      if (id) queued.push(id);
    }
    return made;
  });
  await mailer.deliverQueued(queued);
  return view;
}

export async function reactionReport(db: DbOrTx, id: string): Promise<ReactionReportView> {
  const [row] = await reportsWithNames(db).where(eq(reactionReports.id, id));
  if (!row) throw notFound("Report not found");
  return toView(row);
}

/** The dashboard's list, newest first, optionally of one status. */
export async function listReactionReports(
  db: DbOrTx,
  query: ReactionReportsQuery,
): Promise<ReactionReportsResponse> {
  const where = query.status ? eq(reactionReports.status, query.status) : undefined;
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(reactionReports).where(where);
  const { page, pages, limit, offset } = listPage(Number(n), query.page, PAGE_SIZE);
  const rows = await reportsWithNames(db)
    .where(where)
    .orderBy(desc(reactionReports.createdAt), desc(reactionReports.id))
    .limit(limit)
    .offset(offset);
  return { reports: rows.map(toView), total: Number(n), page, pages };
}

/** The owner moves a report (new, in review, closed) or writes its note; audited. */
export async function changeReactionReport(
  db: Db,
  id: string,
  change: ReactionReportChange,
  actor: AuditActor,
): Promise<ReactionReportView> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(reactionReports).where(eq(reactionReports.id, id)).for("update");
    if (!before) throw notFound("Report not found");
    const status = change.status ?? before.status;
    const ownerNote = change.ownerNote === undefined ? before.ownerNote : change.ownerNote || null;
    if (status !== before.status || ownerNote !== before.ownerNote) {
      await tx
        .update(reactionReports)
        .set({ status, ownerNote, updatedAt: sql`now()` })
        .where(eq(reactionReports.id, id));
      await recordAudit(tx, {
        actor,
        action: "reaction.changed",
        targetType: "reaction_report",
        targetId: id,
        before: { status: before.status, ownerNote: before.ownerNote },
        after: { status, ownerNote },
      });
    }
    return reactionReport(tx, id);
  });
}
