import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { sandboxCards } from "../db/schema.ts";
import { randomId } from "../lib/random-id.ts";
import type { SandboxCardKind } from "./sandbox-card.ts";

export const SANDBOX_CARD_TOKEN_PREFIX = "pm_sandbox_";

/** How a saved card is shown to its owner: "Visa ending 4242". */
export function sandboxCardLabel(card: { brand: string; last4: string }): string {
  return `${card.brand} ending ${card.last4}`;
}

/** Keeps an accepted test card for later charges and answers its token (the number is never stored). */
export async function saveSandboxCard(
  db: DbOrTx,
  card: SandboxCardKind,
): Promise<{ token: string; label: string }> {
  const token = `${SANDBOX_CARD_TOKEN_PREFIX}${randomId(24)}`;
  await db
    .insert(sandboxCards)
    .values({ token, brand: card.brand, last4: card.last4, renewal: card.renewal });
  return { token, label: sandboxCardLabel(card) };
}

/**
 * Charges a saved test card off-session, as a renewal does: the card decides (4242 pays, 0341 declines).
 * An unknown token declines.
 */
export async function chargeSandboxCard(
  db: DbOrTx,
  token: string | null,
): Promise<{ ok: true } | { ok: false; message: string }> {
  if (!token) return { ok: false, message: "No card is saved for this subscription." };
  const [card] = await db.select().from(sandboxCards).where(eq(sandboxCards.token, token));
  if (!card) return { ok: false, message: "The saved card is no longer available." };
  if (card.renewal === "decline") return { ok: false, message: "Your card was declined." };
  return { ok: true };
}
