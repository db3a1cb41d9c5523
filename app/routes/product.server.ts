import { data } from "react-router";
import { productLabel } from "../../server/content/product-labels.ts";
import { appContext } from "../context.server.ts";
import type { Route } from "./+types/product";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { catalogue, env } = context.get(appContext);
  const product = await catalogue.bySlug(params.slug);
  if (!product) throw data(null, { status: 404 });
  const origin = env.PUBLIC_URL ?? new URL(request.url).origin;
  // A product the owner added without a label in content/ still has its page, without the panel.
  const label = productLabel(product.slug) ?? null;
  return { product, origin, label };
}
