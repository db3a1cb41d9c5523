import { describe, expect, it } from "vitest";
import { displayNameOf, initialsOf } from "../../app/lib/auth-client.ts";
import {
  accountContactOf,
  isPlaceholderEmail,
  PHONE_EMAIL_DOMAIN,
  phoneFromPlaceholderEmail,
  placeholderEmailFor,
  realEmail,
} from "../../core/placeholder-email.ts";
import { phoneEmail } from "../../server/auth/auth.ts";

describe("placeholder e-mail of a phone-only account", () => {
  it("is built from the phone's digits under phone.mana.invalid, and is what Better Auth stores", () => {
    expect(placeholderEmailFor("+15550001234")).toBe("15550001234@phone.mana.invalid");
    expect(placeholderEmailFor("+1 (555) 000-1234")).toBe("15550001234@phone.mana.invalid");
    expect(PHONE_EMAIL_DOMAIN).toBe("phone.mana.invalid");
    // server/auth/auth.ts hands this very function to Better Auth's phone plugin.
    expect(phoneEmail("+447700900123")).toBe(placeholderEmailFor("+447700900123"));
  });

  it("isPlaceholderEmail: the phone placeholder and anything under .invalid, whatever the case or spacing", () => {
    for (const email of [
      "15550001234@phone.mana.invalid",
      "15550001234@PHONE.MANA.INVALID",
      " 15550001234@phone.mana.invalid ",
      "15550001234@phone.mana.invalid.",
      "someone@example.invalid",
      "x@invalid",
    ]) {
      expect(isPlaceholderEmail(email), email).toBe(true);
    }
    for (const email of [
      "maya@example.com",
      "invalid@example.com",
      "a@invalid.example.com",
      "a@phone.mana.invalidx",
      "a@mana.in",
      "phone.mana.invalid",
      "",
      null,
      undefined,
    ]) {
      expect(isPlaceholderEmail(email), String(email)).toBe(false);
    }
  });

  it("realEmail keeps a real address (trimmed) and turns a placeholder or nothing into null", () => {
    expect(realEmail(" maya@example.com ")).toBe("maya@example.com");
    expect(realEmail("15550001234@phone.mana.invalid")).toBeNull();
    expect(realEmail("")).toBeNull();
    expect(realEmail("   ")).toBeNull();
    expect(realEmail(null)).toBeNull();
    expect(realEmail(undefined)).toBeNull();
  });

  it("phoneFromPlaceholderEmail gives back the E.164 number, and nothing for other addresses", () => {
    expect(phoneFromPlaceholderEmail("15550001234@phone.mana.invalid")).toBe("+15550001234");
    expect(phoneFromPlaceholderEmail(placeholderEmailFor("+447700900123"))).toBe("+447700900123");
    expect(phoneFromPlaceholderEmail("15550001234@example.invalid")).toBeNull();
    expect(phoneFromPlaceholderEmail("maya@phone.mana.invalid")).toBeNull();
    expect(phoneFromPlaceholderEmail("maya@example.com")).toBeNull();
    expect(phoneFromPlaceholderEmail(null)).toBeNull();
  });

  it("accountContactOf: the e-mail, else the sign-in phone, else the phone inside the placeholder", () => {
    expect(accountContactOf({ email: "maya@example.com", phoneNumber: "+15550001234" })).toBe(
      "maya@example.com",
    );
    expect(accountContactOf({ email: "15550001234@phone.mana.invalid", phoneNumber: "+15550001234" })).toBe(
      "+15550001234",
    );
    expect(accountContactOf({ email: "15550001234@phone.mana.invalid", phoneNumber: null })).toBe(
      "+15550001234",
    );
    expect(accountContactOf({ email: "x@example.invalid" })).toBeNull();
    expect(accountContactOf(null)).toBeNull();
  });

  it("names and initials never come from the placeholder", () => {
    const phoneOnly = { name: "", email: "15550001234@phone.mana.invalid", phoneNumber: "+15550001234" };
    expect(displayNameOf(phoneOnly)).toBe("+15550001234");
    expect(displayNameOf({ ...phoneOnly, phoneNumber: null })).toBe("+15550001234");
    expect(displayNameOf({ name: "", email: "x@example.invalid" })).toBe("User");
    expect(initialsOf(phoneOnly)).toBe("U");
    expect(initialsOf({ ...phoneOnly, name: "+15550001234" })).toBe("U");
    expect(initialsOf({ name: "Nia Okafor", email: "x@example.com" })).toBe("NO");
    expect(displayNameOf({ name: "", email: "maya@example.com" })).toBe("maya");
    expect(initialsOf({ name: "", email: "maya@example.com" })).toBe("M");
  });
});
