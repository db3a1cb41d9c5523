import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small local HTTP server standing in for Stripe's API (the official client is pointed at it with its
 * host/port/protocol settings). It speaks just enough: coupons, customers, checkout sessions (with
 * idempotency keys, as Stripe does), products, tax rates (created, listed, read), subscriptions (created,
 * updated and cancelled as Stripe Billing keeps them, with their default tax rates), the renewal invoice
 * Stripe would bill (`renewalInvoice`), open invoices paid again, billing portal sessions, and faults on demand (500,
 * connection reset, hang). A session created with `shipping_address_collection` holds the address the
 * shopper "typed on Stripe's page" once a test calls collectShipping, as Stripe's API reports it
 * (`collected_information.shipping_details`, `customer_details.phone`).
 *
 * A session created with `automatic_tax[enabled]=true` is taxed as Stripe Tax would tax it, from a small
 * fixed table (STAND_IN_TAX_RATES) at the customer's shipping address, or the address collected on the page
 * once collectShipping gives one: `automatic_tax`, `total_details.amount_tax` and `amount_total` change as
 * Stripe's do, and `total_details.breakdown.taxes` (one per rate: amount, rate's display_name, percentage,
 * inclusive) is answered only when a read expands it, as Stripe's events leave it out.
 */

/**
 * The stand-in's Stripe Tax: rates by country and region ("CA-ON", or "GB" for the whole country). Each
 * rate is worked out on the session's amount after its coupon (shipping included), rounded half-up; an
 * inclusive rate is the part of that amount it contains.
 */
export const STAND_IN_TAX_RATES: Record<
  string,
  { display_name: string; percentage: number; inclusive: boolean }[]
