// What every domain function gets: the database, the Worker's env, who is acting (for the audit trail) and how to
// announce a change. Domain functions are plain: the API handlers, ingestion and the cron all call them, with deps built
// by the Worker (worker/platform/deps.ts).
import { drizzle, DrizzleD1Database, SQLiteD1Session } from "drizzle-orm/d1";
import type { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { LiveEvent, TargetedEvent } from "#contract/events";
import * as schema from "#drizzle/schema";

export type Db = DrizzleD1Database<typeof schema>;
export type Actor = { id: string; name: string };
/** Tells every signed-in browser about a committed change (and drops what it makes stale); never throws. */
export type Announce = (event: TargetedEvent) => Promise<void>;
export type Deps = {
  db: Db;
  env: Env;
  actor: Actor;
  announce: Announce;
  /** Work to do once the request's answer is made (waitUntil); absent for the cron and tests, which do it themselves. */
  afterAnswer?: (task: () => Promise<unknown>) => void;
};

export const SYSTEM: Actor = { id: "system:cron", name: "Scheduled snapshot" };

/**
 * The database of an env. Drizzle works out its relational config from the schema on each `drizzle()`, so it is worked
 * out once (the first instance's) and each D1 binding gets an instance around it: every request has a binding of its
 * own (its D1 session, ADR 036), kept here for the request's life.
 */
export const database = (env: Env): Db => databaseOf(env.DB);
export function databaseOf(d1: D1Database): Db {
  let db = databases.get(d1);
  if (!db) {
    if (!first) db = first = drizzle(d1, { schema });
    else {
      // What drizzle() builds, around the relational config already worked out (the instance's `_`).
      const { dialect, _: config } = first as unknown as { dialect: SQLiteAsyncDialect; _: never };
      db = new DrizzleD1Database("async", dialect, new SQLiteD1Session(d1, dialect, config, {}), config) as Db;
    }
    databases.set(d1, db);
  }
  return db;
}
let first: Db | undefined;
const databases = new WeakMap<D1Database, Db>();

type NullWhereAbsent<T, K extends keyof T> = { [P in K]-?: Exclude<T[P], undefined> | null };
/** A new row's optional fields from a body: each one the body left out is null. */
export function nullWhereAbsent<T extends object, K extends keyof T>(input: T, keys: readonly K[]) {
  return Object.fromEntries(keys.map((k) => [k, input[k] ?? null])) as NullWhereAbsent<T, K>;
}

/** A 24-hex-character id, like the old backend's MongoDB ObjectIds. */
export function newObjectId() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  const seconds = Math.floor(Date.now() / 1000);
  bytes[0] = (seconds >>> 24) & 0xff;
  bytes[1] = (seconds >>> 16) & 0xff;
  bytes[2] = (seconds >>> 8) & 0xff;
  bytes[3] = seconds & 0xff;
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export type AuditEntry = {
  entity: string;
  entityId: string | null;
  action: string;
  before?: unknown;
  after?: unknown;
};

const auditInsert = (deps: Deps, e: AuditEntry) =>
  deps.db.insert(schema.auditLog).values({
    actor: deps.actor.id,
    actorName: deps.actor.name,
    entity: e.entity,
    entityId: e.entityId,
    action: e.action,
    before: e.before ?? null,
    after: e.after ?? null,
  });

/**
 * A batch statement that aborts the whole D1 batch unless `condition` holds when it runs: json() of a non-JSON text
 * raises, and a failed statement rolls the batch back (SQLite has no RAISE outside triggers). Put it first.
 */
export function abortUnless(db: Db, condition: SQL, reason: string) {
  return db.select({ ok: sql`json(case when ${condition} then '0' else ${reason} end)` }).from(sql`(select 1)`);
}

/**
 * How many times a write that lost a race (its version guard aborted: another write got in between its read and its
 * batch) is read and planned again before it is answered as a conflict. Never a 500: under a crowd of racing writers
 * the loser is told, with the row as it now is.
 */
export const RACE_RETRIES = 5;

/**
 * Aborts the batch when the row no longer has the version it was read with (or is gone): another write got in between
 * the read and this batch, so nothing of it is applied, not even its audit rows. Put it before the row's update.
 */
export function versionGuard(
  db: Db,
  table: SQLiteTable & { _id: SQLiteColumn; version: SQLiteColumn },
  id: string,
  version: number,
) {
  return abortUnless(
    db,
    sql`exists (select 1 from ${table} where ${table._id} = ${id} and ${table.version} = ${version})`,
    "stale version",
  );
}

/** What a versioned save of one row comes to: saved, refused because the row moved on (with the row as it now is), or
 * the row is gone. */
export type VersionedSave<R> = { saved: R } | { conflict: R } | null;

/** A versioned save's outcome with its row shown another way (the API's JSON). */
export const mapSave = <R, J>(save: VersionedSave<R>, show: (row: R) => J): VersionedSave<J> =>
  !save ? null : "saved" in save ? { saved: show(save.saved) } : { conflict: show(save.conflict) };

type VersionedTable = SQLiteTable & { _id: SQLiteColumn; version: SQLiteColumn; updatedAt: SQLiteColumn };

/**
 * Changes the given fields of one row under its version, and answers the row as saved. `read` reads the row; `known`
 * is the row as the caller has just read it, if it has (the first plan starts from it instead of a second read).
 * - A sent version that is not the stored one is a conflict at once; a change that changes nothing writes nothing.
 * - Otherwise the version goes up by one, in one batch with the audit row behind a versionGuard, and `record` names the
 *   audit entry and the live event.
 * - A batch whose guard aborted (another save got in between the read and the batch) is read and planned again: a save
 *   without a version (an old client) is applied to the newer row; one with a version becomes a conflict. After
 *   RACE_RETRIES lost races it is answered as a conflict, never as a 500.
 */
export async function updateVersioned<R extends { version: number; updatedAt: Date }>(
  deps: Deps,
  table: VersionedTable,
  _id: string,
  read: () => Promise<R | null>,
  patch: Partial<R>,
  sent: number | undefined,
  record: (before: R, after: R) => { audit: AuditEntry; event: LiveEvent },
  known?: R,
): Promise<VersionedSave<R>> {
  let row = known ?? (await read());
  for (let attempt = 0; ; attempt++) {
    const before = row;
    if (!before) return null;
    if (sent !== undefined && sent !== before.version) return { conflict: before };
    const after: R = { ...before, ...patch };
    if (!(Object.keys(patch) as (keyof R)[]).some((k) => before[k] !== after[k])) return { saved: before };
    after.version = before.version + 1;
    after.updatedAt = new Date();
    const { audit, event } = record(before, after);
    const set = { ...patch, version: after.version, updatedAt: after.updatedAt } as Record<string, unknown>;
    try {
      await commit(
        deps,
        [versionGuard(deps.db, table, _id, before.version), deps.db.update(table).set(set).where(eq(table._id, _id))],
        [audit],
        [event],
      );
      return { saved: after };
    } catch (error) {
      // The row as the save that got in left it: planned again from it (no second read).
      const now = await read();
      if (now && now.version === before.version) throw error;
      if (now && attempt >= RACE_RETRIES) return { conflict: now };
      row = now;
    }
  }
}

/**
 * Runs the writes and their audit rows in one D1 batch (all or nothing), then tells every signed-in browser.
 * A failed publish never undoes a committed write; it is logged.
 */
export async function commit(deps: Deps, writes: BatchItem<"sqlite">[], audit: AuditEntry[], events: LiveEvent[] = []) {
  const statements = [...writes, ...audit.map((e) => auditInsert(deps, e))] as [
    BatchItem<"sqlite">,
    ...BatchItem<"sqlite">[],
  ];
  const results = statements.length ? await deps.db.batch(statements) : [];
  for (const event of events) await deps.announce(event);
  return results;
}

/** Deletes the row `_id` of `table` in one batch with its audit entry, which keeps the row as it was, and its event. */
export async function deleteAudited(
  deps: Deps,
  table: SQLiteTable & { _id: SQLiteColumn },
  _id: string,
  audit: { entity: string; before: unknown },
  event: LiveEvent,
) {
  await commit(
    deps,
    [deps.db.delete(table).where(eq(table._id, _id))],
    [{ ...audit, entityId: _id, action: "delete" }],
    [event],
  );
}

/**
 * A whole list's new order, `ids` naming each of its rows once: the rows whose place changes, each with its new place
 * (only those are written; the order is not a cell change, so versions stay), or the list's length when `ids` names a
 * row the list does not have or leaves one out. The request schemas refuse an id named twice.
 */
export function newPlaces<R extends { _id: string; order: number }>(
  rows: R[],
  ids: string[],
): { mismatch: number } | { moved: { row: R; to: number }[] } {
  const known = new Set(rows.map((r) => r._id));
  if (ids.length !== rows.length || ids.some((id) => !known.has(id))) return { mismatch: rows.length };
  const place = new Map(ids.map((id, i) => [id, i]));
  return { moved: rows.map((row) => ({ row, to: place.get(row._id)! })).filter(({ row, to }) => row.order !== to) };
}
