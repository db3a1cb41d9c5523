import { appContext } from "../context.server.ts";
import { titleFor } from "../i18n/catalogue.server.ts";
import { legalTextFor } from "../legal-texts.server.ts";
import type { Route } from "./+types/shipping-returns";

/** Shipping & Returns from content/legal/shipping-returns.md (or its translation), with the shop's shipping settings filled in. */
export function loader({ context, request }: Route.LoaderArgs) {
  return {
    blocks: legalTextFor(context.get(appContext), request, "shipping-returns"),
    // The head's words in the page's language, for meta (which has no translator).
    meta: {
      title: titleFor(request, "legal.shippingReturns.meta.title"),
      description: titleFor(request, "legal.shippingReturns.meta.description"),
    },
  };
}
