import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildTemplate, fillTemplate, templateChunks } from "./nonce-template.ts";
import { NONCE_PLACEHOLDER, newNonce } from "./security-headers.ts";

const page = (n: number) =>
  Buffer.from(
    `<!doctype html><html><head><title>x</title></head><body>${"<p>calm, focus, sleep</p>".repeat(n)}${Array.from(
      { length: 4 },
      (_, i) => `<script nonce="${NONCE_PLACEHOLDER}">window.x${i}=1</script>`,
    ).join("")}</body></html>`,
  );

describe("nonce templates for cached pages", () => {
  it("gives a fresh nonce in every slot, identity and gzip, and the gzip stays valid", () => {
    const plain = page(500);
    for (const encoding of ["identity", "gzip"] as const) {
      const t = buildTemplate(plain, encoding);
      expect(t.offsets).toHaveLength(4);
      const a = newNonce();
      const b = newNonce();
      const first = fillTemplate(t, a);
      const second = fillTemplate(t, b);
      const text = (buf: Buffer) => (encoding === "gzip" ? gunzipSync(buf) : buf).toString();
      expect(text(first)).toBe(plain.toString().replaceAll(NONCE_PLACEHOLDER, a));
      expect(text(second)).toBe(plain.toString().replaceAll(NONCE_PLACEHOLDER, b));
      // The template itself is never changed by a fill.
      expect(text(t.body)).toBe(plain.toString());
    }
  });

  it("writes the same bytes in pieces as a fill, without changing the template", () => {
    const plain = page(500);
    for (const encoding of ["identity", "gzip"] as const) {
      const t = buildTemplate(plain, encoding);
      const stored = Buffer.from(t.body);
      const nonce = newNonce();
      const chunks = templateChunks(t, nonce);
      expect(Buffer.concat(chunks).equals(fillTemplate(t, nonce))).toBe(true);
      expect(chunks.reduce((n, c) => n + c.length, 0)).toBe(t.body.length);
      expect(t.body.equals(stored)).toBe(true);
    }
    const json = buildTemplate(Buffer.from("{}"), "gzip");
    expect(templateChunks(json, newNonce())).toEqual([json.body]);
  });

  it("compresses a page well and serves a body without a slot untouched", () => {
    const plain = page(2000);
    expect(buildTemplate(plain, "gzip").body.length).toBeLessThan(plain.length / 10);
    const json = Buffer.from(JSON.stringify({ products: randomBytes(100).toString("hex") }));
    const t = buildTemplate(json, "gzip");
    expect(fillTemplate(t, newNonce())).toBe(t.body);
    expect(gunzipSync(t.body).toString()).toBe(json.toString());
    expect(NONCE_PLACEHOLDER).toHaveLength(newNonce().length);
  });
});
