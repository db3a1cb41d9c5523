import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../core/i18n/locales.ts";

/**
 * The catalogues' rules (docs/decisions/049-languages.md): every language has every key and no other, each
 * message is valid ICU with the same values as the English one, every key is used by the code and every
 * key the code names exists.
 */
const messagesDir = new URL("./messages/", import.meta.url).pathname;
const areaFiles = (locale: string) =>
  readdirSync(join(messagesDir, locale)).filter((f) => f.endsWith(".json"));
const areaOf = (file: string) => file.replace(/\.json$/, "");
const readArea = (locale: string, file: string): Record<string, string> =>
  JSON.parse(readFileSync(join(messagesDir, locale, file), "utf8"));
const catalogue = (locale: string): Record<string, string> =>
  Object.assign({}, ...areaFiles(locale).map((f) => readArea(locale, f)));
const catalogues = Object.fromEntries(LOCALES.map((l) => [l, catalogue(l)]));
const english = catalogues.en as Record<string, string>;
const namespaces = [...new Set(Object.keys(english).map((k) => k.split(".")[0]))];

/** The names of a compiled message's values, nested plural and select branches included. */
function valueNames(compiled: unknown, into = new Set<string>()): Set<string> {
  if (!Array.isArray(compiled)) return into;
  for (const part of compiled) {
    if (!Array.isArray(part)) continue;
    if (typeof part[0] === "string") into.add(part[0]);
    const branches = part[2];
    if (branches && typeof branches === "object" && !Array.isArray(branches))
      for (const b of Object.values(branches)) valueNames(b, into);
  }
  return into;
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

const root = new URL("../../", import.meta.url).pathname;
const code = ["app", "core", "server"]
  .flatMap((d) => sourceFiles(join(root, d)))
  .map((f) => readFileSync(f, "utf8"))
  .join("\n");
const keyPattern = new RegExp(`["'\`]((?:${namespaces.join("|")})\\.[A-Za-z0-9_.]+)["'\`]`, "g");
/**
 * Strings of a key's shape that name no message: Stripe's event types (server/payments/report-event.ts),
 * content's file names (`"stacks.json"` in server/db/seed.ts), the newsletter's export file
 * (`"newsletter.csv"` in server/api/admin-newsletter.ts), the orders table's columns named in comments
 * (`orders.shipping_address` in core/address.ts, `orders.card_fingerprint` in server/promotions/referrals.ts),
 * the subscriptions table's (`subscriptions.promo_code` in core/renewal-promo.ts).
 */
const notKeys = /^checkout\.session(\.|$)|\.(json|csv)$|^(orders|subscriptions)\.[a-z]+_[a-z_]+$/;
const named = new Set(
  [...code.matchAll(keyPattern)].map((m) => m[1] as string).filter((k) => !notKeys.test(k)),
);

describe("the message catalogues", () => {
  it.each(LOCALES)("%s: each area's file holds only keys of its area, as English's files", (locale) => {
    expect(areaFiles(locale)).toEqual(areaFiles("en"));
    for (const file of areaFiles(locale))
      for (const key of Object.keys(readArea(locale, file)))
        expect(key.split(".")[0], key).toBe(areaOf(file));
  });

  it.each(LOCALES.filter((l) => l !== "en"))("%s has exactly the English keys", (locale) => {
    const keys = Object.keys(catalogues[locale] ?? {});
    expect(keys.filter((k) => !(k in english))).toEqual([]);
    expect(Object.keys(english).filter((k) => !keys.includes(k))).toEqual([]);
  });

  it.each(LOCALES)("%s: every message is ICU with the English message's values", (locale) => {
    for (const [key, message] of Object.entries(catalogues[locale] ?? {})) {
      const values = [...valueNames(compileMessage(message))].sort();
      expect({ key, values }).toEqual({
        key,
        values: [...valueNames(compileMessage(english[key] ?? ""))].sort(),
      });
      expect(message.trim(), key).not.toBe("");
    }
  });

  it("holds no key the code does not use", () => {
    expect(Object.keys(english).filter((k) => !named.has(k))).toEqual([]);
  });

  it("has every key the code names", () => {
    expect([...named].filter((k) => !(k in english))).toEqual([]);
  });
});
