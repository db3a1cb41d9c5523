import { appContext } from "../context.server.ts";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const { catalogue } = context.get(appContext);
  return { products: await catalogue.list() };
}
