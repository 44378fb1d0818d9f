// Aggregates that would read a whole table on every view, kept until that table changes: each is stored with the
// version of its source table it was computed at (data_versions, bumped by triggers on every write: vouches in
// migrations/0004_search_index.sql, the breeder list in 0005), and is valid while that version is current.
import { and, eq } from "drizzle-orm";
import { aggregateCache, dataVersions } from "../../drizzle/schema";
import type { Db } from "./context";

/**
 * The aggregate `key` of `source`: the stored value while the source is unchanged, else `compute()`d and stored. The
 * version is read before computing, so a write that lands while computing leaves the stored value already due.
 */
export async function cachedAggregate<T>(db: Db, source: string, key: string, compute: () => Promise<T>): Promise<T> {
  const [found] = await db
    .select({ current: dataVersions.version, version: aggregateCache.version, value: aggregateCache.value })
    .from(dataVersions)
    .leftJoin(aggregateCache, and(eq(aggregateCache.key, key), eq(aggregateCache.source, dataVersions.name)))
    .where(eq(dataVersions.name, source));
  if (found && found.version === found.current) return found.value as T;
  const value = await compute();
  if (found) {
    await db
      .insert(aggregateCache)
      .values({ key, source, version: found.current, value })
      .onConflictDoUpdate({ target: aggregateCache.key, set: { source, version: found.current, value } });
  }
  return value;
}
