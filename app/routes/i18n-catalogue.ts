import { isLocale } from "../../core/i18n/locales.ts";
import { catalogueBody } from "../i18n/catalogue.server.ts";
import type { Route } from "./+types/i18n-catalogue";

/**
 * `/i18n/es.<hash>.json`: a language's whole compiled catalogue (app/i18n/i18n.tsx fetches it after the
 * page's first render). Kept for a year when the hash is the current one; a page from before a deploy gets
 * the current messages, not cached.
 */
export function loader({ params }: Route.LoaderArgs) {
  const m = /^([a-z]{2})\.([0-9a-f]{12})\.json$/.exec(params.file ?? "");
  const [, locale, hash = ""] = m ?? [];
  if (!isLocale(locale)) throw new Response("Not Found", { status: 404 });
  const { body, current } = catalogueBody(locale, hash);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}
