import type { Identity } from "../../server/context.ts";
import { user } from "../../server/db/schema.ts";
import type { TestShop } from "../support/test-app.ts";
import { testIdentity } from "../support/test-identity.ts";

/** A valid address in the default ship-to countries, for checkouts that are not about the address. */
export const TEST_ADDRESS = {
  fullName: "Sam Shopper",
  line1: "1 Main St",
  line2: "",
  city: "Springfield",
  region: "IL",
  postalCode: "62701",
  country: "US",
  phone: "",
};

/** An address in Toronto (the Canadian market, CAD; HST 13%: content/tax-rates.json). */
export const ONTARIO = {
  ...TEST_ADDRESS,
  line1: "200 King St W",
  city: "Toronto",
  region: "ON",
  postalCode: "M5V 2T6",
  country: "CA",
};

/** An address in Paris (the EU market, EUR; VAT included in prices). */
export const PARIS = {
  ...TEST_ADDRESS,
  line1: "10 Rue de Rivoli",
  city: "Paris",
  region: "",
  postalCode: "75001",
  country: "FR",
};

/** A visitor with their own cookie jar (and optionally a signed-in user), talking to the in-process app. */
export class Visitor {
  cookie = "";
  userId: string | null = null;
  private shop: TestShop;
  constructor(shop: TestShop, userId: string | null = null) {
    this.shop = shop;
    this.userId = userId;
  }
  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await this.shop.app.request(path, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(this.userId ? { "x-test-user": this.userId } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const set = res.headers.get("set-cookie");
    if (set) this.cookie = set.split(";")[0] ?? "";
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    // biome-ignore lint/suspicious/noExplicitAny: test responses are asserted field by field
    return { status: res.status, body: parsed as any, headers: res.headers };
  }
  add(productId: number, quantity = 1, isSubscription = false, bundleId?: string) {
    return this.call("POST", "/api/cart", {
      productId,
      quantity,
      isSubscription,
      ...(bundleId ? { bundleId } : {}),
    });
  }
  async cartItems() {
    const { body } = await this.call("GET", "/api/cart");
    return (
      body as { productId: number; quantity: number; isSubscription: boolean; bundleId: string | null }[]
    ).map((i) => ({
      productId: i.productId,
      quantity: i.quantity,
      isSubscription: i.isSubscription,
      bundleId: i.bundleId,
    }));
  }
  async checkout(extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    return this.call(
      "POST",
      "/api/checkout/create-session",
      {
        email: "guest@example.com",
        userId: null,
        cartItems: await this.cartItems(),
        shippingAddress: TEST_ADDRESS,
        // The box agreeing to a subscription's automatic renewal, ticked (ignored without one; decision 042).
        acceptRenewal: true,
        ...extra,
      },
      headers,
    );
  }
}

/** Stands in for the identity provider: the user whose id is in the x-test-user header, if that user exists. */
export function headerIdentity(shop: () => TestShop): Identity {
  return testIdentity(
    () => shop().services.database.db,
    (headers) => headers.get("x-test-user"),
  );
}

export async function createUser(shop: TestShop, id: string, email: string) {
  await shop.services.database.db.insert(user).values({ id, email, name: id, emailVerified: true });
}

/** A new signed-in customer, `<prefix>-<n>@example.com`, unique within the test run. */
let customers = 0;
export async function newCustomer(shop: TestShop, prefix: string): Promise<Visitor> {
  const id = `${prefix}-${++customers}-${process.pid}`;
  await createUser(shop, id, `${id}@example.com`);
  return new Visitor(shop, id);
}
