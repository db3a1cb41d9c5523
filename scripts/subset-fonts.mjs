// `node scripts/subset-fonts.mjs` (with `npx`): regenerates the shop's web fonts in app/fonts/ from the
// originals and writes app/fonts/subset.json, the characters each file holds (decision 037).
//
// The originals are the variable woff2 files of @fontsource-variable/inter and @fontsource-variable/fraunces
// (the versions in package-lock.json), which repackage Inter (rsms/inter) and Fraunces (undercasetype/Fraunces)
// from Google Fonts, both under the SIL Open Font License 1.1. The tool is fontTools (Debian:
// `apt-get install python3-fonttools python3-brotli`; elsewhere `pip install fonttools brotli`); set
// FONTTOOLS_PYTHON to a Python that has it if `python3` does not. CI and the build never run this script:
// the files it writes are committed.
//
// What is kept:
// - characters: printable ASCII, the whole Latin-1 Supplement, the French and Spanish letters of Latin
//   Extended-A (Œ œ Ÿ), the typographic punctuation and symbols English, Spanish and French text uses, and
//   every character written in content/, app/ and core/ that the original fonts draw;
// - the weight axis only between the lightest and the heaviest weight the CSS asks of each family;
// - the OpenType features browsers apply by themselves, plus tabular figures (`tabular-nums`).
//
// Each family comes as Google Fonts' "latin" file and its "latin-ext" file; a character is taken from the
// first of them that draws it, so each family gives one main file and, when a kept character is only in
// latin-ext (the dagger †, Ÿ), a small second file that the browser fetches only for a page that uses one
// (its @font-face `unicode-range` lists exactly its characters).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const out = join(root, "app/fonts");

const families = [
  {
    // Body text: 400 (normal) to 900 (`font-black`, the Supplement Facts title). Without Inter's contextual
    // alternates (`calt`: "->" drawn as an arrow, dashes and colons raised between capitals and figures),
    // which are 4 kB of the 27 kB file.
    name: "inter",
    package: "@fontsource-variable/inter",
    weights: [400, 900],
    features: ["ccmp", "clig", "kern", "liga", "locl", "mark", "mkmk", "rlig", "rvrn", "tnum"],
  },
  {
    // Headings and display type: 400 (normal) to 600 (`font-semibold`: the header's MANA, prices); the
    // original's default is 900.
    name: "fraunces",
    package: "@fontsource-variable/fraunces",
    weights: [400, 600],
    features: ["calt", "ccmp", "clig", "kern", "liga", "locl", "mark", "mkmk", "rlig", "rvrn", "tnum"],
  },
];
const parts = ["latin", "latin-ext"];

/** The characters the shop's three languages need, whether or not a page uses them today. */
function baseCharacters() {
  const set = new Set();
  const range = (a, b) => {
    for (let c = a; c <= b; c++) set.add(c);
  };
  range(0x20, 0x7e); // ASCII
  range(0xa0, 0xff); // Latin-1 Supplement: ¡ ¿ « » £ © ° and the accented letters of Spanish and French
  for (const c of [0x152, 0x153, 0x178]) set.add(c); // Œ œ Ÿ
  range(0x2000, 0x200b); // the spaces typography uses (thin, hair, figure) and the zero-width space
  for (const c of "‐‑‒–—‘’‚“”„†‡•…‰′″‹›€™−") set.add(c.codePointAt(0));
  set.add(0x202f); // narrow no-break space (French punctuation; Intl's times)
  set.add(0x2060); // word joiner
  return set;
}

/** Every character written in the shop's own text and code. */
function usedCharacters() {
  const set = new Set();
  const textExtensions = new Set([
    ".ts",
    ".tsx",
    ".css",
    ".json",
    ".md",
    ".mjs",
    ".js",
    ".txt",
    ".html",
    ".svg",
  ]);
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== "fonts" && name !== "+types") walk(path);
      } else if (textExtensions.has(extname(name))) {
        for (const ch of readFileSync(path, "utf8")) {
          const c = ch.codePointAt(0);
          if (c >= 0x20 && c !== 0x7f) set.add(c);
        }
      }
    }
  };
  for (const dir of ["content", "app", "core"]) walk(join(root, dir));
  return set;
}

