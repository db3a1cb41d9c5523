import { appContext } from "../context.server.ts";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const { catalogue } = context.get(appContext);
  const [products, ratings] = await Promise.all([catalogue.list(), catalogue.ratings()]);
  // Each card's average and count of published reviews; a product without any has none.
  return { products: products.map((p) => ({ ...p, rating: ratings.get(p.id) ?? null })) };
}
