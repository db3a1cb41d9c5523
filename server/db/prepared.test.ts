import { eq, sql } from "drizzle-orm";
import { pgTable, text } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../tests/support/test-app.ts";
import type { Database, DbOrTx } from "./client.ts";
import { perDatabase } from "./prepared.ts";

const products = pgTable("prepared_test", { slug: text("slug").primaryKey(), name: text("name").notNull() });

describe("perDatabase", () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await freshDatabase("pglite"));
    await database.db.execute(sql`create table prepared_test (slug text primary key, name text not null)`);
    await database.db.insert(products).values({ slug: "prepared-test", name: "Prepared" });
  });
  afterAll(() => drop());

  it("builds a database's statements once, and a transaction's from the transaction", async () => {
    const builtFrom: DbOrTx[] = [];
    const nameOf = perDatabase((db) => {
      builtFrom.push(db);
      return db
        .select({ name: products.name })
        .from(products)
        .where(eq(products.slug, sql.placeholder("slug")))
        .prepare("prepared_test_name");
    });
    const db = database.db;
    expect(await nameOf(db).execute({ slug: "prepared-test" })).toEqual([{ name: "Prepared" }]);
    expect(await nameOf(db).execute({ slug: "none" })).toEqual([]);
    expect(builtFrom).toEqual([db]);

    // Inside a transaction the statement sees the transaction's own writes, and is rolled back with it.
    await db
      .transaction(async (tx) => {
        await tx.update(products).set({ name: "Renamed" }).where(eq(products.slug, "prepared-test"));
        expect(await nameOf(tx).execute({ slug: "prepared-test" })).toEqual([{ name: "Renamed" }]);
        expect(builtFrom).toEqual([db, tx]);
        tx.rollback();
      })
      .catch(() => {});
    expect(await nameOf(db).execute({ slug: "prepared-test" })).toEqual([{ name: "Prepared" }]);
    expect(builtFrom).toHaveLength(2);
  });
});
