/**
 * The preferences page's settings: their defaults and the wire contract of GET/PUT /api/preferences.
 * Signed-in customers' preferences are kept on their account; a guest's stay in the browser.
 */
import { z } from "zod";
import { THEMES } from "../theme.ts";
import type { AccountRefusal } from "./account.ts";

/** Every setting, complete: what a stored or sent value is checked against. */
export const preferencesSchema = z.strictObject({
  notifications: z.strictObject({
    email: z.boolean(),
    push: z.boolean(),
    newsletter: z.boolean(),
    orderUpdates: z.boolean(),
    promotions: z.boolean(),
  }),
  privacy: z.strictObject({
    profilePublic: z.boolean(),
    shareAnalytics: z.boolean(),
    cookiesAccepted: z.boolean(),
  }),
  display: z.strictObject({
    theme: z.enum(THEMES),
    language: z.enum(["en", "es", "fr"]),
    currency: z.enum(["USD", "EUR", "GBP", "CAD"]),
  }),
  communication: z.strictObject({
    frequency: z.enum(["daily", "weekly", "monthly", "never"]),
    productRecommendations: z.boolean(),
    healthTips: z.boolean(),
  }),
});

export type Preferences = z.infer<typeof preferencesSchema>;

/** The preferences an account or a browser starts with. */
export const DEFAULT_PREFERENCES: Preferences = {
  notifications: { email: true, push: true, newsletter: true, orderUpdates: true, promotions: false },
  privacy: { profilePublic: false, shareAnalytics: true, cookiesAccepted: true },
  display: { theme: "light", language: "en", currency: "USD" },
  communication: { frequency: "weekly", productRecommendations: true, healthTips: true },
};

/** PUT /api/preferences: any groups, any settings within them; the rest keep their saved values. */
export const preferencesUpdateBody = preferencesSchema
  .extend({
    notifications: preferencesSchema.shape.notifications.partial(),
    privacy: preferencesSchema.shape.privacy.partial(),
    display: preferencesSchema.shape.display.partial(),
    communication: preferencesSchema.shape.communication.partial(),
  })
  .partial();
export type PreferencesUpdate = z.infer<typeof preferencesUpdateBody>;

/**
 * What the preferences page's action (app/routes/preferences.server.ts) answers a change posted as a
 * `PreferencesUpdate`: the whole saved set, or the refusal with its status and the /api's error body.
 */
export type PreferencesActionResult = { ok: true; preferences: Preferences } | AccountRefusal;

/** `base` with the settings of `update` laid over it, group by group (a new object). */
export function mergePreferences(base: Preferences, update: PreferencesUpdate | undefined): Preferences {
  return {
    notifications: { ...base.notifications, ...update?.notifications },
    privacy: { ...base.privacy, ...update?.privacy },
    display: { ...base.display, ...update?.display },
    communication: { ...base.communication, ...update?.communication },
  };
}

/**
 * Reads saved or stored preferences leniently: settings that are missing or no longer valid fall back to
 * their defaults one by one, so a browser's old copy or an older stored row never loses the rest.
 */
export function readPreferences(value: unknown): Preferences {
  const out = mergePreferences(DEFAULT_PREFERENCES, undefined);
  if (!value || typeof value !== "object") return out;
  for (const group of Object.keys(out) as (keyof Preferences)[]) {
    const stored = (value as Record<string, unknown>)[group];
    if (!stored || typeof stored !== "object") continue;
    const shape = preferencesSchema.shape[group].shape as Record<string, z.ZodType>;
    const target = out[group] as Record<string, unknown>;
    for (const [key, schema] of Object.entries(shape)) {
      const parsed = schema.safeParse((stored as Record<string, unknown>)[key]);
      if (parsed.success) target[key] = parsed.data;
    }
  }
  return out;
}
