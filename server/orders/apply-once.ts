import type { Db, Tx } from "../db/client.ts";
import { paymentEvents } from "../db/schema.ts";

/** A provider event as the shop remembers it: its id is what makes a second delivery a no-op. */
export interface ReportedEvent {
  provider: "sandbox" | "stripe";
  id: string;
  type: string;
}

/**
 * Applies a provider event's effect at most once: the event id is stored in the same transaction as the
 * effect, so an event delivered twice (or ten times at once) has one effect, and a failure stores
 * nothing, so the provider's redelivery applies it then.
 */
export function applyOnce<T>(
  db: Db,
  event: ReportedEvent,
  apply: (tx: Tx) => Promise<T>,
): Promise<T | "duplicate"> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, provider: event.provider, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!fresh) return "duplicate";
    return apply(tx);
  });
}
