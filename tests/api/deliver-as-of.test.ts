import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAdminCommand, runAdminCommand } from "../../server/admin/command.ts";
import type { Database } from "../../server/db/client.ts";
import { orderEvents, orders } from "../../server/db/schema.ts";
import { parseEnv } from "../../server/env.ts";
import { mailerFromEnv } from "../../server/mail/mailer.ts";
import { freshDatabase, testDatabases } from "../support/test-app.ts";

// `npm run admin -- orders deliver <number> --as-of YYYY-MM-DD`: a delivery the owner enters late is
// recorded on its day (the order's delivered_at and its timeline step), so what counts days from the
// delivery (the guarantee's window, a referral's wait) counts from it; never before the order shipped, never
// in the future.

const DAY = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

describe("orders deliver --as-of (parsing)", () => {
  it.each([
    [["orders", "deliver", "MANA-X", "--as-of", "2026-02-30"], "--as-of needs a date such as 2027-01-15."],
    [["orders", "deliver", "MANA-X", "--as-of", "26-01-05"], "--as-of needs a date such as 2027-01-15."],
    [["orders", "deliver", "MANA-X", "--as-of"], "--as-of needs a value."],
    [
      ["orders", "ship", "MANA-X", "--carrier", "UPS", "--tracking", "T", "--as-of", "2026-01-05"],
      "--as-of goes with deliver only.",
    ],
    [["orders", "cancel", "MANA-X", "--as-of", "2026-01-05"], "--as-of goes with deliver only."],
  ])("refuses %j", (args, message) => {
    const parsed = parseAdminCommand(args);
    expect("refused" in parsed && parsed.refused).toContain(message);
  });

  it("takes a real day", () => {
    expect(parseAdminCommand(["orders", "deliver", "MANA-X", "--as-of", "2026-02-28"])).toEqual({
      command: { kind: "move", command: "deliver", orderNumber: "MANA-X", deliveredOn: "2026-02-28" },
    });
  });
});

describe.each(testDatabases)("orders deliver --as-of on %s", (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const env = parseEnv({ ...process.env, LOG_LEVEL: "silent", PUBLIC_URL: "https://shop.example" });
  const run = (...args: string[]) => {
    const parsed = parseAdminCommand(args);
    if ("refused" in parsed) throw new Error(parsed.refused);
    return runAdminCommand(parsed.command, {
      env,
      database,
      mailer: () => mailerFromEnv(env, database.db, pino({ level: "silent" })),
    });
  };

  beforeAll(async () => {
    const fresh = await freshDatabase(kind);
    database = fresh.database;
    drop = fresh.drop;
    const { seed } = await import("../../server/db/seed.ts");
    await seed(database.db);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  async function shippedOrder(number: string, shippedAt: Date) {
    const [order] = await database.db
      .insert(orders)
      .values({
        orderNumber: number,
        cartFingerprint: number,
        email: "late@example.com",
        status: "shipped",
        subtotalCents: 3000,
        totalCents: 3595,
        shippingCents: 595,
        provider: "sandbox",
        paidAt: new Date(shippedAt.getTime() - DAY),
        shippedAt,
        carrier: "UPS",
        trackingCode: "T1",
      })
      .returning();
    return order as typeof orders.$inferSelect;
  }

  const stored = async (id: string) => {
    const [order] = await database.db.select().from(orders).where(eq(orders.id, id));
    const events = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
    return { order, delivered: events.find((e) => e.type === "delivered") };
  };

  it("records a delivery 70 days ago on that day, on the order and its timeline", async () => {
    const order = await shippedOrder("MANA-LATE0001", new Date(Date.now() - 75 * DAY));
    const day = dayOf(new Date(Date.now() - 70 * DAY));
    const result = await run("orders", "deliver", "MANA-LATE0001", "--as-of", day);
    expect(result).toMatchObject({ code: 0 });
    expect(result.out[0]).toBe(`Order MANA-LATE0001 is now delivered (on ${day}).`);
    const { order: after, delivered } = await stored(order.id);
    expect(after?.status).toBe("delivered");
    expect(after?.deliveredAt?.toISOString()).toBe(`${day}T12:00:00.000Z`);
    expect(delivered?.createdAt.toISOString()).toBe(`${day}T12:00:00.000Z`);
  });

  it("without --as-of, or with today, records now", async () => {
    const order = await shippedOrder("MANA-LATE0002", new Date(Date.now() - 3 * DAY));
    const before = Date.now();
    expect(await run("orders", "deliver", "MANA-LATE0002", "--as-of", dayOf(new Date()))).toMatchObject({
      code: 0,
    });
    const { order: after } = await stored(order.id);
    expect(after?.deliveredAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("refuses a day to come and a day before the order shipped, and changes nothing", async () => {
    const shippedAt = new Date(Date.now() - 10 * DAY);
    const order = await shippedOrder("MANA-LATE0003", shippedAt);
    const tomorrow = dayOf(new Date(Date.now() + DAY));
    expect(await run("orders", "deliver", "MANA-LATE0003", "--as-of", tomorrow)).toEqual({
      code: 1,
      out: [],
      err: [`Order MANA-LATE0003 cannot be delivered on ${tomorrow}: that day has not come.`],
    });
    const early = dayOf(new Date(shippedAt.getTime() - 2 * DAY));
    expect(await run("orders", "deliver", "MANA-LATE0003", "--as-of", early)).toEqual({
      code: 1,
      out: [],
      err: [
        `Order MANA-LATE0003 shipped on ${dayOf(shippedAt)}: it cannot have been delivered before, on ${early}.`,
      ],
    });
    const { order: after, delivered } = await stored(order.id);
    expect(after?.status).toBe("shipped");
    expect(delivered).toBeUndefined();
  });
});
