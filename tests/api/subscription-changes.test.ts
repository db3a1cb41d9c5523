import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { runDueSubscriptions } from "../../server/subscriptions/run-due.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { createUser, headerIdentity, Visitor } from "./checkout-visitor.ts";

const card = { cardNumber: "4242424242424242", expiry: "12/40", cvc: "123", name: "A Buyer" };

// The changes and renewals that read something besides the subscription (the address book, the
// catalogue) while its row is locked. The embedded database (PGlite) runs one query at a time, so such a read must go through
// the change's own transaction, or it waits for that transaction forever.
describe.each(testDatabases)("subscription changes that read other rows, on %s", (kind) => {
  let shop: TestShop;
  let subscriptionId = "";
  const alice = () => new Visitor(shop, "alice");

  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
    await createUser(shop, "alice", "alice@example.com");
    const v = alice();
    expect((await v.add(2, 1, true)).status).toBe(201);
    const { body } = await v.checkout();
    const sessionId = new URL(body.url).pathname.split("/").pop() as string;
    expect(await payWithSandboxCard(shopDeps(shop.services), sessionId, card)).toMatchObject({
      kind: "paid",
    });
    const [order] = await shop.services.database.db
      .select()
      .from(orders)
      .where(eq(orders.providerSessionId, sessionId));
    expect(order?.status).toBe("processing");
    const list = await alice().call("GET", "/api/subscriptions");
    subscriptionId = list.body[0].id;
  });
  afterAll(() => shop.close());

  it("ships to another saved address", async () => {
    const saved = await alice().call("POST", "/api/addresses", {
      fullName: "Alice Other",
      line1: "9 Elm Road",
      city: "Portland",
      region: "OR",
      postalCode: "97201",
      country: "US",
    });
    expect(saved.status).toBe(201);
    const res = await alice().call("POST", `/api/subscriptions/${subscriptionId}/address`, {
      addressId: saved.body.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.subscription.shippingAddress).toMatchObject({
      fullName: "Alice Other",
      city: "Portland",
    });
  });

  it("swaps the product when the catalogue has not been read since the shop started", async () => {
    shop.services.catalogue.invalidate();
    const res = await alice().call("POST", `/api/subscriptions/${subscriptionId}/swap`, { productId: 3 });
    expect(res.status).toBe(200);
    expect(res.body.subscription).toMatchObject({ productId: 3, productName: "Ashwagandha" });
  });

  it("renews when the catalogue has not been read since the shop started", async () => {
    shop.services.catalogue.invalidate();
    const [sub] = (await alice().call("GET", "/api/subscriptions")).body;
    const due = new Date(new Date(sub.nextBillingDate).getTime() + 60_000);
    const report = await runDueSubscriptions(shopDeps(shop.services), due, { onlyId: sub.id });
    expect(report.renewed).toBe(1);
  });
});
