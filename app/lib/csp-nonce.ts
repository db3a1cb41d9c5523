import { createContext } from "react";

/** The response's CSP nonce while rendering on the server; undefined in the browser (never needed there). */
export const NonceContext = createContext<string | undefined>(undefined);

/**
 * Lets third-party widgets that add their own `<style>` elements (the scroll lock of Radix dialogs, the
 * ALTCHA widget) pass the nonce-based `style-src` (server/http/security-headers.ts). The page's nonce is
 * read from its scripts' `nonce` property (browsers hide the attribute) and handed to each in the form it
 * looks for: `__webpack_nonce__` (react-style-singleton's get-nonce) and `<meta name="csp-nonce">`
 * (ALTCHA).
 */
export function shareNonceWithWidgets(doc: Document = document): void {
  const nonce = doc.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
  if (!nonce) return;
  (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
  if (!doc.querySelector('meta[name="csp-nonce"]')) {
    const meta = doc.createElement("meta");
    meta.name = "csp-nonce";
    meta.content = nonce;
    doc.head.append(meta);
  }
}
