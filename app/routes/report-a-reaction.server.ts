import { data } from "react-router";
import { localeOfPath } from "../../core/i18n/locales.ts";
import { realEmail } from "../../core/placeholder-email.ts";
import { REACTION_DESCRIPTION, REACTION_NAME_MAX } from "../../core/reaction-report.ts";
import { productLabel } from "../../server/content/product-labels.ts";
import { appContext } from "../context.server.ts";
import { requestTranslator } from "../i18n/catalogue.server.ts";
import { loadSession, noStore } from "../session.server.ts";
import type { Route } from "./+types/report-a-reaction";

export const headers: Route.HeadersFunction = () => noStore;

/** A query value as a prefill: trimmed and cut to the field's length, never trusted beyond that. */
const prefill = (url: URL, key: string, max: number) =>
  (url.searchParams.get(key) ?? "").trim().slice(0, max);

/**
 * /report-a-reaction?product=&order=&name=&email=&description=: the shop's products for the select, the
 * fields the link opened it with, a signed-in customer's own name and e-mail, and whom to call instead.
 * The form posts to POST /api/reactions, which checks everything again. The head's words come in the
 * page's language, for meta (which has no translator).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const services = context.get(appContext);
  const url = new URL(request.url);
  const { t } = requestTranslator(localeOfPath(url.pathname), new Set());
  const meta = { title: t("reactions.meta.title"), description: t("reactions.meta.description") };
  const [products, session] = await Promise.all([services.catalogue.list(), loadSession(context, request)]);
  const slug = prefill(url, "product", 100);
  // A product by its slug (product pages, reviews) or its id (order pages).
  const chosen = products.find((p) => p.slug === slug || String(p.id) === slug) ?? null;
  const distributor = productLabel(chosen?.slug ?? products[0]?.slug ?? "")?.distributedBy ?? null;
  return data(
    {
      products: products.map((p) => ({ id: p.id, name: p.name })),
      signedIn: Boolean(session),
      initial: {
        productId: chosen?.id ?? null,
        orderNumber: prefill(url, "order", 40),
        name: prefill(url, "name", REACTION_NAME_MAX) || session?.user.name?.trim() || "",
        email: prefill(url, "email", 254) || realEmail(session?.user.email) || "",
        description: prefill(url, "description", REACTION_DESCRIPTION.max),
      },
      phone: distributor?.phone ?? null,
      meta,
    },
    { headers: noStore },
  );
}
