/** What the HTTP middleware keeps on a request's context (Hono variables). */
export type HttpVariables = {
  requestId: string;
  /** This answer's Content-Security-Policy nonce. */
  cspNonce: string;
  /** The nonce written while rendering: a placeholder when the page is rendered for the page cache. */
  renderNonce?: string;
  /** Set when the page cache has already compressed the answer. */
  skipCompress?: boolean;
};
