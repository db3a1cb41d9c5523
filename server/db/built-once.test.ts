import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { builtOnce } from "./built-once.ts";
import { products } from "./schema.ts";

const dialect = new PgDialect();

describe("a statement rendered once", () => {
  const statement = (name: unknown, slugs: unknown, limit: unknown) => sql`
    select ${products.id}, ${products.name} from ${products}
    where ${products.name} ilike ${name} and ${products.slug} = any(${slugs}) and ${products.priceCents} > ${500}
    order by word_similarity(${name}, ${products.name}) desc limit ${limit}`;
  const once = builtOnce<"name" | "slugs" | "limit">(() =>
    statement(sql.placeholder("name"), sql.placeholder("slugs"), sql.placeholder("limit")),
  );

  it("gives the text and values Drizzle renders for the statement written with its values", () => {
    for (const [name, slugs, limit] of [
      ["%gin%", ["korean-ginseng", "ashwagandha"], 5],
      ["$1 %", [], 1],
    ] as const) {
      // Each value as one parameter, as a placeholder's is (an array is not spread into a list).
      const direct = dialect.sqlToQuery(statement(sql.param(name), sql.param(slugs), sql.param(limit)));
      expect(dialect.sqlToQuery(once({ name, slugs, limit }))).toEqual(direct);
    }
  });

  it("refuses to run without a value for each placeholder", () => {
    expect(() => once({ name: "x", slugs: [] } as never)).toThrow('No value for the placeholder "limit".');
  });
});
