import { createContext } from "react-router";
import type { AppServices } from "../server/context.ts";

/** The server's services, handed to loaders and actions through React Router's typed context. */
export const appContext = createContext<AppServices>();

/** The Content-Security-Policy nonce of this response (server/http/security-headers.ts). */
export const cspNonceContext = createContext<string | undefined>(undefined);

/** The socket peer address of this request (server/app.ts); undefined for an in-process request (tests). */
export const peerAddressContext = createContext<string | undefined>(undefined);
