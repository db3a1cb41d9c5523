import { formatAddressLines, type ShippingAddress } from "../../core/address.ts";
import { escapeHtml as esc } from "../../core/escape-html.ts";
import type { Translator } from "../../core/i18n/translator.ts";
import { wordsIn } from "../i18n/words.ts";
import type { MailMessage } from "./mailer.ts";

/**
 * The shop's one e-mail layout: every e-mail (orders, subscriptions, reviews, account, newsletter, back
 * in stock) is a heading and blocks in this shell, with the same words in the plain-text part and the
 * HTML part.
 */

/** A block of an e-mail: its plain-text lines and the same in HTML. */
export interface EmailBlock {
  text: string[];
  html: string;
}

const INK = "#1F3A2E";
/** The style of small print, for a block that writes its own HTML. */
export const SMALL_PRINT = "font-size:13px;color:#4A524C";

/** A paragraph (plain text in both parts, escaped for HTML). */
export function paragraph(text: string): EmailBlock {
  return { text: [text], html: `<p>${esc(text)}</p>` };
}

/** Small print: why the reader got the e-mail, what to do if it was not them. */
export function smallPrint(text: string): EmailBlock {
  return { text: [text], html: `<p style="${SMALL_PRINT}">${esc(text)}</p>` };
}

/** Lines that close an e-mail, one paragraph in HTML. */
export function signature(lines: string[]): EmailBlock {
  return { text: lines, html: `<p>${lines.map(esc).join("<br>")}</p>` };
}

/** A label and its value, the value optionally a link (shown in full in the plain-text part). */
export function labelled(label: string, value: string, href?: string | null): EmailBlock {
  const shown = href
    ? `<a href="${esc(href)}" style="color:${INK}">${esc(value)}</a>`
    : `<strong>${esc(value)}</strong>`;
  return {
    text: [`${label}: ${value}${href && href !== value ? ` (${href})` : ""}`],
    html: `<p>${esc(label)}: ${shown}</p>`,
  };
}

/** A button-like link, written out in the plain-text part (as `text` when given, else `label: href`). */
export function linkBlock(label: string, href: string, text = `${label}: ${href}`): EmailBlock {
  return {
    text: [text],
    html: `<p><a href="${esc(href)}" style="display:inline-block;background:${INK};color:#F7F3EA;padding:10px 18px;border-radius:999px;text-decoration:none;font-weight:bold">${esc(label)}</a></p>`,
  };
}

/** Where an order or a subscription ships, when it has an address (orders placed before addresses have none). */
export function addressBlock(
  order: { shippingAddress: ShippingAddress | null },
  words: Translator = wordsIn("en"),
): EmailBlock | null {
  if (!order.shippingAddress) return null;
  const lines = formatAddressLines(order.shippingAddress, words.locale);
  const label = words.t("email.shippingTo");
  return {
    text: [label, ...lines],
    html: `<p>${esc(label)}<br>${lines.map(esc).join("<br>")}</p>`,
  };
}

/**
 * The shell: the heading, then the blocks, in the shop's look. The plain-text part opens with
 * `textHeading` (the heading when not given; nothing when null), then every block's lines, a blank line
 * between blocks. `home` (the shop's origin) puts the shop's name above the heading, linking to it.
 */
export function emailLayout(parts: {
  /** The e-mail's language (`<html lang>`). */
  locale?: string;
  heading: string;
  textHeading?: string | null;
  home?: string;
  blocks: (EmailBlock | null)[];
}): { text: string; html: string } {
  const blocks = parts.blocks.filter((b): b is EmailBlock => b !== null);
  const textHeading = parts.textHeading === undefined ? parts.heading : parts.textHeading;
  const lines = [
    ...(textHeading === null ? [] : [textHeading, ""]),
    ...blocks.flatMap((b) => [...b.text, ""]),
  ];
  const text = lines.slice(0, -1).join("\n");
  const home = parts.home
    ? `<p style="margin:0 0 16px"><a href="${esc(parts.home)}" style="font-family:Georgia,serif;font-size:22px;letter-spacing:3px;color:${INK};text-decoration:none">MANA</a></p>\n`
    : "";
  const html = `<!doctype html><html lang="${esc(parts.locale ?? "en")}"><body style="font-family:Arial,sans-serif;color:#1B1F1C;background:#F7F3EA;padding:24px">
${home}<h1 style="color:${INK};font-size:22px">${esc(parts.heading)}</h1>
${blocks.map((b) => b.html).join("\n")}
</body></html>`;
  return { text, html };
}

/**
 * An e-mail about the customer's purchases: heading, the blocks, a link back to the shop, the guarantee
 * and the signature, in the customer's language (`words`, English when not given).
 */
export function shopEmail(options: {
  to: string;
  subject: string;
  heading: string;
  blocks: (EmailBlock | null)[];
  link: { label: string; href: string };
  dedupeKey: string;
  words?: Translator;
}): MailMessage {
  const words = options.words ?? wordsIn("en");
  const { text, html } = emailLayout({
    locale: words.locale,
    heading: options.heading,
    blocks: [
      ...options.blocks,
      linkBlock(options.link.label, options.link.href),
      paragraph(words.t("email.guarantee")),
      signature(["MANA"]),
    ],
  });
  return {
    to: options.to,
    subject: options.subject,
    text,
    html,
    dedupeKey: options.dedupeKey,
    locale: words.locale,
  };
}
