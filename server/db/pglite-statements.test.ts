import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changesWhatIsRead, KEPT_STATEMENTS, PreparedStatements } from "./pglite-statements.ts";

// The embedded database's thread runs every statement through PreparedStatements (decision 057): what it
// answers must be what PGlite's own query() answers, statement by statement.
describe("statements parsed and planned once on the embedded database", () => {
  let client: PGlite;
  let statements: PreparedStatements;
  const preparedCount = async () =>
    (
      await client.query<{ n: number }>(
        "select count(*)::int as n from pg_prepared_statements where name like 'mana\\_%'",
      )
    ).rows[0]?.n;

  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec(`
      set time zone 'UTC';
      create table notes (id serial primary key, body text unique not null, tags text[], data jsonb,
        at timestamptz, n bigint);
    `);
    statements = new PreparedStatements(client);
  }, 60_000);
  afterAll(async () => {
    await client?.close();
  });

  it("answers as PGlite's query() does: rows, fields, counts, each type of parameter and of column", async () => {
    const insert =
      "insert into notes (body, tags, data, at, n) values ($1, $2, $3, $4, $5) returning id, body, tags, data, at, n";
    const values = (body: string) => [
      body,
      ["a", "b,c"],
      { nested: [1, "two"] },
      new Date("2026-11-28T10:00:00Z"),
      9007199254740993n,
    ];
    const mine = await statements.query<Record<string, unknown>>(insert, values("one"), undefined);
    const theirs = await client.query<Record<string, unknown>>(insert, values("two"), undefined);
    expect({ ...mine.rows[0], id: 0, body: "" }).toEqual({ ...theirs.rows[0], id: 0, body: "" });
    expect(mine.fields).toEqual(theirs.fields);
    expect(mine.affectedRows).toBe(1);

    const select =
      "select body, tags, data, at, n, null::text as nothing from notes where body = any($1) order by body";
    for (const rowMode of ["object", "array"] as const) {
      const a = await statements.query(select, [["one", "two"]], { rowMode });
      const b = await client.query(select, [["one", "two"]], { rowMode });
      expect(a.rows).toEqual(b.rows);
      expect(a.fields).toEqual(b.fields);
    }
    const update = "update notes set n = n + $1 where body in ($2, $3)";
    expect((await statements.query(update, [1, "one", "two"], undefined)).affectedRows).toBe(2);
    expect((await statements.query(update, [1, "none", "nothing"], undefined)).affectedRows).toBe(0);
  });

  it("parses a statement once however often it runs, and each new one once", async () => {
    const before = await preparedCount();
    const text = "select count(*)::int as n from notes where body <> $1";
    for (const body of ["x", "y", "z"]) await statements.query(text, [body], undefined);
    expect(await preparedCount()).toBe((before ?? 0) + 1);
    await statements.query("select 1 as one", [], undefined);
    expect(await preparedCount()).toBe((before ?? 0) + 2);
  });

  it("gives the database's error with its code, and the next statement runs", async () => {
    const insert = "insert into notes (body) values ($1)";
    await statements.query(insert, ["unique body"], undefined);
    const failure = await statements.query(insert, ["unique body"], undefined).catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: "23505", constraint: "notes_body_key", query: insert });
    await expect(statements.query("select $1::int as n", ["not a number"], undefined)).rejects.toMatchObject({
      code: "22P02",
    });
    expect(
      (
        await statements.query(
          "select count(*)::int as n from notes where body = $1",
          ["unique body"],
          undefined,
        )
      ).rows,
    ).toEqual([{ n: 1 }]);
  });

  it("runs inside a transaction, whose rollback undoes its writes and keeps the statement", async () => {
    const insert = "insert into notes (body) values ($1)";
    const count = "select count(*)::int as n from notes where body like $1";
    await client
      .transaction(async (tx) => {
        await statements.query(insert, ["rolled back 1"], undefined, tx);
        expect((await statements.query(count, ["rolled back%"], undefined, tx)).rows).toEqual([{ n: 1 }]);
        throw new Error("undo");
      })
      .catch(() => {});
    expect((await statements.query(count, ["rolled back%"], undefined)).rows).toEqual([{ n: 0 }]);
    await statements.query(insert, ["after the rollback"], undefined);
    expect((await statements.query(count, ["after the rollback"], undefined)).rows).toEqual([{ n: 1 }]);
  });

  it("waits for a transaction that is open, as query() does, rather than running inside it", async () => {
    let finish = () => {};
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let inserted = () => {};
    const started = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = client.transaction(async (tx) => {
      await tx.query("insert into notes (body) values ('written in the open transaction')");
      inserted();
      await held;
      await tx.rollback();
    });
    await started;
    let answered = false;
    const read = statements
      .query<{ n: number }>(
        "select count(*)::int as n from notes where body = $1",
        ["written in the open transaction"],
        undefined,
      )
      .then((r) => {
        answered = true;
        return r.rows[0]?.n;
      });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false);
    finish();
    await transaction;
    expect(await read).toBe(0);
  });

  it("forgets its statements after a change of the tables, so a row reads with its new columns", async () => {
    const select = "select * from notes where id = $1";
    const [first] = (await statements.query<Record<string, unknown>>(select, [1], undefined)).rows;
    expect(first).not.toHaveProperty("colour");
    await statements.query("alter table notes add column colour text default 'blue'", [], undefined);
    expect(await preparedCount()).toBe(0);
    expect((await statements.query<Record<string, unknown>>(select, [1], undefined)).rows[0]).toHaveProperty(
      "colour",
      "blue",
    );
    // A script (the thread's exec) that changes a table: the thread asks forget() when it says so.
    expect(changesWhatIsRead("begin; create table other (id int); commit;")).toBe(true);
    expect(
      changesWhatIsRead("begin; select pg_advisory_xact_lock(1); update notes set body = body; commit;"),
    ).toBe(false);
    expect(changesWhatIsRead("SET search_path TO elsewhere")).toBe(true);
    expect(changesWhatIsRead("set local lock_timeout = 1000")).toBe(false);
    await statements.forget();
    expect(await preparedCount()).toBe(0);
    expect(statements.size).toBe(0);
  });

  it("forgets a statement parsed by a run that was already waiting when the tables changed", async () => {
    await statements.query("select $1::int as warm", [1], undefined);
    const text = "select $1::int * 2 as twice";
    // The run is queued first, the forgetting after it: the statement it parses is dropped too.
    const first = statements.query(text, [2], undefined);
    const forgotten = statements.forget();
    await Promise.all([first, forgotten]);
    expect(statements.size).toBe(0);
    expect((await statements.query(text, [3], undefined)).rows).toEqual([{ twice: 6 }]);
  });

  it(`keeps at most ${KEPT_STATEMENTS} statements prepared, closing the one used longest ago`, async () => {
    const kept = "select $1::int + 0 as kept";
    await statements.query(kept, [1], undefined);
    for (let i = 0; i < KEPT_STATEMENTS + 20; i++) {
      await statements.query(`select $1::int + ${i} as n`, [1], undefined);
      if (i % 50 === 0) await statements.query(kept, [1], undefined);
    }
    expect(statements.size).toBe(KEPT_STATEMENTS);
    expect(await preparedCount()).toBe(KEPT_STATEMENTS);
    const names = (
      await client.query<{ statement: string }>(
        "select statement from pg_prepared_statements where name like 'mana\\_%'",
      )
    ).rows.map((r) => r.statement);
    expect(names).toContain(kept);
    expect(names).not.toContain("select $1::int + 0 as n");
    expect((await statements.query("select $1::int + 0 as n", [2], undefined)).rows).toEqual([{ n: 2 }]);
  });
});
