const entities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Escapes text for HTML or XML: element content and quoted attribute values (e-mail bodies, the sitemap).
 * The five characters that markup gives a meaning to (&, <, >, " and ') become character references.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => entities[ch] ?? ch);
}
