import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, rowsOf } from "./client.ts";
import { openHere, withoutQueryParsers } from "./pglite.ts";

// Every type whose parsing Drizzle's PGlite driver overrides, and a few it leaves to PGlite.
const sample = sql`select
  now() as tstz, localtimestamp as ts, current_date as d, interval '1 day 2 hours' as i,
  array[1.5, 2]::numeric[] as nums, array[now()]::timestamptz[] as tstzs, array[localtimestamp] as tss,
  array[interval '1 hour'] as intervals, array[current_date] as dates,
  42::int as n, 7::bigint as big, 1.25::numeric as num, true as b, '{"a":[1]}'::jsonb as j,
  array[1, 2]::int[] as ints, array['x', 'y'] as texts, null::text as nothing`;

describe("the shop's PGlite client", () => {
  let shop: Database;
  let plain: PGlite;

  beforeAll(async () => {
    shop = await openHere("memory://parsers");
    plain = new PGlite("memory://plain");
  });
  afterAll(async () => {
    await shop.close();
    await plain.close();
  });

  it("parses every type as Drizzle's own PGlite driver does, outside and inside transactions", async () => {
    // Freeze the clock-dependent values so both databases answer the same text.
    const fixed = sql`set time zone 'UTC'`;
    const reference = drizzle(plain);
    await reference.execute(fixed);
    await shop.db.execute(fixed);
    const strip = (rows: Record<string, unknown>[]) =>
      rows.map(({ tstz, ts, d, tstzs, tss, dates, ...rest }) => ({
        ...rest,
        shapes: [tstz, ts, d, tstzs, tss, dates].map((v) => typeof v),
      }));
    const expected = strip((await reference.execute(sample)).rows);
    expect(expected[0]?.shapes).toEqual(["string", "string", "string", "string", "string", "string"]);
    expect(strip(rowsOf(await shop.db.execute(sample)))).toEqual(expected);
    const inTx = await shop.db.transaction(async (tx) => rowsOf(await tx.execute(sample)));
    expect(strip(inTx)).toEqual(expected);
  });

  it("drops only Drizzle's per-query parsers and passes any others through", async () => {
    const calls: unknown[] = [];
    const fake = {
      query: async (_q: string, _p?: unknown[], options?: unknown) => {
        calls.push(options);
        return { rows: [] };
      },
    };
    const client = withoutQueryParsers(fake);
    const asText = (v: string) => v;
    const drizzleSet = Object.fromEntries(
      [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, asText]),
    );
    await client.query("select 1", [], { rowMode: "array", parsers: drizzleSet });
    await client.query("select 1", [], { rowMode: "array", parsers: { 1184: asText } });
    await client.query("select 1");
    expect(calls).toEqual([{ rowMode: "array" }, { rowMode: "array", parsers: { 1184: asText } }, undefined]);
  });
});
