import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

/**
 * Writes the build's id into the service worker (public/sw.js, copied to the client build as sw.js): a
 * hash of every file name of the client build, which carry their contents' hashes. A deploy that changes
 * any script, style or font is a new worker, whose activation deletes the caches of the old one
 * (docs/decisions/054-offline-stories.md). Runs before the precompress plugin writes sw.js.br and .gz.
 */
export function offlineWorkerVersion(): Plugin {
  return {
    name: "mana:offline-worker-version",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle: {
      order: "pre",
      sequential: true,
      handler(options, bundle) {
        if (!options.dir) return;
        const path = join(options.dir, "sw.js");
        if (!existsSync(path)) return;
        const id = createHash("sha256")
          .update(Object.keys(bundle).sort().join("\n"))
          .digest("hex")
          .slice(0, 16);
        const source = readFileSync(path, "utf8");
        if (!source.includes('const VERSION = "BUILD_ID";'))
          throw new Error("public/sw.js names no BUILD_ID");
        writeFileSync(path, source.replace('const VERSION = "BUILD_ID";', `const VERSION = "${id}";`));
      },
    },
  };
}
