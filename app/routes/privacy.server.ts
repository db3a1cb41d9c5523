import cookieList from "../../content/legal/cookies.json";
import privacyText from "../../content/legal/privacy.md?raw";
import { COOKIE_TABLE_MARK, legalBlocks } from "../../server/content/legal-facts.ts";
import { appContext } from "../context.server.ts";
import type { Route } from "./+types/privacy";

/** The privacy policy from content/legal/privacy.md, with the shop's live facts, and the cookie list. */
export function loader({ context }: Route.LoaderArgs) {
  const services = context.get(appContext);
  return {
    blocks: legalBlocks(services, privacyText),
    cookieMark: COOKIE_TABLE_MARK,
    cookies: cookieList.cookies.map(({ name, purpose, lifetime, strictlyNecessary }) => ({
      name,
      purpose,
      lifetime,
      strictlyNecessary,
    })),
    storage: cookieList.browserStorage,
  };
}
