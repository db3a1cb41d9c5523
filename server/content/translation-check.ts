import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { LOCALES, type Locale } from "../../core/i18n/locales.ts";
import { type ContentKind, isTranslatable } from "./translations.ts";

/**
 * What each language's translation of the content lacks, and what it names that English does not have
 * (decision 049, "Content"). English is content/<file>; a translation is content/i18n/<locale>/<same file>,
 * holding only translatable fields by slug (id for experts), or, for an article or story, its own file.
 */

export type ItemReport = { file: string; item: string; fields: string[] };
export type LocaleReport = { locale: Locale; missing: ItemReport[]; stale: ItemReport[] };

type Source = { file: string; kind: ContentKind; english: Record<string, unknown>; translation: unknown };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const readJson = (path: string): unknown => JSON.parse(readFileSync(path, "utf8"));
const readIfAny = (path: string): unknown => (existsSync(path) ? readJson(path) : undefined);

function keyedBy(items: unknown, key: "slug" | "id"): Record<string, unknown> {
  if (!Array.isArray(items)) throw new Error(`expected a list of items keyed by ${key}`);
  return Object.fromEntries(items.map((item) => [String(item[key]), item]));
}

/** Every file of content with words, in English and in the language. */
function sources(contentDir: string, locale: Locale): Source[] {
  const i18n = join(contentDir, "i18n", locale);
  const list: Source[] = [
    ["products.json", "products", "slug"] as const,
    ["stacks.json", "stacks", "slug"] as const,
    ["experts.json", "experts", "id"] as const,
  ].map(([file, kind, key]) => ({
    file,
    kind,
    english: keyedBy(readJson(join(contentDir, file)), key),
    translation: readIfAny(join(i18n, file)) ?? {},
  }));
  list.push({
    file: "story-reference.json",
    kind: "story-reference",
    english: readJson(join(contentDir, "story-reference.json")) as Record<string, unknown>,
    translation: readIfAny(join(i18n, "story-reference.json")) ?? {},
  });
  for (const dir of ["articles", "stories"]) {
    for (const name of readdirSync(join(contentDir, dir))
      .filter((n) => n.endsWith(".json"))
      .sort()) {
      const file = `${dir}/${name}`;
      const slug = name.replace(/\.json$/, "");
      const translation = readIfAny(join(i18n, file));
      list.push({
        file,
        kind: "articles",
        english: { [slug]: readJson(join(contentDir, file)) },
        translation: translation === undefined ? {} : { [slug]: translation },
      });
    }
    // A translated article or story whose English file is gone is stale as a whole.
    const translated = join(i18n, dir);
    if (!existsSync(translated)) continue;
    for (const name of readdirSync(translated).filter((n) => !existsSync(join(contentDir, dir, n))))
      list.push({ file: `${dir}/${name}`, kind: "articles", english: {}, translation: { [name]: {} } });
  }
  return list;
}

/** The translatable string fields of `english` that `translation` does not give as a string. */
export function missingFields(
  kind: ContentKind,
  english: unknown,
  translation: unknown,
  path: string[] = [],
): string[] {
  if (typeof english === "string")
    return isTranslatable(kind, path) && typeof translation !== "string" ? [path.join(".")] : [];
  if (Array.isArray(english))
    return english.flatMap((e, i) =>
      missingFields(kind, e, Array.isArray(translation) ? translation[i] : undefined, [...path, String(i)]),
    );
  if (!isRecord(english)) return [];
  const t = isRecord(translation) ? translation : {};
  return Object.keys(english).flatMap((k) => missingFields(kind, english[k], t[k], [...path, k]));
}

/** The fields of `translation` that are not a translatable string of `english` at the same place. */
export function staleFields(
  kind: ContentKind,
  english: unknown,
  translation: unknown,
  path: string[] = [],
): string[] {
  if (typeof translation === "string")
    return typeof english === "string" && isTranslatable(kind, path) ? [] : [path.join(".")];
  if (Array.isArray(translation))
    return Array.isArray(english)
      ? translation.flatMap((t, i) =>
          i < english.length
            ? staleFields(kind, english[i], t, [...path, String(i)])
            : [`${path.join(".")}.${i}`],
        )
      : [path.join(".")];
  if (isRecord(translation) && isRecord(english))
    return Object.keys(translation).flatMap((k) =>
      k in english ? staleFields(kind, english[k], translation[k], [...path, k]) : [[...path, k].join(".")],
    );
  return [path.join(".")];
}

export function localeReport(contentDir: string, locale: Locale): LocaleReport {
  const missing: ItemReport[] = [];
  const stale: ItemReport[] = [];
  for (const { file, kind, english, translation } of sources(contentDir, locale)) {
    const given = isRecord(translation) ? translation : {};
    for (const [item, value] of Object.entries(english)) {
      const fields = missingFields(kind, value, given[item]);
      if (fields.length) missing.push({ file, item, fields: given[item] === undefined ? ["(all)"] : fields });
    }
    for (const [item, value] of Object.entries(given)) {
      const fields = item in english ? staleFields(kind, english[item], value) : ["(the item)"];
      if (fields.length) stale.push({ file, item, fields });
    }
  }
  return { locale, missing, stale };
}

export function translationReports(contentDir: string): LocaleReport[] {
  return LOCALES.filter((l) => l !== "en").map((l) => localeReport(contentDir, l));
}

/** docs/translations-missing.md: what each language still reads in English. */
export function missingMarkdown(reports: LocaleReport[]): string {
  const lines = [
    "# Content still in English",
    "",
    'Written by `server/content/translations.test.ts` (decision 049, "Content"): each item of `content/` that',
    "has no translation, or the fields it lacks, per language. The page shows English for what is listed.",
  ];
  for (const { locale, missing } of reports) {
    lines.push("", `## ${locale}`, "");
    if (!missing.length) lines.push("Nothing missing.");
    for (const m of missing)
      lines.push(
        `- ${m.file} \`${m.item}\`: ${m.fields.length > 6 ? `${m.fields.length} fields` : m.fields.join(", ")}`,
      );
  }
  return `${lines.join("\n")}\n`;
}
