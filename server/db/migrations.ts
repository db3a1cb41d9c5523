import { fileURLToPath } from "node:url";

/** The committed migrations (`drizzle/`), shared by both dialects. */
export const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));
