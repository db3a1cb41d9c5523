import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUserRole } from "../../server/admin/promote.ts";
import { adminAudit, shopSettings } from "../../server/db/schema.ts";
import { enabledMarkets, shipToCountries } from "../../server/markets/markets.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { Browser, uniqueEmail } from "./auth-helpers.ts";

/** The dashboard's markets (decision 051): /api/admin/markets, enabledMarkets and shipToCountries. */
describe.each(testDatabases)("the dashboard's markets on %s", (kind) => {
  let shop: TestShop;
  const people: Record<"customer" | "staff" | "admin", Browser> = {} as never;
  const put = (who: Browser, body: unknown) => who.call("PUT", "/api/admin/markets", body);
  const db = () => shop.services.database.db;

  beforeAll(async () => {
    shop = await createTestShop(kind, { auth: true, env: { SHIP_TO_COUNTRIES: "US,CA,MX" } });
    for (const who of ["customer", "staff", "admin"] as const) {
      const browser = new Browser(shop);
      const email = uniqueEmail(who);
      expect((await browser.signUp(email, "correct horse 7", who)).status).toBe(200);
      people[who] = browser;
      if (who !== "customer") await setUserRole(db(), email, who, "command line");
    }
  });
  afterAll(() => shop.close());

  it("all four markets until the owner chooses, the EU with IE, FR, DE, ES, IT, NL, BE", async () => {
    expect((await enabledMarkets(db())).map((m) => m.id)).toEqual(["us", "ca", "uk", "eu"]);
    const res = await people.admin.call("GET", "/api/admin/markets");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      settings: {
        enabled: ["us", "ca", "uk", "eu"],
        euCountries: ["IE", "FR", "DE", "ES", "IT", "NL", "BE"],
      },
      shipTo: ["US", "CA", "GB", "IE", "FR", "DE", "ES", "IT", "NL", "BE", "MX"],
      alsoShipsTo: ["MX"],
    });
  });

  it("the admin only: 401 signed out, 403 for a customer and for staff, the path is exact", async () => {
    const body = { enabled: ["us"], euCountries: [] };
    const anonymous = new Browser(shop);
    expect((await anonymous.call("GET", "/api/admin/markets")).status).toBe(401);
    expect((await put(anonymous, body)).status).toBe(401);
    for (const who of [people.customer, people.staff]) {
      expect((await who.call("GET", "/api/admin/markets")).status).toBe(403);
      expect(await put(who, body)).toMatchObject({ status: 403, body: { code: "forbidden" } });
    }
    for (const who of [anonymous, people.customer, people.admin]) {
      expect((await who.call("GET", "/API/ADMIN/MARKETS")).status).not.toBe(200);
      expect((await who.call("PUT", "/api/admin/MARKETS", body)).status).toBe(404);
    }
    expect(await db().select().from(shopSettings).where(eq(shopSettings.key, "markets"))).toEqual([]);
  });

  // The EU's countries are kept in core/markets.ts's order, whatever order they are sent in.
  it("saves the owner's choice with an audit row; shipToCountries follows it", async () => {
    const res = await put(people.admin, { enabled: ["us", "ca", "eu"], euCountries: ["FR", "IE", "AT"] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      changed: true,
      settings: { enabled: ["us", "ca", "eu"], euCountries: ["IE", "FR", "AT"] },
      shipTo: ["US", "CA", "IE", "FR", "AT", "MX"],
    });
    expect((await enabledMarkets(db())).map((m) => [m.id, m.countries])).toEqual([
      ["us", ["US"]],
      ["ca", ["CA"]],
      ["eu", ["IE", "FR", "AT"]],
    ]);
    expect(await shipToCountries(db(), shop.services.env)).toEqual(["US", "CA", "IE", "FR", "AT", "MX"]);
    // The catalogue's copy, which the checkout reads, was dropped by the save's announcement.
    expect(await shipToCountries(shop.services.catalogue, shop.services.env)).toEqual([
      "US",
      "CA",
      "IE",
      "FR",
      "AT",
      "MX",
    ]);
    const audit = await db()
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.targetType, "shop-settings"), eq(adminAudit.targetId, "markets")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "markets-updated",
      before: { enabled: ["us", "ca", "uk", "eu"] },
      after: { enabled: ["us", "ca", "eu"], euCountries: ["IE", "FR", "AT"] },
    });
    // The same choice again: nothing changes, no second row.
    const again = await put(people.admin, { enabled: ["eu", "ca", "us"], euCountries: ["AT", "FR", "IE"] });
    expect(again.body.changed).toBe(false);
    // Only Canada: the EU's countries are kept for when it is turned on again.
    const canada = await put(people.admin, { enabled: ["ca"], euCountries: ["IE", "FR", "AT"] });
    expect(canada.body.shipTo).toEqual(["CA", "MX"]);
    expect(await shipToCountries(db(), shop.services.env)).toEqual(["CA", "MX"]);
    expect(await shipToCountries(shop.services.catalogue, shop.services.env)).toEqual(["CA", "MX"]);
  });

  it("refuses a choice that cannot be, with a 400 that says why", async () => {
    const cases: [unknown, string][] = [
      [{ enabled: [], euCountries: [] }, "Enable at least one market"],
      [{ enabled: ["eu"], euCountries: [] }, "Choose at least one country for the European Union market"],
      [{ enabled: ["mx"], euCountries: [] }, "market ids: us, ca, uk, eu"],
      [{ enabled: ["US"], euCountries: [] }, "market ids: us, ca, uk, eu"],
      [{ enabled: ["eu"], euCountries: ["GB"] }, "euCountries lists two-letter codes of the EU countries"],
      [{ enabled: ["eu"], euCountries: ["fr"] }, "euCountries lists two-letter codes of the EU countries"],
      [{ enabled: "us", euCountries: [] }, "enabled must be a list"],
      [{ enabled: ["us"] }, "euCountries"],
      [{ enabled: ["us"], euCountries: [], shipTo: ["MX"] }, "shipTo"],
    ];
    for (const [body, message] of cases) {
      const res = await put(people.admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toContain(message);
    }
    expect((await enabledMarkets(db())).map((m) => m.id)).toEqual(["ca"]);
  });
});
