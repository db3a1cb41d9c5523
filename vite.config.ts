import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompress } from "./scripts/vite-precompress.ts";
import { shellChunk } from "./scripts/vite-shell-chunk.ts";

const shell = shellChunk();

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), shell.plugin, precompress()],
  build: { assetsInlineLimit: 0 },
  environments: {
    client: {
      build: {
        // SOURCEMAP=true maps each byte of the client chunks back to its module (bundle analysis).
        sourcemap: process.env.SOURCEMAP === "true",
        rolldownOptions: {
          output: {
            // Every page needs React and the router: one file instead of six (each response's headers
            // count too). Icons shared by several routes become one file rather than one file each.
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](?:react|react-dom|scheduler|react-router)[\\/]/,
                  priority: 20,
                },
                // Everything else the root route imports statically: one file (scripts/vite-shell-chunk.ts).
                { name: "shell", test: shell.test, priority: 15 },
                { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, priority: 10 },
              ],
            },
          },
        },
      },
    },
  },
});
