import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Inline, parseLegalText } from "../core/legal-text.ts";
import { cookieListIn, LEGAL_TEXTS, legalSource, legalTextFor } from "./legal-texts.server.ts";

/**
 * The legal pages' translations (app/legal-texts.server.ts): every text of content/legal/ has its Spanish and
 * French translation, with the English text's headings (same count, same levels, same order), the same facts
 * and the same links, each shop page's link in the translation's language; the cookie list's translation names
 * the English list's entries. renewal-terms.json is the checkout's consent record and is not translated here.
 */
const contentDir = new URL("../content/", import.meta.url).pathname;
const LANGUAGES = ["es", "fr"] as const;
const NOT_PAGES = ["renewal-terms.json"];
const englishFiles = readdirSync(join(contentDir, "legal")).filter((f) => !NOT_PAGES.includes(f));
const read = (...path: string[]) => readFileSync(join(contentDir, ...path), "utf8");

const headings = (source: string) =>
  parseLegalText(source).flatMap((b) => (b.kind === "h2" || b.kind === "h3" ? [b.kind] : []));
const facts = (source: string) => [...source.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const links = (source: string) =>
  parseLegalText(source).flatMap((b) => {
    const parts: Inline[] = b.kind === "p" ? b.inline : b.kind === "ul" ? b.items.flat() : ([] as Inline[]);
    return parts.flatMap((p) => (p.kind === "link" ? [p.href] : []));
  });
/** A shop page's link in the language: `/privacy` → `/es/privacy`; an e-mail or another site as it is. */
const inLanguage = (href: string, locale: string) => (href.startsWith("/") ? `/${locale}${href}` : href);

describe("the legal texts' translations", () => {
  it("covers every legal page's file, and the pages read every text there is", () => {
    expect(englishFiles.filter((f) => f.endsWith(".md")).sort()).toEqual(
      LEGAL_TEXTS.map((n) => `${n}.md`).sort(),
    );
    expect(englishFiles).toContain("cookies.json");
  });

  describe.each(LANGUAGES)("%s", (locale) => {
    it.each(englishFiles)("has a translation of %s", (file) => {
      expect(
        existsSync(join(contentDir, "i18n", locale, "legal", file)),
        `content/i18n/${locale}/legal/${file}`,
      ).toBe(true);
    });

    it.each(englishFiles.filter((f) => f.endsWith(".md")))(
      "%s: the English headings, facts and links",
      (file) => {
        const english = read("legal", file);
        const path = join(contentDir, "i18n", locale, "legal", file);
        if (!existsSync(path)) return; // the test above names it
        const translation = readFileSync(path, "utf8");
        expect(headings(translation), "section headings").toEqual(headings(english));
        expect(facts(translation), "{{facts}}").toEqual(facts(english));
        expect(links(translation), "links").toEqual(links(english).map((h) => inLanguage(h, locale)));
      },
    );

    it("cookies.json: the English entries' words, by name, in the English order", () => {
      const path = join(contentDir, "i18n", locale, "legal", "cookies.json");
      if (!existsSync(path)) return;
      const english = JSON.parse(read("legal", "cookies.json"));
      const translation = JSON.parse(readFileSync(path, "utf8"));
      expect(Object.keys(translation).sort()).toEqual(["browserStorage", "cookies"]);
      for (const list of ["cookies", "browserStorage"] as const) {
        const names = (entries: { name: string }[]) => entries.map((e) => e.name);
        expect(names(translation[list]), list).toEqual(names(english[list]));
        for (const entry of translation[list]) {
          expect(Object.keys(entry).sort(), entry.name).toEqual(["lifetime", "name", "purpose"]);
          expect(entry.purpose.trim(), entry.name).not.toBe("");
          expect(entry.lifetime.trim(), entry.name).not.toBe("");
        }
      }
    });
  });
});

describe("a legal page's text in the page's language", () => {
  const services = {
    env: {
      SMTP_URL: undefined,
      TWILIO_ACCOUNT_SID: undefined,
      SUPPORT_EMAIL: "help@mana.test",
      SHIPPING_FLAT_RATE: 5.95,
      SHIP_TO_COUNTRIES: ["US", "CA"],
      PENDING_ORDER_MAX_AGE_DAYS: 7,
    },
    payments: { name: "test" },
    identity: { providers: {} },
  } as unknown as Parameters<typeof legalTextFor>[0];
  const text = (blocks: ReturnType<typeof legalTextFor>) => JSON.stringify(blocks);

  it("is English at /terms, exactly the file with the shop's facts", () => {
    expect(legalSource("en", "terms")).toBe(read("legal", "terms.md"));
    const blocks = legalTextFor(services, new Request("http://shop.test/terms"), "terms");
    expect(blocks[0]).toEqual({ kind: "h2", text: "Who you buy from", id: "who-you-buy-from" });
    expect(text(blocks)).toContain("Last updated: November 27, 2026.");
    expect(text(blocks)).toContain("We ship to the United States and Canada.");
  });

  it("is Spanish at /es/terms and French at /fr/privacy, dates in the language, English anchors kept", () => {
    const es = legalTextFor(services, new Request("http://shop.test/es/terms"), "terms");
    expect(es[0]).toEqual({ kind: "h2", text: "A quién le compras", id: "who-you-buy-from" });
    expect(text(es)).toContain("Última actualización: 27 de noviembre de 2026.");
    expect(text(es)).toContain("Enviamos a Estados Unidos y Canadá.");
    expect(text(es)).toContain('"href":"/es/privacy"');
    const fr = legalTextFor(services, new Request("http://shop.test/fr/privacy"), "privacy");
    expect(fr[0]).toMatchObject({ kind: "h2", text: "Qui nous sommes", id: "who-we-are" });
    expect(text(fr)).toContain("27 novembre 2026");
    expect(text(fr)).toContain("mailto:help@mana.test");
    expect(text(fr)).toContain('"href":"/fr/contact"');
  });

  it("gives the cookie list's words in the language, English at /", () => {
    const english = JSON.parse(read("legal", "cookies.json"));
    expect(cookieListIn("en").cookies[0]?.purpose).toBe(english.cookies[0].purpose);
    const fr = cookieListIn("fr");
    expect(fr.cookies.map((c) => c.name)).toEqual(english.cookies.map((c: { name: string }) => c.name));
    expect(fr.cookies[0]).toMatchObject({ name: "mana.session_token", strictlyNecessary: true });
    expect(fr.cookies[0]?.purpose).toMatch(/^Vous garde connecté/);
    expect(fr.storage[2]?.lifetime).toMatch(/^Jusqu’à/);
  });
});
