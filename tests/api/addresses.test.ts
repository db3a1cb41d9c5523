import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addresses, orders } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { createUser, headerIdentity, newCustomer, TEST_ADDRESS, Visitor } from "./checkout-visitor.ts";

const card = { cardNumber: "4242424242424242", expiry: "12/40", cvc: "123", name: "A Buyer" };
const NOBODY = "00000000-0000-4000-8000-000000000000";

const US = {
  fullName: "Sam Shopper",
  line1: "1 Main St",
  line2: "",
  city: "Springfield",
  region: "IL",
  postalCode: "62701",
  country: "US",
  phone: "",
};
const CA = {
  fullName: "Chloé Tremblay",
  line1: "24 Sussex Dr",
  line2: "Unit 2",
  city: "Ottawa",
  region: "ON",
  postalCode: "K1M 1M4",
  country: "CA",
  phone: "+1 613 555 0100",
};

/** Posted fields → the fields of the saved row (trimmed, codes upper case, Canada's code with its space). */
const goodAddresses: [string, Record<string, string>, Record<string, unknown>][] = [
  ["a US ZIP", US, { region: "IL", postalCode: "62701", country: "US", line2: null, phone: null }],
  [
    "a US ZIP+4 with lower-case codes",
    { ...US, country: "us", region: "ny", postalCode: "10001-1234" },
    { country: "US", region: "NY", postalCode: "10001-1234" },
  ],
  ["Puerto Rico as a state", { ...US, region: "PR", postalCode: "00901" }, { region: "PR" }],
  ["a Canadian postal code with its space", CA, { region: "ON", postalCode: "K1M 1M4", line2: "Unit 2" }],
  [
    "a compact lower-case Canadian postal code",
    { ...CA, region: "bc", postalCode: "v6b4y8" },
    { region: "BC", postalCode: "V6B 4Y8" },
  ],
  [
    "fields with spaces around them",
    { ...US, fullName: "  Sam Shopper ", city: " Springfield  " },
    { fullName: "Sam Shopper", city: "Springfield" },
  ],
];

/** Posted fields → the message per field the API answers. */
const badAddresses: [string, Record<string, unknown>, Record<string, string>][] = [
  [
    "a 4-digit ZIP",
    { ...US, postalCode: "6270" },
    { postalCode: "Enter a 5-digit ZIP code (or ZIP+4), e.g. 90210" },
  ],
  [
    "a Canadian postal code in the US",
    { ...US, postalCode: "K1A 0B1" },
    { postalCode: "Enter a 5-digit ZIP code (or ZIP+4), e.g. 90210" },
  ],
  ["a missing ZIP", { ...US, postalCode: "" }, { postalCode: "ZIP code is required" }],
  ["an unknown state", { ...US, region: "ZZ" }, { region: "Choose a state" }],
  ["a province in the US", { ...US, region: "ON" }, { region: "Choose a state" }],
  ["a ZIP in Canada", { ...CA, postalCode: "90210" }, { postalCode: "Enter a postal code like K1A 0B1" }],
  ["no province", { ...CA, region: "" }, { region: "Choose a province" }],
  ["a state in Canada", { ...CA, region: "NY" }, { region: "Choose a province" }],
  ["a missing postal code in Canada", { ...CA, postalCode: "" }, { postalCode: "Postal code is required" }],
  [
    // Austria is in the EU market, not among the countries the demo's markets ship to (decision 051).
    "a country not shipped to",
    { ...US, country: "AT", region: "", postalCode: "1010" },
    {
      country:
        "We don't ship to Austria yet. We ship to United States, Canada, United Kingdom, Ireland, France, Germany, Spain, Italy, Netherlands, Belgium.",
    },
  ],
  ["no country", { ...US, country: "" }, { country: "Choose a country" }],
  [
    "blank name, street and city",
    { ...US, fullName: " ", line1: "", city: "" },
    { fullName: "Full name is required", line1: "Address is required", city: "City is required" },
  ],
  [
    "missing name, street and city",
    { region: "IL", postalCode: "62701", country: "US" },
    { fullName: "Full name is required", line1: "Address is required", city: "City is required" },
  ],
  [
    "a phone without enough digits",
    { ...US, phone: "555" },
    { phone: "Enter a phone number with its area code, e.g. +1 415 555 0100" },
  ],
  [
    "a name too long",
    { ...US, fullName: "x".repeat(101) },
    { fullName: "Full name must be at most 100 characters" },
  ],
];

