import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiErrorOf, apiRequest, serverMessage } from "./api.ts";

function answer(status: number, body: string, statusText = "") {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(body || null, { status, statusText })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the API client's errors", () => {
  it("reads the status, code, message and the message per field", async () => {
    const body = {
      code: "invalid_address",
      message: "Please check the shipping address.",
      fields: { postalCode: "ZIP code is required", region: 3 },
    };
    answer(400, JSON.stringify(body));
    const err = await apiRequest("POST", "/api/x", {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const failure = apiErrorOf(err);
    expect(failure).toMatchObject({
      status: 400,
      code: "invalid_address",
      message: "Please check the shipping address.",
      fields: { postalCode: "ZIP code is required" },
      display: `400: ${JSON.stringify(body)}`,
    });
    expect(serverMessage(err, "fallback")).toBe("Please check the shipping address.");
  });

  it("keeps the status of a body that is not JSON, and says '{status}: {body}'", async () => {
    answer(502, "Bad Gateway");
    const err = await apiRequest("GET", "/api/x").catch((e: unknown) => e);
    expect(apiErrorOf(err)).toMatchObject({ status: 502, code: null, fields: {}, fromServer: false });
    expect(apiErrorOf(err)?.display).toBe("502: Bad Gateway");
    expect(serverMessage(err, "fallback")).toBe("fallback");
  });

  it("says the status text when the body is empty", async () => {
    answer(503, "", "Service Unavailable");
    const err = await apiRequest("GET", "/api/x").catch((e: unknown) => e);
    expect(apiErrorOf(err)?.display).toBe("503: Service Unavailable");
  });

  it("is null for an error that is not an API answer", () => {
    expect(apiErrorOf(new TypeError("Failed to fetch"))).toBeNull();
    expect(apiErrorOf("409: {}")).toBeNull();
    expect(apiErrorOf(new Error("409: {}"))).toBeNull();
    expect(serverMessage(new TypeError("Failed to fetch"), "offline")).toBe("offline");
  });
});
