import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PREFERENCES } from "../../core/contracts/preferences.ts";
import { wantsPromotions } from "../../server/account/preferences.ts";
import { userPreferences } from "../../server/db/schema.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { headerIdentity, newCustomer, Visitor } from "./checkout-visitor.ts";

describe.each(testDatabases)("preferences API on %s", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
  });
  afterAll(() => shop.close());

  const customer = () => newCustomer(shop, "prefs");
  const put = (v: Visitor, body: unknown) => v.call("PUT", "/api/preferences", body);

  it("needs a signed-in customer for reading and saving", async () => {
    const guest = new Visitor(shop);
    expect((await guest.call("GET", "/api/preferences")).status).toBe(401);
    const saved = await put(guest, { display: { theme: "dark" } });
    expect(saved.status).toBe(401);
    expect(saved.body.message).toBe("Please sign in to save your preferences.");
  });

  it("starts from the defaults and keeps each change, the other settings untouched", async () => {
    const v = await customer();
    expect((await v.call("GET", "/api/preferences")).body).toEqual(DEFAULT_PREFERENCES);
    const first = await put(v, { display: { theme: "dark" } });
    expect(first.status).toBe(200);
    expect(first.body.display).toEqual({ ...DEFAULT_PREFERENCES.display, theme: "dark" });
    await put(v, { notifications: { promotions: true }, communication: { frequency: "monthly" } });
    const now = (await v.call("GET", "/api/preferences")).body;
    expect(now).toEqual({
      ...DEFAULT_PREFERENCES,
      display: { ...DEFAULT_PREFERENCES.display, theme: "dark" },
      notifications: { ...DEFAULT_PREFERENCES.notifications, promotions: true },
      communication: { ...DEFAULT_PREFERENCES.communication, frequency: "monthly" },
    });
  });

  it("keeps every customer's preferences their own", async () => {
    const a = await customer();
    const b = await customer();
    await put(a, { display: { theme: "dark" }, notifications: { promotions: true } });
    expect((await b.call("GET", "/api/preferences")).body).toEqual(DEFAULT_PREFERENCES);
    expect(await wantsPromotions(shop.services.database.db, a.userId)).toBe(true);
    expect(await wantsPromotions(shop.services.database.db, b.userId)).toBe(false);
    expect(await wantsPromotions(shop.services.database.db, null)).toBe(false);
  });

  it.each([
    ["an unknown theme", { display: { theme: "sepia" } }, "display.theme"],
    ["a setting that does not exist", { display: { fontSize: 20 } }, "display"],
    ["a group that does not exist", { colours: { accent: "red" } }, ""],
    ["a string for a switch", { notifications: { promotions: "yes" } }, "notifications.promotions"],
    ["a frequency not offered", { communication: { frequency: "hourly" } }, "communication.frequency"],
    ["a list instead of an object", [1, 2], ""],
  ])("refuses %s with a 400 naming it", async (_name, body, path) => {
    const v = await customer();
    const res = await put(v, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_input");
    expect(res.body.message).toContain(path);
    expect((await v.call("GET", "/api/preferences")).body).toEqual(DEFAULT_PREFERENCES);
  });

  it("refuses a body that is not JSON", async () => {
    const v = await customer();
    expect(
      (await v.call("PUT", "/api/preferences", "{theme", { "content-type": "application/json" })).status,
    ).toBe(400);
    expect(
      (await v.call("PUT", "/api/preferences", "theme=dark", { "content-type": "text/plain" })).status,
    ).toBe(415);
  });

  it("two changes sent at once both land", async () => {
    const v = await customer();
    await Promise.all([
      put(v, { notifications: { promotions: true } }),
      put(v, { display: { currency: "EUR" } }),
      put(v, { privacy: { profilePublic: true } }),
    ]);
    const now = (await v.call("GET", "/api/preferences")).body;
    expect(now.notifications.promotions).toBe(true);
    expect(now.display.currency).toBe("EUR");
    expect(now.privacy.profilePublic).toBe(true);
  });

  it("reads an older stored row setting by setting, dropping what is no longer valid", async () => {
    const v = await customer();
    await shop.services.database.db.insert(userPreferences).values({
      userId: v.userId as string,
      preferences: { display: { theme: "dark", language: "de" }, notifications: { email: false } },
    });
    const now = (await v.call("GET", "/api/preferences")).body;
    expect(now.display).toEqual({ ...DEFAULT_PREFERENCES.display, theme: "dark" });
    expect(now.notifications).toEqual({ ...DEFAULT_PREFERENCES.notifications, email: false });
  });
});
