// Child process of server/db/pglite.ts: creates and migrates a PGlite data directory, then exits.
import { openHere } from "./pglite.ts";

const [dir] = process.argv.slice(2);
if (!dir) throw new Error("usage: node server/db/pglite-prepare.ts <data directory>");
const database = await openHere(dir);
await database.close();
