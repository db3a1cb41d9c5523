import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompress } from "./scripts/vite-precompress.ts";
import { iconPerImporter, shellChunk } from "./scripts/vite-shell-chunk.ts";

const shell = shellChunk();

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), shell.plugin, iconPerImporter(), precompress()],
  build: { assetsInlineLimit: 0 },
  environments: {
    client: {
      build: {
        // SOURCEMAP=true maps each byte of the client chunks back to its module (bundle analysis).
        sourcemap: process.env.SOURCEMAP === "true",
        rolldownOptions: {
          output: {
            // Every page needs React and the router: one file instead of six (each response's headers
            // count too). Icons are not grouped: each travels with the component that draws it
            // (`iconPerImporter` in scripts/vite-shell-chunk.ts).
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](?:react|react-dom|scheduler|react-router)[\\/]/,
                  priority: 20,
                },
                // Everything else the root route imports statically: one file (scripts/vite-shell-chunk.ts).
                { name: "shell", test: shell.test, priority: 15 },
              ],
            },
          },
        },
      },
    },
  },
});
