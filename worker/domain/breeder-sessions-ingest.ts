// What the tribe's bot sends about breeding sessions (claim sessions and session stats): the bodies it may send, and
// their ingestion, which inserts new rows, updates changed ones and leaves the rest untouched.
import { inArray } from "drizzle-orm";
import { z } from "zod";
import { breederSessionStats, claimSessions } from "#drizzle/schema";
import type { AuditEntry, Deps } from "./context";
import { commit, newObjectId } from "./context";
import { BREEDER_EVENT } from "./breeder-tables";
import { byKey, inChunks } from "./d1-chunks";
import { discordIdSchema, objectIdSchema } from "#contract/ids";

/** What the triggers keep for the search and the cards (migrations/0010, 0012): never sent. */
import { INGEST_LIMIT } from "./breeder-sessions";

const discordId = discordIdSchema;
/** Epoch milliseconds, or an ISO date-time as JSON.stringify writes a Date. */
const instant = z.union(
  [
    z.number().int("must be whole milliseconds").nonnegative(),
    z
      .string()
      .datetime({ offset: true, message: "must be epoch milliseconds or an ISO date-time" })
      .transform((s) => Date.parse(s)),
  ],
  { errorMap: () => ({ message: "must be epoch milliseconds or an ISO date-time" }) },
);
const count = z
  .number({ invalid_type_error: "must be a number" })
  .int("must be a whole number")
  .nonnegative("must be 0 or more");
const measure = z.number({ invalid_type_error: "must be a number" }).finite().nonnegative("must be 0 or more");

/** A body that is the list itself, or an object holding it under `key`. */
const listBody = <T extends z.ZodTypeAny>(key: string, item: T) =>
  z.preprocess(
    (b) => (b && typeof b === "object" && !Array.isArray(b) && key in b ? (b as Record<string, unknown>)[key] : b),
    z
      .array(item, { invalid_type_error: `must be a list, or an object with "${key}"` })
      .min(1, "holds no rows")
      .max(INGEST_LIMIT, `holds at most ${INGEST_LIMIT} rows per request`),
  );

const uniqueBy = (key: string) => (rows: Record<string, unknown>[], ctx: z.RefinementCtx) => {
  const seen = new Set<unknown>();
  rows.forEach((r, i) => {
    if (seen.has(r[key]))
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [i, key], message: "appears twice in the body" });
    seen.add(r[key]);
  });
};

export const claimSessionsIngestSchema = listBody(
  "sessions",
  z
    .object({
      _id: objectIdSchema,
      dinoName: z.string({ required_error: "is required" }).trim().min(1, "is required").max(100),
      instructions: z.string().max(4000).nullable().default(null),
      max: count.nullable().default(null),
      claims: z.array(discordId).max(1000).default([]),
      completed: z.array(discordId).max(1000).default([]),
      ended: z.boolean().default(false),
      breederId: discordId.nullable().default(null),
      createdAt: instant,
      updatedAt: instant.optional(),
    })
    .transform((s) => ({ ...s, updatedAt: s.updatedAt ?? s.createdAt })),
).superRefine(uniqueBy("_id"));

export const sessionStatsIngestSchema = listBody(
  "stats",
  z
    .object({
      _id: objectIdSchema.optional(),
      breederId: discordId,
      totalCreatedSessions: count.default(0),
      totalSessions: count.default(0),
      totalClaims: count.default(0),
      averageSessionDuration: measure.default(0),
      totalCompletions: count.default(0),
      averageCompletionRate: measure.default(0),
      totalEndedSessions: count.default(0),
      totalRemovals: count.optional(),
      totalCancellations: count.optional(),
    })
    .transform(({ totalRemovals, totalCancellations, ...s }) => ({
      ...s,
      totalRemovals: totalRemovals ?? totalCancellations ?? 0,
    })),
).superRefine(uniqueBy("breederId"));

export type ClaimSessionIn = z.infer<typeof claimSessionsIngestSchema>[number];
export type SessionStatsIn = z.infer<typeof sessionStatsIngestSchema>[number];

export type IngestSummary = { received: number; inserted: number; updated: number; unchanged: number };

