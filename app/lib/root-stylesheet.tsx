import { createContext, use } from "react";
import href from "../app.css?url";

/**
 * The root stylesheet, written into the document instead of linked: a first visit paints
 * from the HTML alone, without waiting a round trip for a render-blocking stylesheet. The server reads the
 * built file once (entry.server.tsx) and hands its text over through this context.
 */
export const RootStylesheetContext = createContext<string | undefined>(undefined);

export const ROOT_STYLESHEET_HREF = href;
const ID = "mana-root-css";

// In the browser the text is already in the document: hydrating with the same text keeps React's markup
// identical to the server's without shipping the stylesheet a second time inside the JavaScript.
const inDocument = typeof document === "undefined" ? undefined : document.getElementById(ID)?.textContent;

/** `<style>` with the root stylesheet (production), else a `<link>` to it (development, or no build file). */
export function RootStylesheet({ nonce }: { nonce?: string }) {
  const css = use(RootStylesheetContext) ?? inDocument ?? undefined;
  if (css === undefined) return <link rel="stylesheet" href={href} />;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the text is the build's own stylesheet (or the same text read back from this document), never input; as children React would escape the CSS.
  return <style id={ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} />;
}