> = {
  "CA-ON": [{ display_name: "HST", percentage: 13, inclusive: false }],
  "CA-QC": [
    { display_name: "GST", percentage: 5, inclusive: false },
    { display_name: "QST", percentage: 9.975, inclusive: false },
  ],
  "CA-BC": [
    { display_name: "GST", percentage: 5, inclusive: false },
    { display_name: "PST", percentage: 7, inclusive: false },
  ],
  "US-WA": [{ display_name: "Sales Tax", percentage: 6.5, inclusive: false }],
  GB: [{ display_name: "VAT", percentage: 20, inclusive: true }],
};

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
  /** Coupons as created, by id: what a subscription's discounts point to. */
  readonly couponObjects = new Map<string, Params>();
  /** Customers created for orders, by id: what the shop sent as e-mail, name and shipping. */
  readonly customers = new Map<string, Params>();
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

  /** Products created by the shop, by id. */
  readonly products = new Map<string, Params>();
  /**
   * Saved cards by payment method id; each paid session saved one (Visa 4242 unless set otherwise). Like
   * Stripe, the same card number has the same `fingerprint` (here: brand and last four).
   */
  readonly methods = new Map<string, Params>();
  /** Invoices paid through POST /v1/invoices/{id}/pay are declined while this is true. */
  declinePayments = false;

  /** The card a session's payment saved. */
  cardOf(sessionId: string, card = { brand: "visa", last4: "4242" }): Params {
    const id = `pm_${sessionId.slice(-12)}`;
    const fingerprint = `fp_${card.brand}_${card.last4}`;
    if (!this.methods.has(id))
      this.methods.set(id, { id, object: "payment_method", type: "card", card: { ...card, fingerprint } });
    return this.methods.get(id) as Params;
  }

  /** The customer replaced their card on the billing portal. */
  replaceCard(customerId: string, card: { brand: string; last4: string }) {
    const id = `pm_${randomBytes(6).toString("hex")}`;
    this.methods.set(id, { id, object: "payment_method", type: "card", card });
    const customer = this.customers.get(customerId);
    if (customer) customer.invoice_settings = { default_payment_method: id };
  }

  /** Each taxed session's tax breakdown (Stripe's `total_details.breakdown`), answered only when expanded. */
  readonly taxBreakdowns = new Map<string, Params>();

  /**
   * Stripe Tax on a session with `automatic_tax` enabled: its taxes at `address` (none where the table has
   * none), what they add to `amount_total`, and the breakdown kept for reads that expand it.
   */
  private taxSession(session: Params, address: Params | null) {
    if (!(session.automatic_tax as Params | null)?.enabled) return;
    const country = String(address?.country ?? "").toUpperCase();
    const region = String(address?.state ?? "").toUpperCase();
    const rates = address
      ? (STAND_IN_TAX_RATES[`${country}-${region}`] ?? STAND_IN_TAX_RATES[country] ?? [])
      : [];
    const base = Number(session.amount_subtotal) - Number((session.total_details as Params).amount_discount);
    const taxes = rates.map((rate) => ({
      amount: rate.inclusive
        ? Math.round((base * rate.percentage) / (100 + rate.percentage))
        : Math.round((base * rate.percentage) / 100),
      rate: {
        id: `txr_${randomBytes(6).toString("hex")}`,
        object: "tax_rate",
        active: true,
        country,
        state: region || null,
        display_name: rate.display_name,
        percentage: rate.percentage,
        effective_percentage: rate.percentage,
        inclusive: rate.inclusive,
        jurisdiction: region || country,
        tax_type: rate.display_name.toLowerCase().replace(/ /g, "_"),
      },
      taxability_reason: "standard_rated",
      taxable_amount: base,
    }));
    const amountTax = taxes.reduce((sum, t) => sum + t.amount, 0);
    const added = taxes.filter((t) => !t.rate.inclusive).reduce((sum, t) => sum + t.amount, 0);
    session.automatic_tax = {
      enabled: true,
      liability: { type: "self" },
      provider: "stripe",
      status: address ? "complete" : "requires_location_inputs",
    };
    (session.total_details as Params).amount_tax = amountTax;
    session.amount_total = base + added;
    this.taxBreakdowns.set(String(session.id), { discounts: [], taxes });
  }

  /** The shopper filled in Stripe's shipping address form (and phone) on the session's page. */
  collectShipping(
    sessionId: string,
    shippingDetails: { name: string; address: Record<string, string | null> },
    phone: string | null = null,
  ) {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (!session.shipping_address_collection) throw new Error(`session ${sessionId} collects no address`);
    // Stripe's form offers only the allowed countries; a test may still claim another to see it refused.
    session.collected_information = {
      business_name: null,
      individual_name: null,
      shipping_details: shippingDetails,
    };
    session.customer_details = {
      email: session.customer_email,
      name: shippingDetails.name,
      phone,
      address: shippingDetails.address,
    };
    // Stripe Tax follows the address collected on the page.
    this.taxSession(session, shippingDetails.address as Params);
  }

  /** Tax rates created by the shop, by id, as Stripe keeps them. */
  readonly taxRates = new Map<string, Params>();

  /** A subscription's default tax rates, as objects (empty: none). */
  taxRatesOf(subscriptionId: string): Params[] {
    const found = this.subscriptions.get(subscriptionId);
    return ((found?.default_tax_rates ?? []) as Params[]).map((r) => r);
  }

  /**
   * The rates Stripe Tax applies to a subscription with `automatic_tax` enabled: STAND_IN_TAX_RATES at its
   * customer's shipping address, each a tax rate object of Stripe's own (no metadata of the shop's).
   */
  private automaticRates(found: Params): Params[] {
    const customer = this.customers.get(String(found.customer));
    const address = ((customer?.shipping as Params | undefined)?.address ?? null) as Params | null;
    const country = String(address?.country ?? "").toUpperCase();
    const region = String(address?.state ?? "").toUpperCase();
    const rates = STAND_IN_TAX_RATES[`${country}-${region}`] ?? STAND_IN_TAX_RATES[country] ?? [];
    return rates.map((rate) => {
      const made: Params = {
        id: `txr_${randomBytes(6).toString("hex")}`,
        object: "tax_rate",
        active: true,
        country,
        state: region || null,
        display_name: rate.display_name,
        percentage: rate.percentage,
        inclusive: rate.inclusive,
        metadata: {},
      };
      this.taxRates.set(String(made.id), made);
      return made;
    });
  }

  /**
   * The invoice Stripe Billing bills a subscription's renewal with, as its `invoice.paid` event carries it:
   * the item's price less its coupons, each tax rate's amount (an exclusive one on the discounted amount, an
   * inclusive one the part of it the price contains; each rounded half up), and the total. The rates are the
   * subscription's default tax rates, or Stripe Tax's at the customer's address when it has automatic tax.
   */
  renewalInvoice(subscriptionId: string, periodStart: number): Params {
    const found = this.subscriptions.get(subscriptionId);
    if (!found) throw new Error(`no subscription ${subscriptionId}`);
    const item = (found.items as { data: Params[] }).data[0] as Params;
    const price = item.price as Params;
    const subtotal = Number(price.unit_amount) * Number(item.quantity ?? 1);
    const off = ((found.discounts ?? []) as Params[]).reduce(
      (sum, d) => sum + Number((d.coupon as Params).amount_off ?? 0),
      0,
    );
    const taxable = Math.max(0, subtotal - off);
    const rates = (found.automatic_tax as Params | undefined)?.enabled
      ? this.automaticRates(found)
      : this.taxRatesOf(subscriptionId);
    const inclusivePct = rates.filter((r) => r.inclusive).reduce((sum, r) => sum + Number(r.percentage), 0);
    // Percentages in ten-thousandths of a percent, so 9.975% is exact.
    const units = (pct: unknown) => Math.round(Number(pct) * 10_000);
    const totalTaxes = rates.map((r) => {
      const amount = r.inclusive
        ? Math.floor(
            (2 * taxable * units(r.percentage) + (1_000_000 + units(inclusivePct))) /
              (2 * (1_000_000 + units(inclusivePct))),
          )
        : Math.floor((2 * taxable * units(r.percentage) + 1_000_000) / 2_000_000);
      return {
        amount,
        tax_behavior: r.inclusive ? "inclusive" : "exclusive",
        tax_rate_details: { tax_rate: r.id },
        taxability_reason: "standard_rated",
        taxable_amount: taxable,
        type: "tax_rate_details",
      };
    });
    const added = totalTaxes
      .filter((t) => t.tax_behavior === "exclusive")
      .reduce((sum, t) => sum + t.amount, 0);
    return {
      id: `in_${randomBytes(6).toString("hex")}`,
      object: "invoice",
      billing_reason: "subscription_cycle",
      currency: price.currency,
      subtotal,
      total: taxable + added,
      amount_paid: taxable + added,
      total_taxes: totalTaxes,
      lines: { data: [{ period: { start: periodStart } }] },
      parent: { subscription_details: { subscription: subscriptionId, metadata: found.metadata ?? {} } },
    };
  }

  /** A renewal Stripe could not charge: the subscription past due with an open invoice. */
  failRenewal(subscriptionId: string) {
    const found = this.subscriptions.get(subscriptionId);
    if (!found) throw new Error(`no subscription ${subscriptionId}`);
    found.status = "past_due";
    found.latest_invoice = { id: `in_${randomBytes(6).toString("hex")}`, object: "invoice", status: "open" };
  }

  private item(id: string, price: Params, periodEnd: number): Params {
    return {
      id,
      object: "subscription_item",
      quantity: 1,
      current_period_end: periodEnd,
      price: {
        object: "price",
        currency: price.currency,
        product: price.product,
        unit_amount: Number(price.unit_amount),
        recurring: {
          interval: (price.recurring as Params).interval,
          interval_count: Number((price.recurring as Params).interval_count ?? 1),
        },
      },
    };
  }

  /** What Stripe does with the updates the shop sends (the parts it sends). */
  private applyUpdate(found: Params, params: Params) {
    const items = (found.items as { data: Params[] }).data;
    if (params.trial_end !== undefined) {
      found.trial_end = Number(params.trial_end);
      found.status = "trialing";
      for (const i of items) i.current_period_end = Number(params.trial_end);
    }
    if (params.pause_collection !== undefined)
      found.pause_collection =
        params.pause_collection === ""
          ? null
          : {
              behavior: (params.pause_collection as Params).behavior,
              resumes_at: Number((params.pause_collection as Params).resumes_at ?? 0) || null,
            };
    if (params.cancel_at_period_end !== undefined) {
      found.cancel_at_period_end = params.cancel_at_period_end === "true";
      found.cancel_at = found.cancel_at_period_end ? items[0]?.current_period_end : null;
    }
    const change = list(params.items)[0];
    if (change?.price_data) {
      const i = items.findIndex((x) => x.id === change.id);
      if (i >= 0)
        items[i] = this.item(
          String(change.id),
          change.price_data as Params,
          Number(items[i]?.current_period_end),
        );
    }
    if (params.discounts !== undefined) found.discounts = this.discountsOf(params.discounts);
    if (params.default_tax_rates !== undefined)
      found.default_tax_rates = this.taxRatesFor(params.default_tax_rates);
  }

  /** Tax rates by the ids the shop sent ("" clears them), as a subscription keeps them. */
  private taxRatesFor(ids: unknown): Params[] {
    return list(ids).map((id) => this.taxRates.get(String(id)) ?? { id });
  }

  /** A subscription's discounts as Stripe keeps them: one per coupon it was given ("" clears them). */
  private discountsOf(discounts: unknown): Params[] {
    return list(discounts).map((d) => ({
      object: "discount",
      coupon: this.couponObjects.get(String(d.coupon)) ?? { id: d.coupon },
    }));
  }

  /** Payment intents the stand-in took (id -> amount), which refunds are made against. */
  readonly payments = new Map<string, number>();
  readonly refunds: Params[] = [];

  refundsOf(paymentIntent: string): Params[] {
    return this.refunds.filter((r) => r.payment_intent === paymentIntent);
  }

  /** A refund as Stripe holds it (also one made "in Stripe's dashboard" by a test). */
  addRefund(paymentIntent: string, amount: number, metadata: Params = {}, status = "succeeded"): Params {
    const refund = {
      id: `re_${randomBytes(8).toString("hex")}`,
      object: "refund",
      amount,
      payment_intent: paymentIntent,
      status,
      metadata,
    };
    this.refunds.push(refund);
    return refund;
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
      const coupon = {
        id,
        object: "coupon",
        amount_off: Number(params.amount_off),
        currency: params.currency,
        duration: params.duration,
        duration_in_months: params.duration_in_months ? Number(params.duration_in_months) : null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
      };
      this.couponObjects.set(id, coupon);
      return remember(coupon);
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
      const session: Params = {
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
        amount_subtotal: gross,
        amount_total: gross - off,
        total_details: { amount_discount: off, amount_shipping: 0, amount_tax: 0 },
        automatic_tax: {
          enabled: (params.automatic_tax as Params | undefined)?.enabled === "true",
          liability: null,
          provider: null,
          status: null,
        },
        currency: (items[0]?.price_data as Params | undefined)?.currency ?? "usd",
        payment_status: "unpaid",
        status: "open",
        shipping_address_collection: params.shipping_address_collection ?? null,
        collected_information: null,
        customer_details: null,
      };
      // Stripe Tax works from the customer's shipping address until the page collects one.
      const customerShipping = this.customers.get(String(params.customer))?.shipping as Params | undefined;
      this.taxSession(
        session,
        params.shipping_address_collection ? null : ((customerShipping?.address as Params) ?? null),
      );
      this.sessions.set(id, session);
      return remember(session);
    }
    const expand = decodeURIComponent(url.search);
    const missing = (what: string) =>
      send(404, {
        error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` },
      });

    const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && session) {
      const found = this.sessions.get(decodeURIComponent(session[1] as string));
      if (!found) return missing("checkout session");
      const intent = {
        id: `pi_${String(found.id).slice(-12)}`,
        object: "payment_intent",
        payment_method: this.cardOf(found.id as string),
      };
      const breakdown = this.taxBreakdowns.get(String(found.id)) ?? { discounts: [], taxes: [] };
      return send(200, {
        ...found,
        payment_intent: expand.includes("payment_intent") ? intent : intent.id,
        ...(expand.includes("total_details.breakdown")
          ? { total_details: { ...(found.total_details as Params), breakdown } }
          : {}),
      });
    }

    const customer = /^\/v1\/customers\/([^/]+)$/.exec(url.pathname);
    if (customer) {
      const found = this.customers.get(decodeURIComponent(customer[1] as string));
      if (!found) return missing("customer");
      if (req.method === "POST") Object.assign(found, params);
      const settings = (found.invoice_settings ?? {}) as Params;
      const method = this.methods.get(String(settings.default_payment_method ?? "")) ?? null;
      return remember({
        ...found,
        invoice_settings: {
          default_payment_method: expand.includes("default_payment_method") ? method : (method?.id ?? null),
        },
      });
    }

    const product = /^\/v1\/products(?:\/([^/]+))?$/.exec(url.pathname);
    if (product) {
      if (req.method === "GET") {
        const found = this.products.get(decodeURIComponent(product[1] ?? ""));
        return found ? send(200, found) : missing("product");
      }
      const id = String(params.id);
      if (this.products.has(id))
        return send(400, {
          error: {
            type: "invalid_request_error",
            code: "resource_already_exists",
            message: "Product already exists.",
          },
        });
      const created = { id, object: "product", name: params.name };
      this.products.set(id, created);
      return remember(created);
    }

    if (req.method === "POST" && url.pathname === "/v1/billing_portal/sessions") {
      const id = `bps_${randomBytes(8).toString("hex")}`;
      return remember({
        id,
        object: "billing_portal.session",
        customer: params.customer,
        return_url: params.return_url,
        url: `https://billing.stripe.test/p/session/${id}`,
      });
    }

    const pay = /^\/v1\/invoices\/([^/]+)\/pay$/.exec(url.pathname);
    if (req.method === "POST" && pay) {
      const id = decodeURIComponent(pay[1] as string);
      const owner = [...this.subscriptions.values()].find(
        (s) => (s.latest_invoice as Params | null)?.id === id,
      );
      if (!owner) return missing("invoice");
      if (this.declinePayments)
        return send(402, {
          error: { type: "card_error", code: "card_declined", message: "Your card was declined." },
        });
      const invoice = owner.latest_invoice as Params;
      invoice.status = "paid";
      owner.status = "active";
      return remember(invoice);
    }

    if (req.method === "POST" && url.pathname === "/v1/refunds") {
      const paymentIntent = String(params.payment_intent ?? "");
      const amount = Number(params.amount);
      const refunded = this.refundsOf(paymentIntent).reduce((n, r) => n + Number(r.amount), 0);
      const paid = this.payments.get(paymentIntent);
      if (paid === undefined)
        return send(404, {
          error: { type: "invalid_request_error", message: `No such payment_intent: '${paymentIntent}'` },
        });
      if (refunded + amount > paid)
        return send(400, {
          error: {
            type: "invalid_request_error",
            code: "amount_too_large",
            message: "Refund amount is greater than unrefunded amount on charge.",
          },
        });
      return remember(this.addRefund(paymentIntent, amount, (params.metadata ?? {}) as Params));
    }
    if (req.method === "GET" && url.pathname === "/v1/refunds") {
      const data = this.refundsOf(String(url.searchParams.get("payment_intent") ?? ""));
      return send(200, { object: "list", data, has_more: false, url: "/v1/refunds" });
    }

    if (req.method === "POST" && url.pathname === "/v1/tax_rates") {
      const id = `txr_${randomBytes(8).toString("hex")}`;
      const rate = {
        id,
        object: "tax_rate",
        active: true,
        display_name: params.display_name,
        percentage: Number(params.percentage),
        inclusive: params.inclusive === "true",
        country: params.country ?? null,
        state: params.state ?? null,
        jurisdiction: params.jurisdiction ?? null,
        tax_type: params.tax_type ?? null,
        metadata: params.metadata ?? {},
      };
      this.taxRates.set(id, rate);
      return remember(rate);
    }
    if (req.method === "GET" && url.pathname === "/v1/tax_rates") {
      const data = [...this.taxRates.values()].filter((r) => r.active);
      return send(200, { object: "list", data, has_more: false, url: "/v1/tax_rates" });
    }
    const taxRate = /^\/v1\/tax_rates\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && taxRate) {
      const found = this.taxRates.get(decodeURIComponent(taxRate[1] as string));
      return found ? send(200, found) : missing("tax rate");
    }

    if (req.method === "POST" && url.pathname === "/v1/subscriptions") {
      const item = list(params.items)[0] as Params | undefined;
      const price = (item?.price_data ?? {}) as Params;
      if (!this.products.has(String(price.product)))
        return send(400, {
          error: { type: "invalid_request_error", message: `No such product: '${price.product}'` },
        });
      const id = `sub_${randomBytes(8).toString("hex")}`;
      const trialEnd = Number(params.trial_end);
      const created: Params = {
        id,
        object: "subscription",
        customer: params.customer,
        status: "trialing",
        currency: price.currency,
        metadata: params.metadata ?? {},
        trial_end: trialEnd,
        pause_collection: null,
        cancel_at_period_end: false,
        cancel_at: null,
        ended_at: null,
        latest_invoice: null,
        items: { object: "list", data: [this.item(`si_${id.slice(4)}`, price, trialEnd)] },
        // As Stripe keeps them: a discount per coupon the subscription was created with.
        discounts: this.discountsOf(params.discounts),
        default_tax_rates: this.taxRatesFor(params.default_tax_rates),
        automatic_tax: { enabled: (params.automatic_tax as Params | undefined)?.enabled === "true" },
      };
      this.subscriptions.set(id, created);
      return remember(created);
    }

    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (sub) {
      const found = this.subscriptions.get(decodeURIComponent(sub[1] as string));
      if (!found) return missing("subscription");
      if (req.method === "POST") this.applyUpdate(found, params);
      if (req.method === "DELETE") {
        found.status = "canceled";
        found.ended_at = Math.floor(Date.now() / 1000);
      }
      const answer = (payload: unknown) => (req.method === "GET" ? send(200, payload) : remember(payload));
      return answer({
        ...found,
        latest_invoice: expand.includes("latest_invoice")
          ? found.latest_invoice
          : ((found.latest_invoice as Params | null)?.id ?? null),
      });
    }
    send(404, {
      error: {
        type: "invalid_request_error",
        message: `Unrecognized request URL (${req.method}: ${url.pathname})`,
      },
    });
  }
}
