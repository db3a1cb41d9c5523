import { and, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import type {
  AdminOutboxMessage,
  AdminOutboxQuery,
  AdminOutboxResponse,
} from "../../core/contracts/admin-outbox.ts";
import { UUID } from "../../core/uuid.ts";
import type { DbOrTx } from "../db/client.ts";
import { outbox } from "../db/schema.ts";
import { listPage } from "../lib/list-page.ts";
import { likeText } from "./like-text.ts";

export const HIDDEN_LINK = "[link hidden]";
export const HIDDEN_CODE = "[code hidden]";

/**
 * A message's text as the dashboard shows it. Sign-in codes and the links in account e-mails (reset a
 * password, confirm an address, unsubscribe, see an order) are keys to someone's account: anyone with
 * outbox:read, staff included, could ask for a reset of the owner's password and read its link here. So a
 * link keeps its address up to the path (what the message pointed to) and loses its query, fragment and
 * any long token in the path; a run of 4 to 8 digits in an SMS is hidden.
 */
export function redactMessageText(channel: string, text: string): string {
  const links = text.replace(/https?:\/\/[^\s<>"')\]]+/g, (url) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return HIDDEN_LINK;
    }
    const path = parsed.pathname
      .split("/")
      .map((part) => (part.length >= 16 && /\d/.test(part) ? "…" : part))
      .join("/");
    const secret = parsed.search || parsed.hash || path !== parsed.pathname;
    return `${parsed.origin}${path}${secret ? ` ${HIDDEN_LINK}` : ""}`;
  });
  return channel === "sms" ? links.replace(/\b\d{4,8}\b/g, HIDDEN_CODE) : links;
}

function conditionOf(query: AdminOutboxQuery): SQL | undefined {
  const where: SQL[] = [];
  if (query.q) where.push(ilike(outbox.to, `%${likeText(query.q)}%`));
  if (query.channel && query.channel !== "all") where.push(eq(outbox.channel, query.channel));
  if (query.status && query.status !== "all") where.push(eq(outbox.status, query.status));
  return where.length ? and(...where) : undefined;
}

/** The outbox, newest first, filtered by channel and status and searched by recipient. */
export async function listAdminOutbox(db: DbOrTx, query: AdminOutboxQuery): Promise<AdminOutboxResponse> {
  const condition = conditionOf(query);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(outbox).where(condition);
  const { page, pages, limit, offset } = listPage(total, query.page);
  const rows = await db
    .select({
      id: outbox.id,
      channel: outbox.channel,
      to: outbox.to,
      subject: outbox.subject,
      status: outbox.status,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(condition)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit)
    .offset(offset);
  return {
    messages: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total,
    page,
    pages,
  };
}

/** One message with its text (links and codes hidden), or null for an unknown id. */
export async function adminOutboxMessage(db: DbOrTx, id: string): Promise<AdminOutboxMessage | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  if (!row) return null;
  return {
    id: row.id,
    channel: row.channel,
    to: row.to,
    subject: row.subject,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    text: redactMessageText(row.channel, row.text),
    hasHtml: row.html !== null,
  };
}
