import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../app/context.server.ts";
import { action as accountAction } from "../../app/routes/account.server.ts";
import { action as preferencesAction } from "../../app/routes/preferences.server.ts";
import { addresses, subscriptions } from "../../server/db/schema.ts";
import { shopDeps } from "../../server/deps.ts";
import { payWithSandboxCard } from "../../server/payments/sandbox-checkout.ts";
import { createTestShop, type TestShop, testDatabases } from "../support/test-app.ts";
import { createUser, headerIdentity, TEST_ADDRESS, Visitor } from "./checkout-visitor.ts";

// The account and preferences pages write through their route actions (docs/decisions/034): the same
// rules as the /api routes, checked here as an attacker would try them, without a browser.
const ORIGIN = "http://localhost";
type Answer = { status: number; body: unknown; location?: string | null };

describe.each(testDatabases)("the account and preferences pages' actions on %s", (kind) => {
  let shop: TestShop;
  const db = () => shop.services.database.db;
  beforeAll(async () => {
    shop = await createTestShop(kind, { identity: headerIdentity(() => shop) });
    for (const name of ["ana", "ben"]) await createUser(shop, name, `${name}@example.com`);
  });
  afterAll(() => shop.close());

  /** Posts `body` as JSON to a page's action as `userId` (nobody when null), from the shop's own origin. */
  async function post(
    page: "account" | "preferences",
    userId: string | null,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const context = new RouterContextProvider();
    context.set(appContext, shop.services);
    const request = new Request(`${ORIGIN}/${page}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: ORIGIN,
        ...(userId ? { "x-test-user": userId } : {}),
        ...headers,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    const run = page === "account" ? accountAction : preferencesAction;
    try {
      const answer = (await run({ context, request, params: {} } as never)) as {
        data: unknown;
        init?: { status?: number } | null;
      };
      return { status: answer.init?.status ?? 200, body: answer.data };
    } catch (thrown) {
      if (thrown instanceof Response) {
        return { status: thrown.status, body: null, location: thrown.headers.get("location") };
      }
      const refused = thrown as { data?: unknown; init?: { status?: number } };
      if (refused.init?.status) return { status: refused.init.status, body: refused.data };
      throw thrown;
    }
  }

  const address = (fullName: string) => ({ ...TEST_ADDRESS, fullName });
  const bookOf = (userId: string) => db().select().from(addresses).where(eq(addresses.userId, userId));

  it("signed out: the account action sends the visitor to sign in, the preferences action answers 401", async () => {
    const account = await post("account", null, { intent: "address-delete", id: crypto.randomUUID() });
    expect(account).toMatchObject({ status: 302, location: "/auth" });
    const preferences = await post("preferences", null, { display: { theme: "dark" } });
    expect(preferences).toMatchObject({
      status: 401,
      body: {
        ok: false,
        error: { code: "unauthorized", message: "Please sign in to save your preferences." },
      },
    });
  });

  it("a post from another site is refused before anything is read", async () => {
    for (const page of ["account", "preferences"] as const) {
      const forged = await post(
        page,
        "ana",
        { display: { theme: "dark" } },
        { origin: "https://evil.example" },
      );
      expect(forged.status, page).toBe(403);
    }
  });

  it("another customer's address is not found, and stays as it was", async () => {
    const saved = await post("account", "ana", {
      intent: "address-save",
      id: null,
      address: address("Ana Home"),
      makeDefault: false,
    });
    expect(saved.status).toBe(200);
    const [anas] = await bookOf("ana");
    if (!anas) throw new Error("no address saved");
    for (const attempt of [
      { intent: "address-save", id: anas.id, address: address("Ben Was Here"), makeDefault: true },
      { intent: "address-default", id: anas.id },
      { intent: "address-delete", id: anas.id },
    ]) {
      const refused = await post("account", "ben", attempt);
      expect(refused, attempt.intent).toMatchObject({
        status: 404,
        body: { ok: false, error: { message: "Address not found." } },
      });
    }
    expect(await bookOf("ana")).toEqual([anas]);
    expect(await bookOf("ben")).toEqual([]);
  });

  it("another customer's subscription is not found, for a change, its preview and the card", async () => {
    const ana = new Visitor(shop, "ana");
    expect((await ana.add(1, 1, true)).status).toBe(201);
    const { body } = await ana.checkout({ email: "ana@example.com" });
    const sessionId = new URL(body.url).pathname.split("/").pop() as string;
    await payWithSandboxCard(shopDeps(shop.services), sessionId, {
      cardNumber: "4242424242424242",
      expiry: "12/40",
      cvc: "123",
      name: "Ana",
    });
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, "ana"));
    if (!sub) throw new Error("no subscription");
    for (const attempt of [
      { intent: "subscription", id: sub.id, action: "cancel", body: {} },
      { intent: "subscription", id: sub.id, action: "pause", body: { months: 1 } },
      { intent: "subscription-preview", id: sub.id, action: "quantity", body: { quantity: 3 } },
      { intent: "card", id: sub.id },
      { intent: "subscription", id: "not-a-uuid", action: "cancel", body: {} },
    ]) {
      const refused = await post("account", "ben", attempt);
      expect(refused, `${attempt.intent} ${"action" in attempt ? attempt.action : ""}`).toMatchObject({
        status: 404,
        body: { ok: false, error: { message: "Subscription not found." } },
      });
    }
    const [after] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(after).toEqual(sub);
  });

  it("bad input is a 400 with a clear message, never a 500", async () => {
    for (const [page, body] of [
      ["account", "{not json"],
      ["account", { intent: "nonsense" }],
      ["account", { intent: "bookmark-remove", articleId: "1; drop table" }],
      ["account", { intent: "profile", displayName: "x".repeat(500), phoneNumber: "" }],
      // PostgreSQL text cannot hold U+0000: refused as the /api refuses it, never a database error.
      ["account", { intent: "profile", displayName: "Ana\u0000", phoneNumber: "" }],
      [
        "account",
        {
          intent: "address-save",
          id: null,
          address: { ...TEST_ADDRESS, line1: "1 Main\u0000 St" },
          makeDefault: false,
        },
      ],
      ["preferences", "{not json"],
      ["preferences", { display: { theme: "neon" } }],
      ["preferences", { display: { fontSize: 12 } }],
      ["preferences", [1, 2, 3]],
    ] as const) {
      const refused = await post(page, "ana", body);
      expect(refused.status, `${page} ${JSON.stringify(body)}`).toBe(400);
      expect((refused.body as { error: { message: string } }).error.message).toMatch(/\w/);
    }
  });

  it("two addresses posted at once when one place is left: one is saved, the other refused, 20 kept", async () => {
    for (let i = (await bookOf("ben")).length; i < 19; i++) {
      expect(
        (
          await post("account", "ben", {
            intent: "address-save",
            id: null,
            address: address(`Ben ${i}`),
            makeDefault: false,
          })
        ).status,
      ).toBe(200);
    }
    const both = await Promise.all(
      ["Ben Last A", "Ben Last B"].map((fullName) =>
        post("account", "ben", {
          intent: "address-save",
          id: null,
          address: address(fullName),
          makeDefault: true,
        }),
      ),
    );
    expect(both.map((a) => a.status).sort()).toEqual([200, 409]);
    const book = await bookOf("ben");
    expect(book).toHaveLength(20);
    expect(book.filter((a) => a.isDefault)).toHaveLength(1);
  });

  it("a preference change is saved and answered with the whole set; a guest's never reaches the account", async () => {
    const saved = await post("preferences", "ana", {
      display: { theme: "dark" },
      notifications: { promotions: true },
    });
    expect(saved).toMatchObject({
      status: 200,
      body: {
        ok: true,
        preferences: {
          display: { theme: "dark", language: "en", currency: "USD" },
          notifications: { promotions: true, email: true },
        },
      },
    });
    const [again, other] = await Promise.all([
      post("preferences", "ana", { communication: { frequency: "never" } }),
      post("preferences", "ana", { privacy: { shareAnalytics: false } }),
    ]);
    expect([again.status, other.status]).toEqual([200, 200]);
    const now = await post("preferences", "ana", {});
    // Two changes at once both kept: each writes its own settings over the saved set.
    expect(now.body).toMatchObject({
      preferences: {
        display: { theme: "dark" },
        communication: { frequency: "never" },
        privacy: { shareAnalytics: false },
      },
    });
    const bens = await post("preferences", "ben", {});
    expect(bens.body).toMatchObject({ preferences: { display: { theme: "light" } } });
  });
});
