import type { Plugin } from "vite";

/** Every character outside ASCII, one UTF-16 code unit at a time (an emoji is two). */
const NON_ASCII = /[\u0080-\uffff]/g;

/**
 * The code with every character outside ASCII written as a `\uXXXX` escape, which means the same character
 * wherever it stands in a script: in a string, a template, a regular expression (a surrogate pair is one
 * code point under the `u` flag too) and a comment. Only a tagged template's raw strings would read the
 * escape instead of the character; nothing in the server build reads them.
 */
export function asciiOnly(code: string): string {
  return code.replace(NON_ASCII, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * Writes the server build in ASCII. V8 keeps a module's source text for as long as the module lives, one
 * byte a character when every character is Latin-1 and two bytes otherwise: the server build's pages hold a
 * thousand typographic quotes, dashes and symbols, which made its 2.4 million characters take 4.8 MB of
 * the server's memory instead of 2.4 (docs/performance.md, "What the server holds when it starts").
 * The browser's files keep their characters: escapes would make them larger over the wire.
 */
export function asciiServerBuild(): Plugin {
  return {
    name: "mana:ascii-server-build",
    apply: "build",
    applyToEnvironment: (environment) => environment.name !== "client",
    // After the chunks are rendered: the bundler prints a chunk returned from renderChunk again, which
    // writes the characters back.
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === "chunk") file.code = asciiOnly(file.code);
      }
    },
  };
}
