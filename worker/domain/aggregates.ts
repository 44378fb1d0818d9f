// Aggregates that would read a whole table on every view, kept until that table changes: each is stored with the
// version of its source table it was computed at (data_versions, bumped by triggers on every write: vouches in
// migrations/0004_search_index.sql, the breeder list in 0005), and is valid while that version is current.
import { and, eq, lt, sql } from "drizzle-orm";
import { aggregateCache, dataVersions } from "../../drizzle/schema";
import type { Db } from "./context";

/**
 * The read of the aggregate `key` of `source`: the source's current version and the stored value, if any. Its columns
 * are named apart, as a batch needs (D1 answers a batch's rows as objects, so two columns named "version" would be one).
 */
export const aggregateRead = (db: Db, source: string, key: string) =>
  db
    .select({
      current: sql<number>`${dataVersions.version}`.as("current"),
      version: sql<number | null>`${aggregateCache.version}`.as("kept_version"),
      value: aggregateCache.value,
    })
    .from(dataVersions)
    .leftJoin(aggregateCache, and(eq(aggregateCache.key, key), eq(aggregateCache.source, dataVersions.name)))
    .where(eq(dataVersions.name, source));

type Found = Awaited<ReturnType<typeof aggregateRead>>[number] | undefined;

/**
 * The aggregate from its read (`found`, which may have ridden in another batch): the stored value while the source is
 * unchanged, else `compute()`d and stored. The version is read before computing, so a write that lands while computing
 * leaves the stored value already due. Storing one also deletes the source's aggregates of older versions, which no
 * read can use again (keys that name a month or a search would otherwise pile up).
 */
export async function settledAggregate<T>(db: Db, source: string, key: string, found: Found, compute: () => Promise<T>): Promise<T> {
  if (found && found.version === found.current) return found.value as T;
  const value = await compute();
  if (found) {
    await db.batch([
      db
        .insert(aggregateCache)
        .values({ key, source, version: found.current, value })
        .onConflictDoUpdate({ target: aggregateCache.key, set: { source, version: found.current, value } }),
      db.delete(aggregateCache).where(and(eq(aggregateCache.source, source), lt(aggregateCache.version, found.current))),
    ]);
  }
  return value;
}

/** The aggregate `key` of `source`, read on its own (settledAggregate). */
export async function cachedAggregate<T>(db: Db, source: string, key: string, compute: () => Promise<T>): Promise<T> {
  const [found] = await aggregateRead(db, source, key);
  return settledAggregate(db, source, key, found, compute);
}
