/** The dashboard's Outbox API: every e-mail and SMS the shop sent or stored, newest first. */
import { z } from "zod";
import { adminListQuery } from "./admin-customers.ts";

export const OUTBOX_CHANNELS = ["email", "sms"] as const;
export const OUTBOX_STATUSES = ["stored", "sent", "failed", "skipped"] as const;

/** GET /api/admin/outbox?q=&channel=&status=&page= (q searches the recipient). */
export const adminOutboxQuery = adminListQuery.extend({
  channel: z
    .enum(["", "all", ...OUTBOX_CHANNELS], { error: "channel is email, sms or all" })
    .optional()
    .default(""),
  status: z
    .enum(["", "all", ...OUTBOX_STATUSES], { error: "status is stored, sent, failed, skipped or all" })
    .optional()
    .default(""),
});
export type AdminOutboxQuery = z.infer<typeof adminOutboxQuery>;

export interface AdminOutboxListItem {
  id: string;
  channel: string;
  to: string;
  subject: string | null;
  status: string;
  createdAt: string;
}

export interface AdminOutboxResponse {
  messages: AdminOutboxListItem[];
  total: number;
  page: number;
  pages: number;
}

/** One message: its plain text, with sign-in links and codes hidden (server/admin/outbox.ts). */
export interface AdminOutboxMessage extends AdminOutboxListItem {
  text: string;
  hasHtml: boolean;
}
