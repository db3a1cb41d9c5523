import { describe, expect, it } from "vitest";
import { readApiError } from "./api.ts";

describe("reading an API error", () => {
  it("reads the status, code, message and the message per field", () => {
    const body = {
      code: "invalid_address",
      message: "Please check the shipping address.",
      fields: { postalCode: "ZIP code is required", region: 3 },
    };
    expect(readApiError(new Error(`400: ${JSON.stringify(body)}`))).toEqual({
      status: 400,
      code: "invalid_address",
      message: "Please check the shipping address.",
      fields: { postalCode: "ZIP code is required" },
    });
  });

  it("keeps the status of a body that is not JSON", () => {
    expect(readApiError(new Error("502: Bad Gateway"))).toEqual({
      status: 502,
      code: null,
      message: null,
      fields: {},
    });
  });

  it("is null for an error that is not an API answer", () => {
    expect(readApiError(new TypeError("Failed to fetch"))).toBeNull();
    expect(readApiError("409: {}")).toBeNull();
  });
});
