import { describe, expect, it } from "vitest";
import { REACTION_CONSENT } from "../../core/reaction-report.ts";
import en from "../i18n/messages/en/reactions.json";

describe("the reaction report's consent", () => {
  it("reads in English as the words the server keeps with the report", () => {
    expect(en["reactions.consent"]).toBe(`I agree: ${REACTION_CONSENT}`);
  });
});
