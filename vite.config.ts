import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { asciiServerBuild } from "./scripts/vite-ascii-server.ts";
import { offlineWorkerVersion } from "./scripts/vite-offline-worker.ts";
import { precompress } from "./scripts/vite-precompress.ts";
import { iconPerImporter, shellChunk } from "./scripts/vite-shell-chunk.ts";

const shell = shellChunk();

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    shell.plugin,
    iconPerImporter(),
    offlineWorkerVersion(),
    precompress(),
    asciiServerBuild(),
  ],
  build: { assetsInlineLimit: 0 },
  environments: {
    client: {
      build: {
        // SOURCEMAP=true maps each byte of the client chunks back to its module (bundle analysis).
        sourcemap: process.env.SOURCEMAP === "true",
        rolldownOptions: {
          output: {
            // The framework group holds React Router's client entry too, so the file that hydrates the
            // page is the framework file itself and rolldown's helpers (`__toESM`, …) live in it: two
            // files of 250 and 730 bytes fewer on every page. The entry now runs as a dependency of the
            // route modules, before React Router's inline script has set `window.__reactRouterRouteModules`;
            // that is safe because it only schedules hydration (`startTransition`): `HydratedRouter`
            // reads those globals when it renders, in a later task. Named "framework" like the group.
            entryFileNames: (chunk) =>
              chunk.name === "entry.client" ? "assets/framework-[hash].js" : "assets/[name]-[hash].js",
            // Every page needs React and the router: one file instead of six (each response's headers
            // count too). Icons are not grouped: each travels with the component that draws it
            // (`iconPerImporter` in scripts/vite-shell-chunk.ts).
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](?:react|react-dom|scheduler|react-router)[\\/]|[\\/]entry\.client\.[jt]sx?$/,
                  priority: 20,
                },
                // The root route and everything it imports statically: one file (scripts/vite-shell-chunk.ts).
                { name: "shell", test: shell.test, priority: 15 },
                // What a product or stack card draws beside its name (the wishlist's heart, the rating's
                // stars) and the wishlist state behind the heart: small modules the home, product, stacks
                // and wishlist pages share, one file instead of five (each response's headers count too).
                {
                  name: "card-extras",
                  test: /app[\\/](?:components[\\/]shop[\\/]wishlist-heart|components[\\/]reviews[\\/]stars|hooks[\\/]use-wishlist|lib[\\/]guest-wishlist)\.tsx?$|core[\\/](?:rating|wishlist-key)\.ts$/,
                  priority: 10,
                },
              ],
            },
          },
        },
      },
    },
  },
});
