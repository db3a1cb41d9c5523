import { data } from "react-router";
import { outboxReadable } from "../../server/http/outbox-access.ts";
import { latestOutbox } from "../../server/mail/mailer.ts";
import { appContext, peerAddressContext } from "../context.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/dev-outbox";

export const headers: Route.HeadersFunction = () => noStore;

/**
 * The e-mails and SMS codes the shop would have sent, newest first: on a machine trying the shop out, to
 * its own visitor only (server/http/outbox-access.ts, docs/decisions/029-dev-outbox-checked-by-its-page.md).
 * The rule is checked here, where the page and its `.data` request are served, whatever the case of the
 * path: the socket's peer and the Host header decide, never a guard in front matching one spelling.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { env, database } = context.get(appContext);
  if (!outboxReadable(env, context.get(peerAddressContext), request.headers)) {
    throw data(null, { status: 404, headers: noStore });
  }
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
