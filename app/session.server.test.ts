import { describe, expect, it } from "vitest";
import { refuseCrossSite } from "./session.server.ts";

const post = (headers: Record<string, string>) =>
  new Request("http://localhost/auth/reset", { method: "POST", headers });

/** The status a page action answers for this form post: 403 when refused, else 200 (it goes on). */
function statusOf(request: Request): number {
  try {
    refuseCrossSite(request);
    return 200;
  } catch (err) {
    return (err as { init?: { status?: number } }).init?.status ?? 500;
  }
}

describe("a page's form posted from another site", () => {
  it("is refused by its Origin", () => {
    expect(statusOf(post({ origin: "https://evil.example" }))).toBe(403);
    expect(statusOf(post({ origin: "http://localhost" }))).toBe(200);
  });

  it("is refused by Sec-Fetch-Site when the browser leaves Origin out", () => {
    expect(statusOf(post({ "sec-fetch-site": "cross-site" }))).toBe(403);
    expect(statusOf(post({ "sec-fetch-site": "same-site" }))).toBe(403);
    expect(statusOf(post({ "sec-fetch-site": "same-origin" }))).toBe(200);
    expect(statusOf(post({ "sec-fetch-site": "none" }))).toBe(200);
  });

  it("goes on with neither header (not a browser: no cookies of a visitor to abuse)", () => {
    expect(statusOf(post({}))).toBe(200);
  });
});
