import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAudit, orders } from "../../server/db/schema.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { mails, type OrderRow, paidSandboxOrder, people } from "./admin-fixtures.ts";
import { headerIdentity, Visitor } from "./checkout-visitor.ts";

const PATH = "/api/admin/orders/ship-csv";
const HEADER = "order_number,carrier,tracking";

// Bulk shipping from a CSV file (decision 020): the whole file is checked before anything ships.
describe.each(testDatabases)("shipping orders from a CSV file on %s", (kind) => {
  let shop: TestShop;
  let who: Awaited<ReturnType<typeof people>>;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
    who = await people(shop);
  });
  afterAll(() => shop.close());

  const paid = () => paidSandboxOrder(shop, new Visitor(shop), [[1, 1]]);
  const statusOf = async (order: OrderRow) =>
    (await shop.services.database.db.select().from(orders).where(eq(orders.id, order.id)))[0]?.status;
  const auditOf = (list: OrderRow[]) =>
    shop.services.database.db
      .select()
      .from(adminAudit)
      .where(
        inArray(
          adminAudit.targetId,
          list.map((o) => o.id),
        ),
      );
  /** Nothing happened to these orders: still processing, no shipped e-mail, no audit row. */
  async function untouched(list: OrderRow[]) {
    for (const order of list) {
      expect(await statusOf(order), order.orderNumber).toBe("processing");
      expect(await mails(shop, order.email, "has shipped"), order.orderNumber).toBe(0);
    }
    expect(await auditOf(list)).toEqual([]);
  }

  it("is for the shop's team: 401 signed out, 403 for a customer, staff may ship", async () => {
    const order = await paid();
    const csv = `${HEADER}\n${order.orderNumber},UPS,1Z0001`;
    expect((await new Visitor(shop).call("POST", PATH, { csv })).status).toBe(401);
    const customer = await who.customer.call("POST", PATH, { csv });
    expect(customer.status).toBe(403);
    expect(customer.body.code).toBe("forbidden");
    await untouched([order]);
    const staff = await who.staff.call("POST", PATH, { csv });
    expect(staff.status).toBe(200);
    expect(staff.body.shipped).toBe(1);
  });

  it("refuses a body that is not { csv } as JSON", async () => {
    expect((await who.staff.call("POST", PATH, {})).status).toBe(400);
    expect((await who.staff.call("POST", PATH, { csv: 12 })).status).toBe(400);
    const asText = await who.staff.call("POST", PATH, `${HEADER}\n`, { "content-type": "text/csv" });
    expect(asText.status).toBe(415);
  });

  it("refuses a file without its header, and an empty one, shipping nothing", async () => {
    const order = await paid();
    const noHeader = await who.staff.call("POST", PATH, { csv: `${order.orderNumber},UPS,1Z0002\n` });
    expect(noHeader.status).toBe(400);
    expect(noHeader.body).toMatchObject({
      code: "invalid_csv",
      message: "Nothing was shipped: the file has 1 problem.",
      problems: [
        {
          row: 1,
          orderNumber: null,
          message: expect.stringContaining("The first row must be the header order_number,carrier,tracking"),
        },
      ],
    });
    const empty = await who.staff.call("POST", PATH, { csv: "" });
    expect(empty.status).toBe(400);
    expect(empty.body.problems[0].message).toMatch(/The file is empty/);
    const onlyHeader = await who.staff.call("POST", PATH, { csv: `${HEADER}\n` });
    expect(onlyHeader.body.problems[0].message).toBe("The file has a header but no orders under it.");
    await untouched([order]);
  });

  it("lists every bad row by its row number (unknown order, carrier, tracking, repeats, orders that cannot ship) and ships none of the good ones", async () => {
    const [good, other, cancelled, delivered] = [await paid(), await paid(), await paid(), await paid()];
    expect(
      (await who.admin.call("POST", `/api/admin/orders/${cancelled.orderNumber}/cancel`, {})).status,
    ).toBe(200);
    await who.staff.call("POST", `/api/admin/orders/${delivered.orderNumber}/ship`, {
      carrier: "DHL",
      trackingCode: "JD01",
    });
    await who.staff.call("POST", `/api/admin/orders/${delivered.orderNumber}/deliver`);
    const buyer = new Visitor(shop);
    await buyer.add(2, 1);
    const pendingSession = (await buyer.checkout()).body.url.split("/").pop();
    const [pending] = await shop.services.database.db
      .select()
      .from(orders)
      .where(eq(orders.providerSessionId, pendingSession));

    const csv = [
      HEADER,
      `${good.orderNumber},UPS,1Z1000`,
      "MANA-NOSUCH1,UPS,1Z1001",
      `${other.orderNumber},Owl Post,1Z1002`,
      `${other.orderNumber},UPS,1Z1003`,
      `${good.orderNumber},USPS,9400`,
      `${cancelled.orderNumber},UPS,1Z1004`,
      `${delivered.orderNumber},DHL,JD02`,
      `${pending?.orderNumber},UPS,1Z1005`,
      `MANA-X,FedEx,${"7".repeat(101)}`,
      "MANA-Y,FedEx",
    ].join("\n");
    const refused = await who.staff.call("POST", PATH, { csv });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Nothing was shipped: the file has 9 problems.");
    const byRow = Object.fromEntries(
      refused.body.problems.map((p: { row: number; orderNumber: string; message: string }) => [
        p.row,
        `${p.orderNumber} ${p.message}`,
      ]),
    );
    expect(Object.keys(byRow).map(Number)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(byRow[3]).toBe("MANA-NOSUCH1 There is no order MANA-NOSUCH1.");
    expect(byRow[4]).toMatch(/"Owl Post" is not a carrier the shop knows: use one of USPS, UPS, FedEx/);
    expect(byRow[6]).toBe(`${good.orderNumber} The order is already on row 2: an order ships once.`);
    expect(byRow[7]).toMatch(/is cancelled, so it cannot become shipped/);
    expect(byRow[8]).toMatch(/is delivered, so it cannot become shipped/);
    expect(byRow[9]).toMatch(/is pending, so it cannot become shipped/);
    expect(byRow[10]).toBe("MANA-X The tracking code is longer than 100 characters.");
    expect(byRow[11]).toMatch(/^MANA-Y It has 2 values; each row has 3/);
    // Row 5 repeats row 4's order, whose own problem is its carrier.
    expect(byRow[5]).toBe(`${other.orderNumber} The order is already on row 4: an order ships once.`);
    await untouched([good, other]);
  });

  it("ships a good file (any header case, a byte-order mark, CRLF, lower-case numbers), e-mails each customer once, audits each; sent again, it reports them already shipped", async () => {
    const [first, second] = [await paid(), await paid()];
    const csv = `\uFEFFOrder_Number,Carrier,TRACKING\r\n${first.orderNumber.toLowerCase()},ups,1Z999AA1\r\n\r\n${second.orderNumber}," canada post ",CP-77\r\n`;
    const sent = await who.staff.call("POST", PATH, { csv });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({
      shipped: 2,
      alreadyShipped: 0,
      failed: 0,
      rows: [
        {
          row: 2,
          orderNumber: first.orderNumber,
          carrier: "UPS",
          trackingCode: "1Z999AA1",
          outcome: "shipped",
          message: null,
        },
        {
          row: 4,
          orderNumber: second.orderNumber,
          carrier: "Canada Post",
          trackingCode: "CP-77",
          outcome: "shipped",
          message: null,
        },
      ],
    });
    const detail = await who.staff.call("GET", `/api/admin/orders/${first.orderNumber}`);
    expect(detail.body).toMatchObject({ status: "shipped", carrier: "UPS", trackingCode: "1Z999AA1" });
    expect(detail.body.timeline.at(-1)).toMatchObject({ type: "shipped" });
    for (const order of [first, second]) expect(await mails(shop, order.email, "has shipped")).toBe(1);
    const audit = await auditOf([first, second]);
    expect(audit.map((a) => [a.action, a.actor]).sort()).toEqual([
      ["order.shipped", `${who.staff.userId}@example.com`],
      ["order.shipped", `${who.staff.userId}@example.com`],
    ]);
    expect(audit.find((a) => a.targetId === second.id)).toMatchObject({
      before: { status: "processing" },
      after: { status: "shipped", carrier: "Canada Post", trackingCode: "CP-77" },
    });

    const again = await who.admin.call("POST", PATH, { csv });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ shipped: 0, alreadyShipped: 2, failed: 0 });
    expect(again.body.rows.map((r: { outcome: string }) => r.outcome)).toEqual([
      "already_shipped",
      "already_shipped",
    ]);
    for (const order of [first, second]) expect(await mails(shop, order.email, "has shipped")).toBe(1);
    expect(await auditOf([first, second])).toHaveLength(2);

    // Another tracking code for an order that already shipped is a problem, not a second shipment.
    const changed = await who.staff.call("POST", PATH, {
      csv: `${HEADER}\n${first.orderNumber},UPS,1Z-OTHER`,
    });
    expect(changed.status).toBe(400);
    expect(changed.body.problems[0].message).toBe(
      `Order ${first.orderNumber} already shipped with UPS 1Z999AA1; it ships once.`,
    );
  });

  it("the same file sent twice at once ships each order once", async () => {
    const [a, b] = [await paid(), await paid()];
    const csv = `${HEADER}\n${a.orderNumber},FedEx,FX-1\n${b.orderNumber},FedEx,FX-2`;
    const answers = await Promise.all([
      who.staff.call("POST", PATH, { csv }),
      who.admin.call("POST", PATH, { csv }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(answers.reduce((n, r) => n + r.body.shipped, 0)).toBe(2);
    expect(answers.reduce((n, r) => n + r.body.alreadyShipped, 0)).toBe(2);
    expect(answers.every((r) => r.body.failed === 0)).toBe(true);
    for (const order of [a, b]) expect(await mails(shop, order.email, "has shipped")).toBe(1);
    expect(await auditOf([a, b])).toHaveLength(2);
  });

  it("refuses more than 500 orders, a file over 64 KB and a broken quote, whole", async () => {
    const rows = Array.from({ length: 501 }, (_, i) => `MANA-${i},UPS,1Z${i}`);
    const tooMany = await who.staff.call("POST", PATH, { csv: [HEADER, ...rows].join("\n") });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.problems).toEqual([
      {
        row: null,
        orderNumber: null,
        message: "The file has 501 orders; at most 500 ship at a time: split it.",
      },
    ]);
    const big = await who.staff.call("POST", PATH, { csv: `${HEADER}\n${"x".repeat(70_000)}` });
    expect(big.body.problems[0].message).toMatch(/larger than 64 KB/);
    const quote = await who.staff.call("POST", PATH, { csv: `${HEADER}\nMANA-1,UPS,"1Z` });
    expect(quote.body.problems[0]).toMatchObject({
      row: 2,
      message: expect.stringMatching(/^Not valid CSV/),
    });
  });
});
