import { count, desc, ilike } from "drizzle-orm";
import type { AdminListQuery } from "../../core/contracts/admin-customers.ts";
import type { AdminNewsletterResponse, AdminSubscriberView } from "../../core/contracts/admin-newsletter.ts";
import type { DbOrTx } from "../db/client.ts";
import { newsletterSubscribers } from "../db/schema.ts";
import { listPage } from "../lib/list-page.ts";
import { likeText } from "./like-text.ts";

type SubscriberRow = typeof newsletterSubscribers.$inferSelect;

const toView = (r: SubscriberRow): AdminSubscriberView => ({
  email: r.email,
  status: r.unsubscribedAt ? "unsubscribed" : "subscribed",
  consentAt: r.consentAt?.toISOString() ?? null,
  unsubscribedAt: r.unsubscribedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** Newsletter sign-ups, newest first, searched by e-mail: who is subscribed and when they consented. */
export async function listAdminSubscribers(
  db: DbOrTx,
  query: AdminListQuery,
): Promise<AdminNewsletterResponse> {
  const condition = query.q ? ilike(newsletterSubscribers.email, `%${likeText(query.q)}%`) : undefined;
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(newsletterSubscribers)
    .where(condition);
  const { page, pages, limit, offset } = listPage(total, query.page);
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .where(condition)
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
    .limit(limit)
    .offset(offset);
  return { subscribers: rows.map(toView), total, page, pages };
}

/** Every sign-up for the CSV download, oldest first. */
export async function exportAdminSubscribers(db: DbOrTx): Promise<AdminSubscriberView[]> {
  return (await db.select().from(newsletterSubscribers).orderBy(newsletterSubscribers.createdAt)).map(toView);
}
