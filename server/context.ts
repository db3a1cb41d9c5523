import type { Logger } from "pino";
import type { Catalogue } from "./catalogue.ts";
import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";

/** What the server hands to every API handler and React Router loader (typed router context). */
export interface AppServices {
  env: Env;
  database: Database;
  catalogue: Catalogue;
  logger: Logger;
}
