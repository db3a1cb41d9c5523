import { localeOfPath } from "../../core/i18n/locales.ts";
import { COOKIE_TABLE_MARK } from "../../server/content/legal-facts.ts";
import { appContext } from "../context.server.ts";
import { titleFor } from "../i18n/catalogue.server.ts";
import { cookieListIn, legalTextFor } from "../legal-texts.server.ts";
import type { Route } from "./+types/privacy";

/**
 * The privacy policy from content/legal/privacy.md (or its translation), with the shop's live facts, and the
 * cookie list, its words in the page's language.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const { cookies, storage } = cookieListIn(localeOfPath(new URL(request.url).pathname));
  return {
    blocks: legalTextFor(context.get(appContext), request, "privacy"),
    cookieMark: COOKIE_TABLE_MARK,
    cookies,
    storage,
    // The head's words in the page's language, for meta (which has no translator).
    meta: {
      title: titleFor(request, "legal.privacy.meta.title"),
      description: titleFor(request, "legal.privacy.meta.description"),
    },
  };
}
