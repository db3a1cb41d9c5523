import { data } from "react-router";
import { localeOfPath } from "../../core/i18n/locales.ts";
import { productLabel } from "../../server/content/product-labels.ts";
import { labelIn, productIn } from "../../server/content/translations.ts";
import { requestHost, shopOrigin } from "../../server/http/shop-origin.ts";
import { productReviews } from "../../server/reviews/reviews.ts";
import { appContext } from "../context.server.ts";
import { requestTranslator } from "../i18n/catalogue.server.ts";
import type { Route } from "./+types/product";

/** `?reviews=N`: the page of reviews shown (links work without JavaScript); anything else is the first. */
function reviewsPage(request: Request): number {
  const raw = new URL(request.url).searchParams.get("reviews") ?? "";
  return /^[1-9][0-9]{0,4}$/.test(raw) ? Number(raw) : 1;
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const services = context.get(appContext);
  const { catalogue, env } = services;
  // The head's fixed words in the page's language, for meta (which has no translator of its own).
  const locale = localeOfPath(new URL(request.url).pathname);
  const { t } = requestTranslator(locale, new Set());
  const found = await catalogue.bySlug(params.slug);
  if (!found) throw data({ title: t("shop.notFound.title") }, { status: 404 });
  // The product's own words in the page's language (content/i18n/, decision 049's "Content").
  const product = productIn(locale, found);
  const origin = shopOrigin(env, requestHost(request), "page");
  // A product the owner added without a label in content/ still has its page, without the panel.
  const english = productLabel(product.slug, env.PROP65_FILE);
  const label = english ? labelIn(locale, product.slug, english) : null;
  // Nothing here depends on who asks: the page is cached for signed-in customers too (decision 040); what
  // the viewer may do in the reviews is asked by the browser (GET /api/products/:id/reviews/mine).
  const reviews = await productReviews(services.database.db, product.id, reviewsPage(request));
  const meta = { imageAlt: t("shop.meta.imageAlt", { name: product.name, size: product.packageSize }) };
  const words = {
    servingSize: t("shop.jsonLd.servingSize"),
    servingsPerContainer: t("shop.jsonLd.servingsPerContainer"),
  };
  return { product, origin, label, reviews, meta, locale, words };
}
