import accessibilityText from "../../content/legal/accessibility.md?raw";
import { legalBlocks } from "../../server/content/legal-facts.ts";
import { appContext } from "../context.server.ts";
import type { Route } from "./+types/accessibility";

/** The accessibility statement from content/legal/accessibility.md. */
export function loader({ context }: Route.LoaderArgs) {
  return { blocks: legalBlocks(context.get(appContext), accessibilityText) };
}