describe.each(testDatabases)("address book API on %s", (kind) => {
  let shop: TestShop;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
  });
  afterAll(() => shop.close());

  /** A new signed-in customer with an empty address book. */
  const customer = () => newCustomer(shop, "addr");
  async function add(v: Visitor, fields: Record<string, unknown> = US) {
    const res = await v.call("POST", "/api/addresses", fields);
    expect(res.status).toBe(201);
    return res.body as { id: string; isDefault: boolean } & Record<string, unknown>;
  }
  async function book(v: Visitor) {
    const res = await v.call("GET", "/api/addresses");
    expect(res.status).toBe(200);
    return res.body.addresses as ({ id: string; isDefault: boolean } & Record<string, unknown>)[];
  }
  const defaults = async (v: Visitor) => (await book(v)).filter((a) => a.isDefault).map((a) => a.id);

  it("answers 401 to every address call when nobody is signed in", async () => {
    const visitor = new Visitor(shop);
    for (const [method, path, body] of [
      ["GET", "/api/addresses", undefined],
      ["POST", "/api/addresses", US],
      ["PUT", `/api/addresses/${NOBODY}`, US],
      ["POST", `/api/addresses/${NOBODY}/default`, undefined],
      ["DELETE", `/api/addresses/${NOBODY}`, undefined],
    ] as const) {
      const res = await visitor.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toMatchObject({ code: "unauthorized", message: expect.any(String) });
    }
  });

  it("lists an empty book with the countries the shop ships to: the markets' (decision 051)", async () => {
    const res = await (await customer()).call("GET", "/api/addresses");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body).toEqual({
      addresses: [],
      shipTo: ["US", "CA", "GB", "IE", "FR", "DE", "ES", "IT", "NL", "BE"],
    });
  });

  describe("checks each address with the country's rules", () => {
    for (const [name, fields, saved] of goodAddresses) {
      it(`saves ${name}`, async () => {
        const v = await customer();
        const row = await add(v, fields);
        expect(row).toMatchObject(saved);
        expect(await book(v)).toEqual([row]);
      });
    }
    for (const [name, fields, messages] of badAddresses) {
      it(`refuses ${name} with a message per field, and saves nothing`, async () => {
        const v = await customer();
        const res = await v.call("POST", "/api/addresses", fields);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          code: "invalid_address",
          message: "Please check the shipping address.",
          fields: messages,
        });
        expect(await book(v)).toEqual([]);
      });
    }
    it("refuses an edit with the same messages and keeps the address as it was", async () => {
      const v = await customer();
      const row = await add(v, CA);
      const res = await v.call("PUT", `/api/addresses/${row.id}`, { ...CA, postalCode: "90210", region: "" });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({
        region: "Choose a province",
        postalCode: "Enter a postal code like K1A 0B1",
      });
      expect(await book(v)).toEqual([row]);
    });
  });

  it("makes the first address the default, and a later one only when asked", async () => {
    const v = await customer();
    const first = await add(v, US);
    expect(first.isDefault).toBe(true);
    const second = await add(v, CA);
    expect(second.isDefault).toBe(false);
    expect(await defaults(v)).toEqual([first.id]);
    const third = await add(v, { ...US, line1: "3 Elm St", makeDefault: true });
    expect(third.isDefault).toBe(true);
    // The default is listed first, the others in the order they were saved.
    expect((await book(v)).map((a) => [a.id, a.isDefault])).toEqual([
      [third.id, true],
      [first.id, false],
      [second.id, false],
    ]);
  });

  it("make default moves the badge to that address", async () => {
    const v = await customer();
    const first = await add(v, US);
    const second = await add(v, CA);
    const res = await v.call("POST", `/api/addresses/${second.id}/default`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...second, isDefault: true });
    expect(await defaults(v)).toEqual([second.id]);
    // Asking again changes nothing.
    await v.call("POST", `/api/addresses/${second.id}/default`);
    expect(await defaults(v)).toEqual([second.id]);
    // An edit asked to make it the default moves it back.
    const edited = await v.call("PUT", `/api/addresses/${first.id}`, { ...US, makeDefault: true });
    expect(edited.body.isDefault).toBe(true);
    expect(await defaults(v)).toEqual([first.id]);
  });

  it("an edit answers the saved address and keeps whether it is the default", async () => {
    const v = await customer();
    const first = await add(v, US);
    const res = await v.call("PUT", `/api/addresses/${first.id}`, {
      ...CA,
      region: "qc",
      postalCode: "h2x1y4",
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: first.id,
      isDefault: true,
      fullName: "Chloé Tremblay",
      line1: "24 Sussex Dr",
      line2: "Unit 2",
      city: "Ottawa",
      region: "QC",
      postalCode: "H2X 1Y4",
      country: "CA",
      phone: "+1 613 555 0100",
    });
    expect(await book(v)).toEqual([res.body]);
  });

  it("deleting the default makes the oldest remaining address the default", async () => {
    const v = await customer();
    const first = await add(v, US);
    const second = await add(v, CA);
    const third = await add(v, { ...US, line1: "3 Elm St" });
    const res = await v.call("DELETE", `/api/addresses/${first.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true });
    expect(await defaults(v)).toEqual([second.id]);
    // Deleting an address that is not the default leaves the default alone.
    await v.call("DELETE", `/api/addresses/${third.id}`);
    expect((await book(v)).map((a) => [a.id, a.isDefault])).toEqual([[second.id, true]]);
    // The last one goes, and the book is empty.
    await v.call("DELETE", `/api/addresses/${second.id}`);
    expect(await book(v)).toEqual([]);
    expect((await v.call("DELETE", `/api/addresses/${second.id}`)).status).toBe(404);
  });

  it("answers 404 for another customer's address on edit, default and delete, and changes nothing", async () => {
    const owner = await customer();
    const other = await customer();
    const theirs = await add(owner, US);
    await add(owner, CA);
    const mine = await add(other, CA);
    for (const [method, path, body] of [
      ["PUT", `/api/addresses/${theirs.id}`, { ...US, fullName: "Mallory" }],
      ["POST", `/api/addresses/${theirs.id}/default`, undefined],
      ["DELETE", `/api/addresses/${theirs.id}`, undefined],
      ["PUT", `/api/addresses/${NOBODY}`, US],
      ["POST", `/api/addresses/${NOBODY}/default`, undefined],
      ["DELETE", `/api/addresses/${NOBODY}`, undefined],
      ["DELETE", "/api/addresses/not-a-uuid", undefined],
    ] as const) {
      const res = await other.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toMatchObject({ code: "not_found", message: "Address not found." });
    }
    const ownerBook = await book(owner);
    expect(ownerBook).toHaveLength(2);
    expect(ownerBook[0]).toEqual(theirs);
    expect(await book(other)).toEqual([mine]);
  });

  it("keeps at most 20 addresses: the 21st answers 409 until one is deleted", async () => {
    const v = await customer();
    const saved = [];
    for (let n = 1; n <= 20; n++) saved.push(await add(v, { ...US, line1: `${n} Main St` }));
    const res = await v.call("POST", "/api/addresses", { ...US, line1: "21 Main St" });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: "address_book_full",
      message: "You can keep up to 20 addresses. Delete one to add another.",
    });
    expect(await book(v)).toHaveLength(20);
    await v.call("DELETE", `/api/addresses/${saved[5]?.id}`);
    await add(v, { ...US, line1: "21 Main St" });
    expect(await book(v)).toHaveLength(20);
  });

  describe("at checkout", () => {
    async function orderBySession(url: string) {
      const sessionId = new URL(url).pathname.split("/").pop() as string;
      const [order] = await db().select().from(orders).where(eq(orders.providerSessionId, sessionId));
      return { sessionId, order: order as typeof orders.$inferSelect };
    }

    it("refuses another customer's saved address with 404 and starts no order", async () => {
      const owner = await customer();
      const theirs = await add(owner, CA);
      const other = await customer();
      await other.add(1);
      const before = await db().select({ id: orders.id }).from(orders);
      for (const addressId of [theirs.id, NOBODY, "not-a-uuid"]) {
        const res = await other.checkout({ addressId, shippingAddress: undefined });
        expect(res.status, addressId).toBe(404);
        expect(res.body).toMatchObject({ code: "not_found", message: "Address not found." });
      }
      // A visitor who is not signed in has no saved addresses at all.
      const guest = new Visitor(shop);
      await guest.add(1);
      expect((await guest.checkout({ addressId: theirs.id, shippingAddress: undefined })).status).toBe(404);
      expect(await db().select({ id: orders.id }).from(orders)).toHaveLength(before.length);
    });

    it("keeps the order's copy of a saved address when the address is edited and deleted", async () => {
      const v = await customer();
      await add(v, US);
      const saved = await add(v, CA);
      await v.add(1);
      const res = await v.checkout({ addressId: saved.id, shippingAddress: undefined });
      expect(res.status).toBe(200);
      const { sessionId, order } = await orderBySession(res.body.url);
      expect(await payWithSandboxCard(shopDeps(shop.services), sessionId, card)).toMatchObject({
        kind: "paid",
      });
      const snapshot = {
        fullName: "Chloé Tremblay",
        line1: "24 Sussex Dr",
        line2: "Unit 2",
        city: "Ottawa",
        region: "ON",
        postalCode: "K1M 1M4",
        country: "CA",
        phone: "+1 613 555 0100",
      };
      expect(order.shippingAddress).toEqual(snapshot);

      const edited = await v.call("PUT", `/api/addresses/${saved.id}`, {
        ...CA,
        line1: "80 Wellington St",
        postalCode: "K1A 0A2",
      });
      expect(edited.status).toBe(200);
      expect((await orderBySession(res.body.url)).order.shippingAddress).toEqual(snapshot);

      expect((await v.call("DELETE", `/api/addresses/${saved.id}`)).status).toBe(200);
      const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
      expect(row?.shippingAddress).toEqual(snapshot);
      expect(row?.status).toBe("processing");
      expect(await db().select().from(addresses).where(eq(addresses.id, saved.id))).toEqual([]);
    });

    it("saves a typed address to the book when asked, once", async () => {
      const v = await customer();
      await v.add(1);
      expect((await v.checkout({ saveAddress: true })).status).toBe(200);
      await v.add(2);
      expect((await v.checkout({ saveAddress: true })).status).toBe(200);
      const rows = await book(v);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ ...TEST_ADDRESS, line2: null, phone: null, isDefault: true });
      // Without the box ticked nothing is saved.
      await v.add(3);
      expect((await v.checkout({ shippingAddress: { ...TEST_ADDRESS, line1: "9 Oak St" } })).status).toBe(
        200,
      );
      expect(await book(v)).toHaveLength(1);
    });
  });
});

describe.each(testDatabases)("address rules for a country without a list of regions on %s", (kind) => {
  let shop: TestShop;
  let v: Visitor;
  beforeAll(async () => {
    shop = await createTestShop(kind, {
      identity: headerIdentity(() => shop),
      env: { SHIP_TO_COUNTRIES: "US,CA,GB" },
    });
    await createUser(shop, "gb-customer", "gb@example.com");
    v = new Visitor(shop, "gb-customer");
  });
  afterAll(() => shop.close());
  const GB = {
    fullName: "Ada Lovelace",
    line1: "10 Downing St",
    city: "London",
    region: "",
    postalCode: "sw1a 2aa",
    country: "GB",
  };

  it("answers the countries the markets ship to (the UK's GB among them)", async () => {
    expect((await v.call("GET", "/api/addresses")).body.shipTo).toEqual([
      "US",
      "CA",
      "GB",
      "IE",
      "FR",
      "DE",
      "ES",
      "IT",
      "NL",
      "BE",
    ]);
  });

  it("takes a free-text region (or none) and a postcode of the country's pattern", async () => {
    const res = await v.call("POST", "/api/addresses", GB);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ region: "", postalCode: "SW1A 2AA", country: "GB" });
    const withRegion = await v.call("POST", "/api/addresses", { ...GB, region: "Greater London" });
    expect(withRegion.body).toMatchObject({ region: "Greater London" });
  });

  it("refuses a postcode that is not the country's, and a missing one", async () => {
    for (const [postalCode, message] of [
      ["90210", "Enter a postcode like SW1A 1AA"],
      ["", "Postcode is required"],
    ]) {
      const res = await v.call("POST", "/api/addresses", { ...GB, postalCode });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ postalCode: message });
    }
  });
});
