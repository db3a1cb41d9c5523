import { Hono } from "hono";
import { preferencesUpdateBody } from "../../core/contracts/preferences.ts";
import { loadPreferences, savePreferences } from "../account/preferences.ts";
import type { AppServices } from "../context.ts";
import { requireUser } from "../http/require-user.ts";
import { readJsonBody } from "../http/validate.ts";

/**
 * GET /api/preferences and PUT /api/preferences: the signed-in customer's own preferences (a guest's stay
 * in the browser). PUT takes any groups and settings and answers with the whole saved set.
 */
export function preferencesApi(services: AppServices) {
  const db = services.database.db;

  const signedIn = requireUser(services, "Please sign in to save your preferences.");

  return new Hono()
    .get("/", signedIn, async (c) => c.json(await loadPreferences(db, c.var.user.id)))
    .put("/", signedIn, async (c) => {
      const { user } = c.var;
      const update = await readJsonBody(c, preferencesUpdateBody);
      return c.json(await savePreferences(db, user.id, update));
    });
}
