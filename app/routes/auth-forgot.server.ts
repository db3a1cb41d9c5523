import { titleFor } from "../i18n/catalogue.server.ts";
import { noStore } from "../session.server.ts";
import type { Route } from "./+types/auth-forgot";

export const headers: Route.HeadersFunction = () => noStore;

/** The page's title in its language (a meta function has no translator). */
export function loader({ request }: Route.LoaderArgs) {
  return { title: titleFor(request, "auth.meta.forgot") };
}
