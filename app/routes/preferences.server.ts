import { data } from "react-router";
import { type PreferencesActionResult, preferencesUpdateBody } from "../../core/contracts/preferences.ts";
import { localeOfPath } from "../../core/i18n/locales.ts";
import { loadPreferences, savePreferences } from "../../server/account/preferences.ts";
import { NotSignedIn } from "../../server/domain-errors.ts";
import { parseWith } from "../../server/http/validate.ts";
import { appContext } from "../context.server.ts";
import { requestTranslator } from "../i18n/catalogue.server.ts";
import { jsonBody, loadSession, noStore, refuseCrossSite, refusedWrite } from "../session.server.ts";
import type { Route } from "./+types/preferences";

export const headers: Route.HeadersFunction = () => noStore;

/** A signed-in customer's saved preferences; a guest's are read from the browser by the page. */
export async function loader({ context, request }: Route.LoaderArgs) {
  // The head's title in the page's language, for meta (which has no translator).
  const { t } = requestTranslator(localeOfPath(new URL(request.url).pathname), new Set());
  const title = t("preferences.meta.title");
  const session = await loadSession(context, request);
  if (!session) return { signedIn: false as const, preferences: null, title };
  const { db } = context.get(appContext).database;
  return { signedIn: true as const, preferences: await loadPreferences(db, session.user.id), title };
}

/**
 * A change of the signed-in customer's preferences, posted as JSON (any groups, any settings, as PUT
 * /api/preferences takes them): answers the whole saved set, or the refusal with its status (a guest's
 * preferences stay in the browser and are never posted). The page's loader runs again after a change.
 */
export async function action({ context, request }: Route.ActionArgs) {
  refuseCrossSite(request);
  try {
    const session = await loadSession(context, request);
    if (!session) throw new NotSignedIn("unauthorized", "Please sign in to save your preferences.");
    const update = parseWith(preferencesUpdateBody, await jsonBody(request), "request body");
    const { db } = context.get(appContext).database;
    const result: PreferencesActionResult = {
      ok: true,
      preferences: await savePreferences(db, session.user.id, update),
    };
    return data(result, { headers: noStore });
  } catch (err) {
    return refusedWrite(err);
  }
}
