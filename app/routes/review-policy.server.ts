import { appContext } from "../context.server.ts";
import { titleFor } from "../i18n/catalogue.server.ts";
import { legalTextFor } from "../legal-texts.server.ts";
import type { Route } from "./+types/review-policy";

/** The review policy from content/legal/review-policy.md (the owner edits the file), or its translation. */
export function loader({ context, request }: Route.LoaderArgs) {
  return {
    blocks: legalTextFor(context.get(appContext), request, "review-policy"),
    // The head's words in the page's language, for meta (which has no translator).
    meta: {
      title: titleFor(request, "legal.reviewPolicy.meta.title"),
      description: titleFor(request, "legal.reviewPolicy.meta.description"),
    },
  };
}
