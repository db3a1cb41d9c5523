import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { orders } from "../../server/db/schema.ts";
import { WEBHOOK_SECRET } from "../reliability/support/stripe-events.ts";
import { StripeStandIn } from "./stripe-stand-in.ts";
import { createTestShop, type DatabaseKind, type TestShop } from "./test-app.ts";

/**
 * A test shop that takes payments through the Stripe stand-in, its webhooks signed with WEBHOOK_SECRET
 * (tests/reliability/support/stripe-events.ts): started before the enclosing describe's tests, closed after
 * them. `use` receives both: `useStripeShop(kind, (started) => ({ shop, standIn } = started))`.
 */
export function useStripeShop(
  kind: DatabaseKind,
  use: (started: { shop: TestShop; standIn: StripeStandIn }) => void,
): void {
  let shop: TestShop | undefined;
  let standIn: StripeStandIn | undefined;
  beforeAll(async () => {
    standIn = await new StripeStandIn().start();
    shop = await createTestShop(kind, { env: standIn.env(WEBHOOK_SECRET) });
    use({ shop, standIn });
  });
  afterAll(async () => {
    await shop?.close();
    await standIn?.stop();
  });
}

/** The checkout session id at the end of a payment page's URL. */
export const sessionIdOf = (url: string) => new URL(url).pathname.split("/").pop() as string;

/** The pending order a checkout answered `url` for, with its session id. */
export async function pendingOrderOf(shop: TestShop, url: string) {
  const sessionId = sessionIdOf(url);
  const [order] = await shop.services.database.db
    .select()
    .from(orders)
    .where(eq(orders.providerSessionId, sessionId));
  if (!order) throw new Error(`no order for ${url}`);
  return { sessionId, order };
}
