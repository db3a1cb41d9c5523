import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, rowsOf } from "./client.ts";
import { openHere, openPglite } from "./pglite.ts";

/** The first error in a chain (Drizzle wraps the driver's) that carries a SQLSTATE. */
function sqlState(err: unknown): { code?: string; constraint?: string } {
  for (let e = err; e instanceof Error; e = e.cause)
    if ((e as { code?: unknown }).code) return e as { code?: string; constraint?: string };
  return {};
}

const count = async (db: Database["db"]) =>
  Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from notes`))[0]?.n);

// The server's embedded database runs on its own thread (decision 041): every behaviour the shop relies on
// must be the one it has on the caller's thread.
describe("the embedded database on its own thread", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "mana-thread-"));
  let shop: Database;
  let here: Database;

  beforeAll(async () => {
    shop = await openPglite(dataDir);
    here = await openHere("memory://thread-reference");
    for (const db of [shop.db, here.db]) {
      await db.execute(sql`create table notes (id serial primary key, body text unique not null)`);
      await db.execute(sql`set time zone 'UTC'`);
    }
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
    await here?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("is migrated, and answers every type as the database on this thread does", async () => {
    expect(shop.kind).toBe("pglite");
    const tables = rowsOf<{ n: number }>(
      await shop.db.execute(
        sql`select count(*)::int as n from information_schema.tables where table_name = 'orders'`,
      ),
    );
    expect(tables[0]?.n).toBe(1);
    const sample = sql`select timestamptz '2026-11-26 10:00:00+00' as tstz, timestamp '2026-11-26 10:00' as ts,
      date '2026-11-26' as d, interval '1 day 2 hours' as i, array[1.5, 2]::numeric[] as nums,
      42::int as n, 7::bigint as big, 1.25::numeric as num, true as b, '{"a":[1]}'::jsonb as j,
      array[1, 2]::int[] as ints, array['x', 'y'] as texts, null::text as nothing`;
    expect(rowsOf(await shop.db.execute(sample))).toEqual(rowsOf(await here.db.execute(sample)));
  });

  it("commits a transaction's writes, and rolls back all of them when its callback throws", async () => {
    await shop.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (body) values ('kept one'), ('kept two')`);
    });
    const before = await count(shop.db);
    await expect(
      shop.db.transaction(async (tx) => {
        await tx.execute(sql`insert into notes (body) values ('lost')`);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await count(shop.db)).toBe(before);
    // A nested transaction (a savepoint) rolls back alone.
    await shop.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (body) values ('outer')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into notes (body) values ('inner')`);
          throw new Error("inner only");
        })
        .catch(() => {});
    });
    const bodies = rowsOf<{ body: string }>(await shop.db.execute(sql`select body from notes`)).map(
      (r) => r.body,
    );
    expect(bodies).toContain("outer");
    expect(bodies).not.toContain("inner");
    expect(bodies).not.toContain("lost");
  });

  it("keeps a database error's SQLSTATE and constraint, and the transaction usable for the next caller", async () => {
    const err = await shop.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into notes (body) values ('dup')`);
        await tx.execute(sql`insert into notes (body) values ('dup')`);
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(sqlState(err)).toMatchObject({ code: "23505", constraint: "notes_body_key" });
    expect(await count(shop.db)).toBeGreaterThan(0);
  });

  it("makes a statement from outside wait for an open transaction, as one thread does", async () => {
    const seen: string[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const writing = shop.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (body) values ('in flight')`);
      seen.push("inserted");
      await held;
      seen.push("committing");
    });
    while (!seen.includes("inserted")) await new Promise((r) => setTimeout(r, 5));
    const reading = shop.db
      .execute(sql`select count(*)::int as n from notes where body = 'in flight'`)
      .then((r) => {
        seen.push(`read ${rowsOf<{ n: number }>(r)[0]?.n}`);
      });
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual(["inserted"]);
    release();
    await Promise.all([writing, reading]);
    expect(seen).toEqual(["inserted", "committing", "read 1"]);
  });

  it("delivers a notification as its transaction commits, before the commit returns", async () => {
    const heard: (string | null)[] = [];
    const listening = await shop.listen?.("thread_test", (payload) => heard.push(payload));
    await shop.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('thread_test', 'hello')`);
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual(["hello"]);
    await listening?.stop();
    await shop.db.execute(sql`select pg_notify('thread_test', 'unheard')`);
    await shop.db.execute(sql`select 1`);
    expect(heard).toEqual(["hello"]);
  });

  it("gives the job scheduler dates as dates", async () => {
    if (shop.jobs.kind !== "pglite") throw new Error("expected the embedded scheduler client");
    const { rows } = await shop.jobs.client.query<{ at: unknown }>("select now() as at");
    expect(rows[0]?.at).toBeInstanceOf(Date);
  });
});

describe("a closed embedded database thread", () => {
  it("refuses statements after close with a clear error", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "mana-thread-closed-"));
    try {
      const db = await openPglite(dataDir);
      await db.ping();
      await db.close();
      await expect(db.ping()).rejects.toThrow(/embedded database's thread stopped/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
