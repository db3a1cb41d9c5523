import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every compressible client file once, at build
 * time, so the server sends them as they are (serveStatic `precompressed`) instead of gzipping each
 * request at the default level: the home page's scripts are about 13% smaller over the wire.
 */
export function precompress(): Plugin {
  return {
    name: "mana:precompress",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(options) {
      if (!options.dir) return;
      for (const path of files(options.dir)) {
        if (!COMPRESSIBLE.test(path)) continue;
        const body = readFileSync(path);
        if (body.length < 1024) continue;
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
        writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}
