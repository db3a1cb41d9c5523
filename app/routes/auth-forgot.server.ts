import { noStore } from "../session.server.ts";
import type { Route } from "./+types/auth-forgot";

export const headers: Route.HeadersFunction = () => noStore;
