import { data } from "react-router";
import { appContext } from "../context.server.ts";
import type { Route } from "./+types/product";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { catalogue, env } = context.get(appContext);
  const product = await catalogue.bySlug(params.slug);
  if (!product) throw data(null, { status: 404 });
  const origin = env.PUBLIC_URL ?? new URL(request.url).origin;
  return { product, origin };
}
