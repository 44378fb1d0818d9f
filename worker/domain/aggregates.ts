// Aggregates that would read a whole table on every view, kept until that table changes: each is stored with the
// version of its source table it was computed at (data_versions, bumped by triggers on every write: vouches in
// migrations/0004_search_index.sql, the breeder list in 0005), and is valid while that version is current.
import { and, eq, lt, sql } from "drizzle-orm";
import { aggregateCache, dataVersions } from "#drizzle/schema";
import { share } from "#contract/shared-json";
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
export async function settledAggregate<T>(
  db: Db,
  source: string,
  key: string,
  found: Found,
  compute: () => Promise<T>,
): Promise<T> {
  if (found && found.version === found.current) return found.value as T;
  const value = await compute();
  if (found) {
    await db.batch([
      db
        .insert(aggregateCache)
        .values({ key, source, version: found.current, value })
        .onConflictDoUpdate({ target: aggregateCache.key, set: { source, version: found.current, value } }),
      db
        .delete(aggregateCache)
        .where(and(eq(aggregateCache.source, source), lt(aggregateCache.version, found.current))),
    ]);
  }
  return value;
}

/** The aggregate `key` of `source`, read on its own (settledAggregate). */
export async function cachedAggregate<T>(db: Db, source: string, key: string, compute: () => Promise<T>): Promise<T> {
  const [found] = await aggregateRead(db, source, key);
  return settledAggregate(db, source, key, found, compute);
}

/**
 * Answers kept in this isolate while their source is unchanged (ADR 060): `read(db, key, compute)` reads the stamp of
 * the source's version (one small query) and gives the answer kept under `key` at that stamp, else `compute()`s it and
 * keeps it, shared (deep-frozen: contract/shared-json.ts), for the last `size` keys. Every write to the source
 * draws a new stamp (triggers), so a kept answer is never older than the database: the stamp is read before computing,
 * and what is computed after it is at least as new. Many members viewing the same page between two edits read its rows
 * once per isolate.
 */
export function keptWhileCurrent<T>(source: string, size: number) {
  const answers = new Map<string, { stamp: number; value: T }>();
  return async (db: Db, key: string, compute: () => Promise<T>): Promise<T> => {
    const [current] = await db
      .select({ stamp: dataVersions.stamp })
      .from(dataVersions)
      .where(eq(dataVersions.name, source));
    const found = answers.get(key);
    answers.delete(key); // the most recently used goes last, and the least recently used is dropped first
    if (current && found?.stamp === current.stamp) {
      answers.set(key, found);
      return found.value;
    }
    const value = share(await compute());
    if (current) answers.set(key, { stamp: current.stamp, value });
    if (answers.size > size) answers.delete(answers.keys().next().value as string);
    return value;
  };
}
