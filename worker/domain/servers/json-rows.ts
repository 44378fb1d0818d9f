// Bulk rows for D1: they travel as ONE JSON parameter read back with json_each(). D1 allows 100 bound parameters per
// statement and a limited number of statements per invocation, and a collector's batch can hold thousands of rows.
// Shared by the event log and weekly members (worker/domain/servers/).
import { getTableColumns, sql, type Table } from "drizzle-orm";

/**
 * INSERT ... SELECT from one JSON parameter (an array of arrays, in `fields` order). drizzle's insert-select writes
 * every column in the table's order, so the select is built from that order: `fixed` supplies the columns that are
 * not in the rows (the server id; null lets SQLite number the id).
 */
export function jsonSelect<T extends Table>(
  table: T,
  fields: readonly string[],
  data: unknown[][],
  fixed: Record<string, unknown>,
) {
  const columns = Object.keys(getTableColumns(table)).map((key) => {
    const i = fields.indexOf(key);
    if (i >= 0) return sql.raw(`json_extract(j.value, '$[${i}]')`);
    if (key in fixed) return sql`${fixed[key]}`;
    throw new Error(`jsonSelect: no value for ${key}`);
  });
  // "where true" keeps SQLite from reading the ON CONFLICT that follows as part of the join.
  return sql`select ${sql.join(columns, sql`, `)} from json_each(${JSON.stringify(data)}) as j where true`;
}
