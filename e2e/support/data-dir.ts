import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A new data directory for a shop a journey starts itself. It holds a copy of the run's migrated embedded
 * database (`E2E_DATA_TEMPLATE`, made once by scripts/e2e.mjs), so the shop starts in about a second instead
 * of creating and migrating one (~10 s on two cores); the shop seeds it on start as it would an empty one.
 * `firstStart` leaves it empty: the shop's first start on a new clone, initdb and all.
 */
export function journeyDataDir(name: string, options: { firstStart?: boolean } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), `mana-e2e-${name}-`));
  const template = process.env.E2E_DATA_TEMPLATE;
  if (template && !options.firstStart) cpSync(template, join(dir, "pglite"), { recursive: true });
  return dir;
}