const SESSION_FIELDS = [
  "dinoName",
  "instructions",
  "max",
  "claims",
  "completed",
  "ended",
  "breederId",
  "createdAt",
  "updatedAt",
] as const;
const STATS_FIELDS = [
  "totalCreatedSessions",
  "totalSessions",
  "totalClaims",
  "averageSessionDuration",
  "totalCompletions",
  "averageCompletionRate",
  "totalEndedSessions",
  "totalRemovals",
] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const pick = <K extends string>(row: Record<string, unknown>, fields: readonly K[]) =>
  Object.fromEntries(fields.map((f) => [f, row[f]])) as Record<K, unknown>;

/** The rows that differ from the stored ones in `fields`, each with its stored row (none for a new one), and the counts. */
function changedRows<In extends Record<string, unknown>, Stored extends Record<string, unknown>, K extends string>(
  rows: In[],
  stored: Map<string, Stored>,
  keyOf: (row: In) => string,
  fields: readonly K[],
) {
  const changed = rows.flatMap((row) => {
    const before = stored.get(keyOf(row));
    const after = pick(row, fields);
    return before && same(pick(before, fields), after) ? [] : [{ row, before, after }];
  });
  const inserted = changed.filter((c) => !c.before).length;
  const summary: IngestSummary = {
    received: rows.length,
    inserted,
    updated: changed.length - inserted,
    unchanged: rows.length - changed.length,
  };
  return { changed, summary };
}

/** Upserts claim sessions on _id. Rows equal to the stored ones are not written, audited or announced. */
export async function ingestClaimSessions(deps: Deps, sessions: ClaimSessionIn[]): Promise<IngestSummary> {
  const stored = await byKey(
    sessions.map((s) => s._id),
    (ids) => deps.db.select().from(claimSessions).where(inArray(claimSessions._id, ids)),
    (r) => r._id,
  );
  const { changed, summary } = changedRows(sessions, stored, (s) => s._id, SESSION_FIELDS);
  const writes = [];
  const audit: AuditEntry[] = [];
  for (const { row: s, before, after } of changed) {
    const { _id, ...fields } = s;
    writes.push(deps.db.insert(claimSessions).values(s).onConflictDoUpdate({ target: claimSessions._id, set: fields }));
    audit.push({
      entity: "claim_session",
      entityId: s._id,
      action: before ? "update" : "insert",
      before: before ? pick(before, SESSION_FIELDS) : undefined,
      after,
    });
  }
  if (writes.length) await commit(deps, writes as never, audit, [BREEDER_EVENT]);
  return summary;
}

/** Upserts per-breeder statistics on breederId. Rows equal to the stored ones are not written. */
export async function ingestSessionStats(deps: Deps, stats: SessionStatsIn[]): Promise<IngestSummary> {
  const stored = await byKey(
    stats.map((s) => s.breederId),
    (ids) => deps.db.select().from(breederSessionStats).where(inArray(breederSessionStats.breederId, ids)),
    (r) => r.breederId,
  );
  // An _id the bot sends is kept for a new breeder unless another breeder's row already has it.
  const givenIds = stats.flatMap((s) => (s._id && !stored.has(s.breederId) ? [s._id] : []));
  const takenIds = new Set(
    (
      await inChunks(givenIds, (ids) =>
        deps.db
          .select({ _id: breederSessionStats._id })
          .from(breederSessionStats)
          .where(inArray(breederSessionStats._id, ids)),
      )
    ).map((r) => r._id),
  );
  const { changed, summary } = changedRows(stats, stored, (s) => s.breederId, STATS_FIELDS);
  const writes = [];
  const audit: AuditEntry[] = [];
  for (const { row: s, before, after } of changed) {
    const { _id, breederId, ...fields } = s;
    const id = before?._id ?? (_id && !takenIds.has(_id) ? _id : newObjectId());
    writes.push(
      deps.db
        .insert(breederSessionStats)
        .values({ _id: id, breederId, ...fields, updatedAt: new Date() })
        .onConflictDoUpdate({ target: breederSessionStats.breederId, set: { ...fields, updatedAt: new Date() } }),
    );
    audit.push({
      entity: "breeder_session_stats",
      entityId: id,
      action: before ? "update" : "insert",
      before: before ? { breederId, ...pick(before, STATS_FIELDS) } : undefined,
      after: { breederId, ...after },
    });
  }
  if (writes.length) await commit(deps, writes as never, audit, [BREEDER_EVENT]);
  return summary;
}
