import { redirect } from "react-router";
import { localeOfPath, pathInLocale } from "../../core/i18n/locales.ts";
import type { Route } from "./+types/products";

/** /products has no page of its own: the product grid lives on the home page, in the same language. */
export function loader({ request }: Route.LoaderArgs) {
  throw redirect(pathInLocale("/#products", localeOfPath(new URL(request.url).pathname)));
}

export default function Products() {
  return null;
}
