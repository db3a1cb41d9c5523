import { Fragment, type ReactNode } from "react";
import type { MessageValues, Translator } from "./i18n.tsx";

/** Where an element goes in a formatted message: a private-use character, which no message holds. */
const mark = (name: string) => `\uE000${name}\uE000`;
const MARKS = /\uE000(\w+)\uE000/;

/**
 * A message with elements inside it (a link, a bold price), as one sentence (docs/decisions/049-languages.md):
 * the whole message is formatted with a mark for each element, then each element takes its mark's place,
 * so each language puts the link where its sentence needs it.
 */
export function rich(
  t: Translator["t"],
  key: string,
  elements: Record<string, ReactNode>,
  values: MessageValues = {},
): ReactNode {
  const marks = Object.fromEntries(Object.keys(elements).map((name) => [name, mark(name)]));
  const parts = t(key, { ...values, ...marks }).split(MARKS);
  return parts.map((part, i) =>
    // split() with a group alternates text and the names of the marks it found.
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one message, fixed in their order
    i % 2 === 1 ? <Fragment key={i}>{elements[part]}</Fragment> : part,
  );
}
