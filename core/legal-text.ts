/**
 * The shop's legal pages are written in `content/legal/*.md` by the owner, in a small part of Markdown:
 * `## ` and `### ` headings, paragraphs (separated by a blank line), `- ` lists, `[text](link)` and
 * `**strong**`. `{{fact}}` is filled in from what the code knows (the configured providers, the shipping
 * rate), so the text never says more than the shop does. Pure: the page and its tests read it alike.
 */

export type Inline =
  | { kind: "text"; text: string }
  | { kind: "strong"; text: string }
  | { kind: "link"; text: string; href: string };

export type LegalBlock =
  | { kind: "h2"; text: string; id: string }
  | { kind: "h3"; text: string; id: string }
  | { kind: "p"; inline: Inline[] }
  | { kind: "ul"; items: Inline[][] };

/** The text with every `{{fact}}` filled in; a fact the code does not give is an error (a test reads every page). */
export function fillFacts(text: string, facts: Record<string, string>): string {
  return text.replace(/\{\{\s*([A-Za-z][\w]*)\s*\}\}/g, (_, key: string) => {
    const value = facts[key];
    if (value === undefined) throw new Error(`legal text: no fact named {{${key}}}`);
    return value;
  });
}

/** A heading's anchor: lower case, words joined by hyphens. */
export const anchorOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** `[text](href)` and `**strong**` within a line of text. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  const pattern = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*/g;
  let last = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    if (m.index > last) out.push({ kind: "text", text: text.slice(last, m.index) });
    if (m[1] !== undefined && m[2] !== undefined) out.push({ kind: "link", text: m[1], href: m[2] });
    else if (m[3] !== undefined) out.push({ kind: "strong", text: m[3] });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ kind: "text", text: text.slice(last) });
  return out;
}

/** The blocks of a legal text. */
export function parseLegalText(source: string): LegalBlock[] {
  const blocks: LegalBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: "p", inline: parseInline(paragraph.join(" ")) });
    if (list) blocks.push({ kind: "ul", items: list.map(parseInline) });
    paragraph = [];
    list = null;
  };
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^(#{2,3})\s+(.*)$/.exec(line);
    if (!line) flush();
    else if (heading?.[1] && heading[2] !== undefined) {
      flush();
      const text = heading[2].trim();
      blocks.push({ kind: heading[1] === "##" ? "h2" : "h3", text, id: anchorOf(text) } as LegalBlock);
    } else if (line.startsWith("- ")) {
      if (paragraph.length) {
        blocks.push({ kind: "p", inline: parseInline(paragraph.join(" ")) });
        paragraph = [];
      }
      list ??= [];
      list.push(line.slice(2).trim());
    } else if (list && /^\s{2,}/.test(raw)) {
      // An indented line continues the list item above it.
      list[list.length - 1] = `${list[list.length - 1]} ${line}`;
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}
