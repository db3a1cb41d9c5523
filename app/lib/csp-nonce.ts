import { createContext } from "react";

/** The response's CSP nonce while rendering on the server; undefined in the browser (never needed there). */
export const NonceContext = createContext<string | undefined>(undefined);
