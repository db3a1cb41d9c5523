import { describe, expect, it } from "vitest";
import {
  type ChoicePreference,
  DEFAULT_PREFERENCES,
  type PreferenceDescriptor,
  readPreference,
  type TogglePreference,
  withPreference,
} from "./preferences-model.ts";

const promotions: TogglePreference = {
  kind: "toggle",
  group: "notifications",
  key: "promotions",
  label: "Promotions",
  description: "Offers and new products",
};
const theme: ChoicePreference = {
  kind: "choice",
  group: "display",
  key: "theme",
  label: "Theme",
  options: [
    ["light", "Light"],
    ["dark", "Dark"],
  ],
};

describe("preference descriptors", () => {
  it("read the setting they stand for", () => {
    expect(readPreference(DEFAULT_PREFERENCES, promotions)).toBe(false);
    expect(readPreference(DEFAULT_PREFERENCES, theme)).toBe("light");
  });

  it("change one setting in a new object, leaving the defaults and the other groups as they were", () => {
    const next = withPreference(DEFAULT_PREFERENCES, { item: promotions, value: true });
    expect(next.notifications).toEqual({ ...DEFAULT_PREFERENCES.notifications, promotions: true });
    expect(DEFAULT_PREFERENCES.notifications.promotions).toBe(false);
    expect(next.display).toBe(DEFAULT_PREFERENCES.display);
    const dark = withPreference(next, { item: theme, value: "dark" });
    expect(dark.display).toEqual({ theme: "dark", language: "en", currency: "USD" });
    expect(dark.notifications.promotions).toBe(true);
  });

  it("are typed: a toggle only for an on/off setting, a choice only for a text one, values to match", () => {
    const wrong: PreferenceDescriptor[] = [
      // @ts-expect-error theme is a choice, not a toggle
      { kind: "toggle", group: "display", key: "theme", label: "Theme", description: "" },
      // @ts-expect-error promotions is on/off, not a choice
      { kind: "choice", group: "notifications", key: "promotions", label: "Promotions", options: [] },
      // @ts-expect-error no such setting in the group
      { kind: "toggle", group: "privacy", key: "email", label: "Email", description: "" },
    ];
    // @ts-expect-error a toggle holds a boolean
    withPreference(DEFAULT_PREFERENCES, { item: promotions, value: "yes" });
    expect(wrong).toHaveLength(3);
  });
});
