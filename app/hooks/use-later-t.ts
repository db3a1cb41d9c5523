import { useCallback, useRef } from "react";
import { type Translator, useT } from "../i18n/i18n.tsx";

/**
 * `t` for words formatted later, in a request's callback (a toast): it formats with the catalogue as it is
 * then. A page carries only the messages its first render used and fetches the rest after
 * (docs/decisions/049-languages.md); a `t` kept from the render that sent the request could predate them.
 * `carried` are formatted in the render too, so the page carries them from its first byte (a toast shown
 * before the whole catalogue arrives).
 */
export function useLaterT(carried: readonly string[] = []): Translator["t"] {
  const t = useT();
  for (const key of carried) t(key);
  const latest = useRef(t);
  latest.current = t;
  return useCallback((key, values) => latest.current(key, values), []);
}
