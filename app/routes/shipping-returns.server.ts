import shippingText from "../../content/legal/shipping-returns.md?raw";
import { legalBlocks } from "../../server/content/legal-facts.ts";
import { appContext } from "../context.server.ts";
import type { Route } from "./+types/shipping-returns";

/** Shipping & Returns from content/legal/shipping-returns.md, with the shop's shipping settings filled in. */
export function loader({ context }: Route.LoaderArgs) {
  return { blocks: legalBlocks(context.get(appContext), shippingText) };
}
