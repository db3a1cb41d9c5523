import { and, desc, eq, inArray } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { Logger } from "pino";
import { escapeHtml } from "../../core/escape-html.ts";
import { isPlaceholderEmail } from "../../core/placeholder-email.ts";
import type { Db, DbOrTx } from "../db/client.ts";
import { outbox } from "../db/schema.ts";
import { wordsIn } from "../i18n/words.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A message with a key goes out at most once (e.g. `order-confirmation:{orderId}`). */
  dedupeKey?: string;
  /**
   * Extra headers for delivery over SMTP (e.g. a newsletter's List-Unsubscribe). The outbox keeps no
   * headers: whatever a header offers must also be in the text and HTML (an unsubscribe link).
   */
  headers?: Record<string, string>;
  /** The language it is written in (core/i18n/locales.ts; English when not given): the support line's too. */
  locale?: string;
}

export interface Mailer {
  /**
   * Records the message in the outbox and, with SMTP configured, delivers it. Returns false for a duplicate
   * and for a message to a placeholder address (recorded as skipped, never sent).
   */
  send(message: MailMessage): Promise<boolean>;
  /**
   * Writes the message to the outbox within `tx` and nothing more, so it exists exactly when the
   * transaction's other writes do (e.g. the row that says it was sent). Answers the outbox row's id, or
   * null for a duplicate and for a placeholder address. Call `deliverQueued` with the ids once `tx` commits.
   */
  queue(tx: DbOrTx, message: MailMessage): Promise<string | null>;
  /** Delivers queued messages over SMTP when it is configured; otherwise they stay in the outbox. */
  deliverQueued(ids: string[]): Promise<void>;
}

/** Outbox status of a message that was never sent because its address cannot receive mail. */
export const SKIPPED_STATUS = "skipped";

/**
 * Every message is written to the outbox first (the dedupe key makes a second send a no-op); with
 * SMTP_URL set it is then delivered through nodemailer, otherwise it stays in the outbox that
 * /dev/outbox shows outside production.
 *
 * A message to a placeholder address (a phone-only account's `…@phone.mana.invalid`, or anything else under
 * `.invalid`) is never delivered nor left for delivery: it is recorded with status "skipped" (so the outbox
 * shows what was not sent, and the dedupe key still holds) and logged as a warning.
 */
/** The shop's mailer as its environment configures it: the server's and the owner's command line's. */
export function mailerFromEnv(
  env: { MAIL_FROM: string; SMTP_URL?: string; SUPPORT_EMAIL?: string },
  db: Db,
  logger: Logger,
): Mailer {
  return createMailer({
    db,
    from: env.MAIL_FROM,
    smtpUrl: env.SMTP_URL,
    logger,
    supportEmail: env.SUPPORT_EMAIL,
  });
}

export function createMailer(options: {
  db: Db;
  from: string;
  smtpUrl?: string;
  logger: Logger;
  /** Where customers write: every message names it at the end and replies go to it. */
  supportEmail?: string;
}): Mailer {
  const smtpUrl = options.smtpUrl;
  // nodemailer is loaded with the first delivery: a shop without SMTP_URL never loads it, one with it
  // loads it when it first sends (about 7 MB of the process's memory, docs/performance.md).
  let transporter: Promise<Transporter> | undefined;
  const transport = () =>
    (transporter ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport(smtpUrl),
    ));
  const support = options.supportEmail;
  /** The outbox row of a message (the support line added); null for a duplicate key. */
  async function record(db: DbOrTx, original: MailMessage) {
    const message = support ? withSupportAddress(original, support) : original;
    const skip = isPlaceholderEmail(message.to);
    const [row] = await db
      .insert(outbox)
      .values({
        channel: "email",
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        dedupeKey: message.dedupeKey ?? null,
        ...(skip ? { status: SKIPPED_STATUS } : {}),
      })
      .onConflictDoNothing()
      .returning({ id: outbox.id });
    if (!row) return null;
    if (skip) {
      options.logger.warn(
        { outboxId: row.id, to: message.to, subject: message.subject, dedupeKey: message.dedupeKey },
        "mail skipped: placeholder address (phone-only account without an e-mail), nothing sent",
      );
      return null;
    }
    return { id: row.id, message };
  }

  async function deliver(id: string, message: MailMessage) {
    if (!smtpUrl) return;
    try {
      await (await transport()).sendMail({
        from: options.from,
        ...(support ? { replyTo: support } : {}),
        ...message,
      });
      await options.db.update(outbox).set({ status: "sent" }).where(sqlId(id));
    } catch (err) {
      options.logger.error({ err, to: message.to }, "mail delivery failed");
      await options.db.update(outbox).set({ status: "failed" }).where(sqlId(id));
    }
  }

  return {
    async send(original) {
      const recorded = await record(options.db, original);
      if (!recorded) return false;
      await deliver(recorded.id, recorded.message);
      return true;
    },
    async queue(tx, message) {
      return (await record(tx, message))?.id ?? null;
    },
    async deliverQueued(ids) {
      if (!smtpUrl || ids.length === 0) return;
      const rows = await options.db
        .select()
        .from(outbox)
        .where(and(inArray(outbox.id, ids), eq(outbox.status, "stored")));
      for (const row of rows) {
        await deliver(row.id, {
          to: row.to,
          subject: row.subject ?? "",
          text: row.text,
          ...(row.html ? { html: row.html } : {}),
        });
      }
    },
  };
}

const sqlId = (id: string) => eq(outbox.id, id);

/** The message with a last line saying where to write, in its text and HTML parts. */
function withSupportAddress(message: MailMessage, support: string): MailMessage {
  const line = wordsIn(message.locale).t("email.questions", { address: support });
  const link = `<a href="mailto:${escapeHtml(support)}">${escapeHtml(support)}</a>`;
  // The message's words around the address, escaped; the address itself a link.
  const [before = "", after = ""] = line.split(support);
  return {
    ...message,
    text: `${message.text}\n\n${line}`,
    html: message.html
      ? `${message.html}<p style="font-size:12px;color:#4A524C">${escapeHtml(before)}${link}${escapeHtml(after)}</p>`
      : undefined,
  };
}

/** The newest outbox entries, for the dev outbox page. */
export function latestOutbox(db: Db, limit = 50) {
  return db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
}
