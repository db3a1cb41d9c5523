import type { Plugin } from "vite";

/**
 * The "shell" chunk: every module the root route imports statically (its import closure), in one file.
 * The root route is on every page, so these modules load on every first visit anyway; as one file they
 * cost one request instead of a dozen files of a few hundred bytes, each paying its own response headers
 * and, over HTTP/1.1, a place in one of six connection queues (issue 7, home-page JavaScript). Modules
 * reached only through `import()` (the cart drawer, the account menu, dialogs) stay out of it, so nothing
 * lazy becomes eager. The closure is computed once the client's module graph is known (`buildEnd`), before
 * chunks are formed, and read by the code-splitting group's `test`.
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
