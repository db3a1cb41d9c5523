import { is, Placeholder, type SQL, type SQLChunk, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";

const dialect = new PgDialect();

/**
 * A statement whose SQL text Drizzle renders once. `build` writes it with `sql.placeholder(name)` where a
 * run's values go; each run binds `values` to the rendered text: a handful of chunks, where rendering the
 * statement walks every column, name and operator again (the site search: ~100 KB of garbage and ~0.1 ms a
 * request, docs/performance.md). Its text must not hold `$` and a digit outside its parameters.
 */
export function builtOnce<K extends string>(build: () => SQL): (values: Record<K, unknown>) => SQL {
  const rendered = dialect.sqlToQuery(build());
  // "a $1 b $2 c" -> ["a ", "1", " b ", "2", " c"]: text, parameter number, text, …
  const parts = rendered.sql.split(/\$(\d+)/);
  return (values) => {
    const chunks: SQLChunk[] = [];
    for (let i = 0; i < parts.length; i += 2) {
      chunks.push(sql.raw(parts[i] as string));
      const number = parts[i + 1];
      if (number === undefined) continue;
      const param = rendered.params[Number(number) - 1];
      if (is(param, Placeholder)) {
        if (!(param.name in values)) throw new Error(`No value for the placeholder "${param.name}".`);
        chunks.push(sql.param(values[param.name as K]));
      } else chunks.push(sql.param(param));
    }
    return sql.join(chunks);
  };
}
