import { shippingRates, shipToCountries } from "../../server/markets/markets.ts";
import { shippingRateCents } from "../../server/orders/price-order.ts";
import { appContext } from "../context.server.ts";
import { titleFor } from "../i18n/catalogue.server.ts";
import { legalTextFor } from "../legal-texts.server.ts";
import type { Route } from "./+types/terms";

/** The terms from content/legal/terms.md (or its translation), with the shop's shipping settings and contact filled in. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const services = context.get(appContext);
  return {
    // The countries shipped to and each market's shipping figures are the owner's (decision 051); a save
    // clears the cached page.
    blocks: legalTextFor(
      services,
      request,
      "terms",
      await shipToCountries(services.catalogue, services.env),
      await shippingRates(services.catalogue, shippingRateCents(services.env.SHIPPING_FLAT_RATE)),
    ),
    // The head's words in the page's language, for meta (which has no translator).
    meta: {
      title: titleFor(request, "legal.terms.meta.title"),
      description: titleFor(request, "legal.terms.meta.description"),
    },
  };
}
