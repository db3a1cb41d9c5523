import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The import direction of docs/decisions/010-layout-and-import-direction.md and, inside server/, of
 * docs/decisions/033-order-life-and-server-layers.md, as `npm run lint` enforces it:
 * probe files planted in each folder, linted by the project's own Biome configuration.
 */
const root = join(import.meta.dirname, "../..");
const probe = `zz_import_probe_${randomBytes(4).toString("hex")}`;
const planted: string[] = [];

function plant(path: string, source: string): string {
  const full = join(root, path);
  mkdirSync(join(full, ".."), { recursive: true });
  writeFileSync(full, source);
  // Removed afterwards up to the probe's own folder (never a folder of the project's, e.g. server/api).
  const parts = path.split("/");
  planted.push(parts.slice(0, parts.findIndex((p) => p.startsWith(probe)) + 1).join("/"));
  return path;
}

/** The rules each planted file breaks, as Biome reports them: errors only (what makes `npm run lint` fail). */
function lint(...paths: string[]): { path: string; rule: string }[] {
  let out: string;
  try {
    out = execFileSync(
      "npx",
      [
        "biome",
        "lint",
        "--reporter=json",
        "--only=style/noRestrictedImports",
        "--only=suspicious/noImportCycles",
        ...paths,
      ],
      { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] },
    );
  } catch (err) {
    out = (err as { stdout: string }).stdout;
  }
  const report = JSON.parse(out) as {
    diagnostics: { severity: string; category: string; location: { path: string } }[];
  };
  return report.diagnostics
    .filter((d) => d.severity === "error")
    .map((d) => ({ path: d.location.path, rule: d.category.replace("lint/", "") }));
}

afterAll(() => {
  for (const dir of new Set(planted)) rmSync(join(root, dir), { recursive: true, force: true });
});

describe("import direction", () => {
  it("refuses core/ importing app/ or server/, server/ importing app/, and app/ importing server/ outside *.server.ts", () => {
    const files = [
      plant(
        `core/${probe}/from-app.ts`,
        `import { formatDate } from "../../app/lib/format-date.ts";\nexport const a = formatDate;\n`,
      ),
      plant(
        `core/${probe}/from-server.ts`,
        `import { createApp } from "../../server/app.ts";\nexport const b = createApp;\n`,
      ),
      plant(
        `server/${probe}/from-app.ts`,
        `import { formatDate } from "../../app/lib/format-date.ts";\nexport const c = formatDate;\n`,
      ),
      plant(
        `app/${probe}/from-server.ts`,
        `import { createApp } from "../../server/app.ts";\nexport const d = createApp;\n`,
      ),
    ];
    const found = lint(...files);
    for (const path of files) expect(found).toContainEqual({ path, rule: "style/noRestrictedImports" });
  });

  it("lets app/*.server.ts import server/, and every folder import core/", () => {
    const files = [
      plant(
        `app/${probe}/page.server.ts`,
        `import { createApp } from "../../server/app.ts";\nexport const e = createApp;\n`,
      ),
      plant(
        `app/${probe}/uses-core.ts`,
        `import { formatMoney } from "../../core/money.ts";\nexport const f = formatMoney;\n`,
      ),
      plant(
        `server/${probe}/uses-core.ts`,
        `import { formatMoney } from "../../core/money.ts";\nexport const g = formatMoney;\n`,
      ),
    ];
    expect(lint(...files)).toEqual([]);
  });

  it("refuses hono in domain folders of server/, and lets server/api/ and server/http/ use it", () => {
    const refused = [
      plant(`server/${probe}/from-hono.ts`, `import { Hono } from "hono";\nexport const h = new Hono();\n`),
      plant(
        `server/cart/${probe}/sets-cookie.ts`,
        `import { setCookie } from "hono/cookie";\nexport const i = setCookie;\n`,
      ),
    ];
    const found = lint(...refused);
    for (const path of refused) expect(found).toContainEqual({ path, rule: "style/noRestrictedImports" });

    const allowed = [
      plant(`server/api/${probe}/adapter.ts`, `import { Hono } from "hono";\nexport const j = new Hono();\n`),
      plant(
        `server/http/${probe}/middleware.ts`,
        `import { createMiddleware } from "hono/factory";\nexport const k = createMiddleware;\n`,
      ),
      plant(
        `server/${probe}/throws.ts`,
        `import { NotFound } from "../domain-errors.ts";\nexport const l = () => new NotFound();\n`,
      ),
    ];
    expect(lint(...allowed)).toEqual([]);
  });

  it("refuses an import against the direction of the server's domain folders (decision 033)", () => {
    const refused = [
      plant(
        `server/orders/${probe}/from-subscriptions.ts`,
        `import { stateOf } from "../../subscriptions/subscription-rows.ts";\nexport const m = stateOf;\n`,
      ),
      plant(
        `server/cart/${probe}/from-orders.ts`,
        `import { UUID } from "../../orders/order-rows.ts";\nexport const n = UUID;\n`,
      ),
      plant(
        `server/payments/${probe}/from-checkout.ts`,
        `import { recordCheckoutPayment } from "../../checkout/record-payment.ts";\nexport const o = recordCheckoutPayment;\n`,
      ),
      plant(
        `server/audit/${probe}/from-orders.ts`,
        `import { UUID } from "../../orders/order-rows.ts";\nexport const p = UUID;\n`,
      ),
      // The other domain folders have their places too: orders/ below reviews/, content/ below orders/,
      // auth/ below the dashboard's admin/.
      plant(
        `server/orders/${probe}/from-reviews.ts`,
        `import { reviewRules } from "../../reviews/reviews.ts";\nexport const s = reviewRules;\n`,
      ),
      plant(
        `server/content/${probe}/from-orders.ts`,
        `import { UUID } from "../../orders/order-rows.ts";\nexport const t = UUID;\n`,
      ),
      plant(
        `server/auth/${probe}/from-admin.ts`,
        `import { listPage } from "../../admin/orders.ts";\nexport const u = listPage;\n`,
      ),
    ];
    const found = lint(...refused);
    for (const path of refused) expect(found).toContainEqual({ path, rule: "style/noRestrictedImports" });

    const allowed = [
      plant(
        `server/subscriptions/${probe}/uses-orders.ts`,
        `import { UUID } from "../../orders/order-rows.ts";\nexport const q = UUID;\n`,
      ),
      plant(
        `server/reviews/${probe}/uses-orders.ts`,
        `import { UUID } from "../../orders/order-rows.ts";\nexport const v = UUID;\n`,
      ),
      plant(
        `server/auth/${probe}/uses-better-auth-admin.ts`,
        `import { defaultStatements } from "better-auth/plugins/admin/access";\nexport const w = defaultStatements;\n`,
      ),
      plant(
        `server/orders/${probe}/uses-provider.ts`,
        `import { PaymentProviderError } from "../../payments/provider.ts";\nexport const r = PaymentProviderError;\n`,
      ),
    ];
    expect(lint(...allowed)).toEqual([]);
  });

  it("refuses an import cycle", () => {
    const a = plant(
      `server/${probe}/cycle-a.ts`,
      `import { b } from "./cycle-b.ts";\nexport const a = () => b;\n`,
    );
    const b = plant(
      `server/${probe}/cycle-b.ts`,
      `import { a } from "./cycle-a.ts";\nexport const b = () => a;\n`,
    );
    const found = lint(a, b);
    expect(found).toContainEqual({ path: a, rule: "suspicious/noImportCycles" });
  });
});
