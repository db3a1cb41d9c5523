import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small local HTTP server standing in for Stripe's API (the official client is pointed at it with its
 * host/port/protocol settings). It speaks just enough: coupons, checkout sessions (with idempotency keys,
 * as Stripe does), subscriptions to read back, and faults on demand (500, connection reset, hang).
 */

type Params = Record<string, unknown>;
export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  params: Params;
}
export type Fault = "500" | "reset" | "hang";

/** Decodes Stripe's form encoding (`line_items[0][price_data][unit_amount]=3000`) into nested objects. */
export function decodeForm(body: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else {
        if (!node[part]) node[part] = {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

const list = (v: unknown): Params[] => (v && typeof v === "object" ? (Object.values(v) as Params[]) : []);

export class StripeStandIn {
  readonly requests: RecordedRequest[] = [];
  readonly sessions = new Map<string, Params>();
  readonly subscriptions = new Map<string, Params>();
  private readonly idempotent = new Map<string, string>();
  private readonly coupons = new Map<string, number>();
  /** Customers created for orders, by id: what the shop sent as e-mail, name and shipping. */
  readonly customers = new Map<string, Record<string, unknown>>();
  private readonly hanging = new Set<() => void>();
  faults: Fault[] = [];
  private server: Server | null = null;
  port = 0;

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    for (const release of this.hanging) release();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** Env for createTestShop: the stripe provider, talking to this stand-in. */
  env(webhookSecret: string): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: "sk_test_standin",
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_HOST: "127.0.0.1",
      STRIPE_API_PORT: String(this.port),
      STRIPE_API_PROTOCOL: "http",
    };
  }

  sessionRequests() {
    return this.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions");
  }

  /** Sets what GET /v1/subscriptions/{id} answers, in Stripe's shape. */
  setSubscription(
    id: string,
    status: string,
    currentPeriodEnd = Math.floor(Date.now() / 1000) + 30 * 86_400,
  ) {
    this.subscriptions.set(id, {
      id,
      object: "subscription",
      status,
      pause_collection: null,
      items: { object: "list", data: [{ id: `si_${id}`, current_period_end: currentPeriodEnd }] },
    });
  }

  private async handle(req: IncomingMessage, res: import("node:http").ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://stand-in");
    const key = req.headers["idempotency-key"] as string | undefined;
    const params = req.method === "POST" ? decodeForm(body) : Object.fromEntries(url.searchParams);
    this.requests.push({ method: req.method ?? "", path: url.pathname, idempotencyKey: key, params });

    const fault = this.faults.shift();
    if (fault === "reset") return req.socket.destroy();
    if (fault === "hang") return void new Promise<void>((r) => this.hanging.add(r));
    const send = (status: number, payload: unknown) => {
      const text = JSON.stringify(payload);
      res.writeHead(status, {
        "content-type": "application/json",
        "request-id": `req_${randomBytes(6).toString("hex")}`,
      });
      res.end(text);
    };
    if (fault === "500") return send(500, { error: { type: "api_error", message: "Stand-in failure" } });

    const idemKey = key ? `${req.method} ${url.pathname} ${key}` : null;
    if (idemKey && this.idempotent.has(idemKey))
      return send(200, JSON.parse(this.idempotent.get(idemKey) as string));
    const remember = (payload: unknown) => {
      if (idemKey) this.idempotent.set(idemKey, JSON.stringify(payload));
      send(200, payload);
    };

    if (req.method === "POST" && url.pathname === "/v1/coupons") {
      const id = `coupon_${randomBytes(6).toString("hex")}`;
      this.coupons.set(id, Number(params.amount_off));
      return remember({
        id,
        object: "coupon",
        amount_off: Number(params.amount_off),
        currency: params.currency,
        duration: params.duration,
      });
    }
    if (req.method === "POST" && url.pathname === "/v1/customers") {
      const id = `cus_test_${randomBytes(8).toString("hex")}`;
      const customer = {
        id,
        object: "customer",
        email: params.email,
        name: params.name,
        shipping: params.shipping,
      };
      this.customers.set(id, customer);
      return remember(customer);
    }
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const id = `cs_test_${randomBytes(16).toString("hex")}`;
      const items = list(params.line_items);
      const gross = items.reduce((sum, li) => {
        const price = li.price_data as Params;
        return sum + Number(price.unit_amount) * Number(li.quantity);
      }, 0);
      const off = list(params.discounts).reduce(
        (sum, d) => sum + (this.coupons.get(String(d.coupon)) ?? 0),
        0,
      );
      const session = {
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.test/c/pay/${id}`,
        mode: params.mode,
        customer: params.customer ?? null,
        customer_email: params.customer_email ?? this.customers.get(String(params.customer))?.email ?? null,
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        metadata: params.metadata ?? {},
        client_reference_id: params.client_reference_id ?? null,
        amount_total: gross - off,
        currency: (items[0]?.price_data as Params | undefined)?.currency ?? "usd",
        payment_status: "unpaid",
        status: "open",
      };
      this.sessions.set(id, session);
      return remember(session);
    }
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && sub) {
      const found = this.subscriptions.get(decodeURIComponent(sub[1] as string));
      if (found) return send(200, found);
      return send(404, { error: { type: "invalid_request_error", message: "No such subscription" } });
    }
    send(404, {
      error: {
        type: "invalid_request_error",
        message: `Unrecognized request URL (${req.method}: ${url.pathname})`,
      },
    });
  }
}
