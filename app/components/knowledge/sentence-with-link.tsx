import type { ReactNode } from "react";
import { useT } from "../../i18n/i18n.tsx";

/** Stands in for the link while the sentence is formatted; no message contains it. */
const SLOT = "\u2063";

/**
 * A sentence with a link inside it, in the page's language (docs/decisions/049-languages.md): the message
 * names the link as a value (`"… {signIn} to save …"`), the link's own words are a message of their own.
 */
export function SentenceWithLink({
  message,
  slot,
  link,
}: {
  message: string;
  slot: string;
  link: ReactNode;
}) {
  const t = useT();
  const [before = "", after = ""] = t(message, { [slot]: SLOT }).split(SLOT);
  return (
    <>
      {before}
      {link}
      {after}
    </>
  );
}
