import { data } from "react-router";
import { latestOutbox } from "../../server/mail/mailer.ts";
import { outboxMayOpen } from "../../server/mail/outbox-access.ts";
import { appContext } from "../context.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/dev-outbox";

export const headers: Route.HeadersFunction = () => noStore;

/**
 * The e-mails and SMS codes the shop would have sent, newest first: on a machine trying the shop out, to
 * its own visitor only (server/mail/outbox-access.ts; the server refuses other requests before this).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { env, database } = context.get(appContext);
  if (!outboxMayOpen(env)) throw data(null, { status: 404 });
  const rows = await latestOutbox(database.db, 50);
  return {
    messages: rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      to: r.to,
      subject: r.subject,
      text: r.text,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
