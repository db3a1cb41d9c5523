import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { count, countDistinct, isNotNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMonths } from "../../core/subscription-rules.ts";
import { orders, sandboxCards, subscriptions } from "../../server/db/schema.ts";
import { freshDatabase } from "../support/test-app.ts";

const run = promisify(execFile);
const DUE = 1000;

// Several app processes on one PostgreSQL: renewals must run once whichever process runs them, however
// many run at the same moment.
describe.skipIf(!process.env.TEST_DATABASE_URL)("renewals from several processes on one PostgreSQL", () => {
  it(`two processes running what is due at once create exactly one renewal order for each of ${DUE} subscriptions`, async () => {
    const { database, env: dbEnv, drop } = await freshDatabase("postgres");
    try {
      const { seed } = await import("../../server/db/seed.ts");
      await seed(database.db);
      const db = database.db;
      const billing = new Date("2027-01-10T09:00:00Z");
      const [order] = await db
        .insert(orders)
        .values({
          orderNumber: "MANA-R3NEWALS",
          cartFingerprint: "x",
          email: "many@example.com",
          status: "delivered",
          subtotalCents: 2550,
          totalCents: 2550,
          provider: "sandbox",
          paidAt: addMonths(billing, -1),
        })
        .returning();
      await db
        .insert(sandboxCards)
        .values({ token: "pm_sandbox_concurrency", brand: "Visa", last4: "4242", renewal: "succeed" });
      await db.insert(subscriptions).values(
        Array.from({ length: DUE }, () => ({
          orderId: order?.id as string,
          orderLineId: crypto.randomUUID(),
          email: "many@example.com",
          productId: 1,
          productName: "Korean Ginseng",
          discountPercent: 15,
          amountCents: 2550,
          nextBillingDate: billing,
          paymentToken: "pm_sandbox_concurrency",
          cardLabel: "Visa ending 4242",
        })),
      );

      const env = { ...process.env, ...dbEnv, LOG_LEVEL: "silent", PUBLIC_URL: "https://shop.example" };
      const args = ["scripts/admin.ts", "subscriptions", "run-due", "--as-of", "2027-01-12"];
      const [a, b] = await Promise.all([
        run(process.execPath, args, { env, timeout: 180_000 }),
        run(process.execPath, args, { env, timeout: 180_000 }),
      ]);
      const renewedBy = (out: string) => Number(/(\d+) renewed/.exec(out)?.[1] ?? Number.NaN);
      // Both did work: the two really ran side by side.
      expect(renewedBy(a.stdout) + renewedBy(b.stdout)).toBe(DUE);

      const [renewals] = await db
        .select({
          orders: count(),
          distinct: countDistinct(sql`(${orders.subscriptionId}, ${orders.renewalDate})`),
        })
        .from(orders)
        .where(isNotNull(orders.subscriptionId));
      expect(renewals).toEqual({ orders: DUE, distinct: DUE });
      const [advanced] = await db
        .select({ n: count() })
        .from(subscriptions)
        .where(sql`${subscriptions.nextBillingDate} = ${addMonths(billing, 1).toISOString()}::timestamptz`);
      expect(advanced?.n).toBe(DUE);

      // A second run finds nothing due: nothing is charged twice.
      const again = await run(process.execPath, args, { env, timeout: 60_000 });
      expect(renewedBy(again.stdout)).toBe(0);
    } finally {
      await database.close();
      await drop();
    }
  }, 300_000);
});