function findPython() {
  const candidates = [process.env.FONTTOOLS_PYTHON, "python3", "/usr/bin/python3"].filter(Boolean);
  for (const python of candidates) {
    const probe = spawnSync(python, ["-c", "import fontTools, brotli"], { stdio: "ignore" });
    if (probe.status === 0) return python;
  }
  throw new Error("fontTools with brotli is needed: apt-get install python3-fonttools python3-brotli");
}

function run(python, args) {
  // A fixed build date in the fonts' head table, so the same originals give the same bytes.
  const env = { ...process.env, SOURCE_DATE_EPOCH: "0" };
  const result = spawnSync(python, args, { stdio: ["ignore", "inherit", "inherit"], env });
  if (result.status !== 0) throw new Error(`${python} ${args.join(" ")} failed`);
}

/** The code points a font file maps. */
function cmapOf(python, file) {
  const script =
    "import sys,json\nfrom fontTools.ttLib import TTFont\nprint(json.dumps(sorted(TTFont(sys.argv[1]).getBestCmap())))";
  const result = spawnSync(python, ["-c", script, file], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(result.stderr);
  return new Set(JSON.parse(result.stdout));
}

const hex = (c) => c.toString(16).toUpperCase().padStart(4, "0");

/** A CSS `unicode-range` naming exactly these code points (sorted), runs written as ranges. */
function unicodeRange(codes) {
  const runs = [];
  for (const c of codes) {
    const last = runs.at(-1);
    if (last && c === last[1] + 1) last[1] = c;
    else runs.push([c, c]);
  }
  return runs.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(", ");
}

const python = findPython();
const wanted = new Set([...baseCharacters(), ...usedCharacters()]);
const work = mkdtempSync(join(tmpdir(), "subset-fonts-"));
mkdirSync(out, { recursive: true });
const record = { families: {}, notInFonts: [] };
const drawnByAny = new Set();

for (const family of families) {
  const taken = new Set();
  const files = [];
  for (const part of parts) {
    const source = join(
      root,
      "node_modules",
      family.package,
      "files",
      `${family.name}-${part}-wght-normal.woff2`,
    );
    const cmap = cmapOf(python, source);
    const keep = [...wanted].filter((c) => cmap.has(c) && !taken.has(c)).sort((a, b) => a - b);
    if (keep.length === 0) continue;
    for (const c of keep) {
      taken.add(c);
      drawnByAny.add(c);
    }
    const file = `${family.name}-${part}-wght-${family.weights.join("-")}.woff2`;
    const instanced = join(work, `${family.name}-${part}.ttf`);
    run(python, [
      "-m",
      "fontTools.varLib.instancer",
      source,
      `wght=${family.weights[0]}:${family.weights[1]}`,
      "-o",
      instanced,
    ]);
    run(python, [
      "-m",
      "fontTools.subset",
      instanced,
      `--unicodes=${keep.map(hex).join(",")}`,
      `--layout-features=${family.features.join(",")}`,
      "--no-hinting",
      "--flavor=woff2",
      `--output-file=${join(out, file)}`,
    ]);
    files.push({
      file,
      bytes: statSync(join(out, file)).size,
      unicodeRange: unicodeRange(keep),
      characters: String.fromCodePoint(...keep),
    });
  }
  record.families[family.name] = { fontWeight: family.weights.join(" "), files };
}
// What the shop writes that neither family draws (pictographs, arrows, other scripts): the browser draws it
// from a system font, before and after subsetting alike.
record.notInFonts = String.fromCodePoint(
  ...[...wanted].filter((c) => !drawnByAny.has(c)).sort((a, b) => a - b),
);
writeFileSync(join(out, "subset.json"), `${JSON.stringify(record, null, 2)}\n`);
rmSync(work, { recursive: true, force: true });
for (const f of Object.values(record.families).flatMap((x) => x.files)) console.log(f.file, f.bytes, "bytes");
