import termsText from "../../content/legal/terms.md?raw";
import { legalBlocks } from "../../server/content/legal-facts.ts";
import { appContext } from "../context.server.ts";
import type { Route } from "./+types/terms";

/** The terms from content/legal/terms.md, with the shop's shipping settings and contact filled in. */
export function loader({ context }: Route.LoaderArgs) {
  return { blocks: legalBlocks(context.get(appContext), termsText) };
}
