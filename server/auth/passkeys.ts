import { asc, eq, sql } from "drizzle-orm";
import type { PasskeyView } from "../../core/contracts/passkeys.ts";
import type { Db } from "../db/client.ts";
import { perDatabase } from "../db/prepared.ts";
import { passkey } from "../db/schema.ts";

const passkeysOf = perDatabase((db) =>
  db
    .select({ id: passkey.id, name: passkey.name, createdAt: passkey.createdAt })
    .from(passkey)
    .where(eq(passkey.userId, sql.placeholder("userId")))
    .orderBy(asc(passkey.createdAt), asc(passkey.id))
    .prepare("passkeys_of_user"),
);

/** The signed-in customer's own passkeys, oldest first, for the account page (decision 052). */
export async function listPasskeysOf(db: Db, userId: string): Promise<PasskeyView[]> {
  const rows = await passkeysOf(db).execute({ userId });
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: (r.createdAt ?? new Date(0)).toISOString(),
  }));
}
