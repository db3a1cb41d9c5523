import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Where Node keeps the shop's compiled modules between starts (`NODE_COMPILE_CACHE`): `npm start`
 * (scripts/start.mjs) and the journeys' shops (scripts/e2e.mjs) share it, so a start skips loading Node's
 * TypeScript stripper and compiling the server's files again.
 */
export const COMPILE_CACHE_DIR = join(tmpdir(), "node-compile-cache");
