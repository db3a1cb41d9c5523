import { createRequire } from "node:module";
import { expect, test } from "@playwright/test";

// Google's, Twitter's and Facebook's structured-data rules (structured-data-testing-tool's presets) on
// the server's HTML of a product and an article, plus the schema each page must carry.
const require = createRequire(import.meta.url);
const { structuredDataTest } = require("structured-data-testing-tool") as {
  structuredDataTest: (html: string, options: object) => Promise<Result>;
};
const { Google, Twitter, Facebook } = require("structured-data-testing-tool/presets");

interface Result {
  passed: unknown[];
  failed: { test: string; type?: string; description?: string; error?: { message?: string } }[];
  schemas: string[];
}

async function check(html: string, schemas: string[]): Promise<Result> {
  try {
    return await structuredDataTest(html, { presets: [Google, Twitter, Facebook], schemas });
  } catch (err) {
    const failure = err as { type?: string; res?: Result };
    if (failure.type === "VALIDATION_FAILED" && failure.res) return failure.res;
    throw err;
  }
}

for (const [path, schema] of [
  ["/products/ashwagandha", "Product"],
  ["/knowledge/ginsenosides-explained", "Article"],
] as const) {
  test(`the structured-data test passes on ${path}`, async ({ request }) => {
    const html = await (await request.get(path)).text();
    const result = await check(html, [schema]);
    expect(result.schemas).toContain(schema);
    expect(result.failed.map((f) => `${f.test}: ${f.description ?? ""} ${f.error?.message ?? ""}`)).toEqual(
      [],
    );
    expect(result.passed.length).toBeGreaterThan(5);
  });
}
