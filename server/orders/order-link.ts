import { orderPagePath } from "../../core/contracts/orders.ts";
import type { Env } from "../env.ts";

/**
 * The shop's own origin for links in e-mails: PUBLIC_URL, else this machine's shop on its port (a shop
 * tried locally; production requires PUBLIC_URL, server/env.ts).
 */
export function shopOrigin(env: Pick<Env, "PUBLIC_URL" | "PORT">): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
}

/** The absolute link to an order's page, for e-mails. */
export function orderPageUrl(origin: string, orderNumber: string): string {
  return `${origin}${orderPagePath(orderNumber)}`;
}
