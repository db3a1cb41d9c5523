import { appContext } from "../context.server.ts";
import { titleFor } from "../i18n/catalogue.server.ts";
import { legalTextFor } from "../legal-texts.server.ts";
import type { Route } from "./+types/accessibility";

/** The accessibility statement from content/legal/accessibility.md (or its translation). */
export function loader({ context, request }: Route.LoaderArgs) {
  return {
    blocks: legalTextFor(context.get(appContext), request, "accessibility"),
    // The head's words in the page's language, for meta (which has no translator).
    meta: {
      title: titleFor(request, "legal.accessibility.meta.title"),
      description: titleFor(request, "legal.accessibility.meta.description"),
    },
  };
}
