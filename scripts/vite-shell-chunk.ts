import type { Plugin } from "vite";

/**
 * The "shell" chunk: the root route and every module it imports statically (its import closure), in one
 * file. The root route is on every page, so these modules load on every first visit anyway; as one file
 * they cost one request instead of a dozen files of a few hundred bytes, each paying its own response
 * headers and, over HTTP/1.1, a place in one of six connection queues.
 * Modules reached only through `import()` (the cart drawer, the account menu, dialogs) stay out of it, so
 * nothing lazy becomes eager. The root route's entry file (React Router's client route module, which must
 * keep its exports exactly) is left as a one-line `export { … } from "./shell-….js"`: 90 bytes instead of
 * 2 KB. The closure is computed once the client's module graph is known (`buildEnd`), before chunks are
 * formed, and read by the code-splitting group's `test`.
 */
export function shellChunk(rootModule = /[\\/]app[\\/]root\.tsx$/) {
  const shell = new Set<string>();
  const plugin: Plugin = {
    name: "mana:shell-chunk",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      shell.clear();
      const root = [...this.getModuleIds()].find((id) => rootModule.test(id));
      if (!root) return;
      shell.add(root);
      const stack = [root];
      while (stack.length > 0) {
        const info = this.getModuleInfo(stack.pop() as string);
        for (const dep of info?.importedIds ?? []) {
          if (shell.has(dep) || this.getModuleInfo(dep)?.isEntry) continue;
          shell.add(dep);
          stack.push(dep);
        }
      }
    },
  };
  const test = (id: string) => shell.has(id) && !/\.css(?:$|\?)/.test(id);
  return { plugin, test };
}

/**
 * Each module that draws a lucide icon gets its own copy of the icon's module (a few hundred bytes of
 * path data; the shared `createLucideIcon` and `Icon` stay single), so an icon lands in the chunk of the
 * component that draws it: the header's icons in the shell, the home page's in the home route's chunk, a
 * story's in the story reader's. Shared as one module, an icon drawn by several routes would become a
 * file of its own (or, grouped, one file of every such icon) that each of those pages loads, for a
 * hundred bytes of path data behind ~450 bytes of response headers. Icons must be imported one by one
 * (`lucide-react/icons/<name>`, enforced in biome.json), never through the barrel, which would put every
 * icon of the app into the shell. Client build only: the server renders the same markup either way.
 */
export function iconPerImporter(): Plugin {
  return {
    name: "mana:icon-per-importer",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    async resolveId(source, importer, options) {
      if (!importer || !source.startsWith("lucide-react/icons/")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      const by = importer.replace(/^.*?[\\/]app[\\/]/, "").replace(/\?.*$/, "");
      return { ...resolved, id: `${resolved.id}?drawn-by=${encodeURIComponent(by)}` };
    },
  };
}
