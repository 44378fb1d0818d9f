// Who joined and left the tribe's Discord, and the vouches made in Discord: the lists the dashboard reads, and the
// idempotent ingestion the Discord bot posts to. Re-sending a batch changes nothing; the natural keys decide.
import { asc, desc, getTableColumns, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { joinLog, removedMembers, VOUCH_STATUSES, vouches, type VoucherInfo } from "#drizzle/schema";
import type { Db, Deps } from "./context";
import { commit, newObjectId } from "./context";
import { snowflakeTime, storedAvatarOf } from "./discord";
import { formatVouchDate, parseVouchDate } from "./vouches";
import { anyColumnLike, countedPage, type PageQuery, type SearchPage } from "./paging";
import { discordIdSchema } from "#contract/ids";
import { queueAlerts } from "./alerts";

// ---------------------------------------------------------------------------------------------------------------
// Reading

type JoinRow = typeof joinLog.$inferSelect;
type LeaveRow = typeof removedMembers.$inferSelect;

export function joinJson(row: JoinRow) {
  const { rowId: _r, ...rest } = row;
  return rest;
}
export function leaveJson(row: LeaveRow) {
  const { rowId: _r, ...rest } = row;
  return rest;
}

/** The join log, oldest join first. */
export async function listJoinLog(db: Db) {
  return (await db.select().from(joinLog).orderBy(asc(joinLog.joinedAt), asc(joinLog.rowId))).map(joinJson);
}

/** Removed members, by joinedAt ascending as the join log; unknown join times last. */
export async function listRemovedMembers(db: Db) {
  const t = removedMembers;
  const rows = await db
    .select()
    .from(t)
    .orderBy(sql`${t.joinedAt} is null`, asc(t.joinedAt), asc(t.leftAt), asc(t.rowId));
  return rows.map(leaveJson);
}

/**
 * The Logs page's join log tab: searched over the columns it shows (user id, display name, username, invite code,
 * inviter id), counted and paged in SQL, in the list's order (joinedAt ascending; the join_log_joined index).
 */
export async function searchJoinLog(
  db: Db,
  { q = "", page = 1, size = 25 }: PageQuery,
): Promise<SearchPage<ReturnType<typeof joinJson>>> {
  const t = joinLog;
  const where = anyColumnLike([t.id, t.displayName, t.username, t.inviteCode, t.inviterId], q);
  // The inviter's stored avatar rides with each row, so the page needs no second read.
  const pageAt = (n: number) =>
    db
      .select({ ...getTableColumns(t), inviterAvatar: storedAvatarOf(t.inviterId) })
      .from(t)
      .where(where)
      .orderBy(asc(t.joinedAt), asc(t.rowId))
      .limit(size)
      .offset((n - 1) * size);
  const found = await countedPage(db, t, where, pageAt, { page, size });
  return { ...found, rows: found.rows.map(({ inviterAvatar, ...row }) => ({ ...joinJson(row), inviterAvatar })) };
}

/**
 * The Logs page's leave log tab: searched over user id, display name, username, leave reason and the voucher's id and
 * name, counted and paged in SQL, in the list's order (unknown join times last).
 */
export async function searchRemovedMembers(
  db: Db,
  { q = "", page = 1, size = 25 }: PageQuery,
): Promise<SearchPage<ReturnType<typeof leaveJson>>> {
  const t = removedMembers;
  const where = anyColumnLike(
    [
      t.id,
      t.displayName,
      t.username,
      t.leaveReason,
      sql`json_extract(${t.voucherInfo}, '$.vouchedBy')`,
      sql`json_extract(${t.voucherInfo}, '$.vouchedByUsername')`,
    ],
    q,
  );
  // The voucher's stored avatar rides with each row, so the page needs no second read.
  const pageAt = (n: number) =>
    db
      .select({
        ...getTableColumns(t),
        vouchedByAvatar: storedAvatarOf(sql`json_extract(${t.voucherInfo}, '$.vouchedBy')`),
      })
      .from(t)
      .where(where)
      .orderBy(sql`${t.joinedAt} is null`, asc(t.joinedAt), asc(t.leftAt), asc(t.rowId))
      .limit(size)
      .offset((n - 1) * size);
  const found = await countedPage(db, t, where, pageAt, { page, size });
  return { ...found, rows: found.rows.map(({ vouchedByAvatar, ...row }) => ({ ...leaveJson(row), vouchedByAvatar })) };
}

// ---------------------------------------------------------------------------------------------------------------
// Input schemas

/** Discord's epoch (2015-01-01): no Discord event is older. Seconds instead of milliseconds would fall before it. */
const DISCORD_EPOCH = 1420070400000;
/** Epoch milliseconds, or an ISO 8601 date-time (as Discord's API writes them). */
const instant = z.union(
  [
    z.number().int().min(DISCORD_EPOCH, "must be epoch milliseconds").max(8.64e15),
    z
      .string()
      .datetime({ offset: true, message: "must be epoch milliseconds or an ISO 8601 date-time" })
      .transform((s) => Date.parse(s)),
  ],
  {
    errorMap: (issue, ctx) => ({
      message:
        issue.code === "invalid_union" ? "must be epoch milliseconds or an ISO 8601 date-time" : ctx.defaultError,
    }),
  },
);
const snowflake = discordIdSchema;
const name = z.string().max(100, "is at most 100 characters").nullable().optional();
const url = z.string().url("must be a URL").max(500).nullable().optional();

export const joinInput = z.object({
  id: snowflake,
  displayName: name,
  username: name,
  avatarURL: url,
  joinedAt: instant,
  /** When the Discord account was created; read from the id when absent. */
  createdAt: instant.nullable().optional(),
  inviteCode: z.string().max(100).nullable().optional(),
  inviterId: snowflake.nullable().optional(),
});

export const leaveInput = z
  .object({
    id: snowflake,
    displayName: name,
    username: name,
    userAvatarURL: url,
    joinedAt: instant.nullable().optional(),
    leftAt: instant,
    leaveReason: z.string().max(500).nullable().optional(),
    /** Who vouched for the member; looked up in the vouches when absent. */
    voucherInfo: z
      .object({
        id: z.string().max(40).nullable().optional(),
        vouchedBy: z.string().max(40).nullable().optional(),
        vouchedByUsername: name,
      })
      .nullable()
      .optional(),
  })
  .refine((l) => l.joinedAt == null || l.joinedAt <= l.leftAt, {
    message: "must not be after leftAt",
    path: ["joinedAt"],
  });

const vouchDate = z.string().transform((s, ctx) => {
  const trimmed = s.trim();
  const ms = parseVouchDate(trimmed) ?? (/^\d{4}-\d{2}-\d{2}(T.*)?$/.test(trimmed) ? Date.parse(trimmed) : null);
  if (ms === null || Number.isNaN(ms)) {
    ctx.addIssue({ code: "custom", message: "must be a date as month/day/year (or ISO 8601)" });
    return z.NEVER;
  }
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
});
const free = z.string().max(500, "is at most 500 characters").nullable().optional();

export const vouchInput = z.object({
  /** The Discord message the vouch was made in: re-sending it adds nothing. */
  sourceMessageId: snowflake,
  vouched: snowflake,
  vouchedUsername: name,
  vouchedBy: snowflake,
  vouchedByUsername: name,
  /** month/day/year; today (UTC) when absent. */
  vouchedAt: vouchDate.optional(),
  status: z
    .enum(VOUCH_STATUSES, { errorMap: () => ({ message: `must be one of ${VOUCH_STATUSES.join(", ")}` }) })
    .optional(),
  username: name,
  displayName: name,
  discordId: snowflake.nullable().optional(),
  notes: free,
  aliases: free,
  igName: name,
  igNameServer2: name,
  igNameServer3: name,
  vouchedAvatar: url,
  vouchedAvatarHash: z.string().max(100).nullable().optional(),
});

const batch = <T extends z.ZodTypeAny>(item: T, max: number) =>
  z
    .array(item, { message: "must be an array of entries" })
    .min(1, "must hold at least one entry")
    .max(max, `holds at most ${max} entries per request`);
export const joinBatch = batch(joinInput, 500);
export const leaveBatch = batch(leaveInput, 500);
export const vouchBatch = batch(vouchInput, 100);

export type IngestCounts = { received: number; inserted: number; unchanged: number };

// ---------------------------------------------------------------------------------------------------------------
// Ingestion

const nameOf = (e: { displayName?: string | null; username?: string | null; id: string }) =>
  e.displayName || e.username || e.id;

/** "{name} joined the Discord", or "{name} and N others ...". */
export function batchMessage(names: string[], verb: string) {
  if (names.length === 1) return `${names[0]} ${verb} the Discord`;
  const others = names.length - 1;
  return `${names[0]} and ${others} other${others === 1 ? "" : "s"} ${verb} the Discord`;
}

/** The entries whose key is not in `existing` and not repeated earlier in the batch. */
function newOnly<T>(entries: T[], key: (e: T) => string, existing: Set<string>) {
  const seen = new Set(existing);
  return entries.filter((e) => {
    const k = key(e);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Selects a column pair for the given ids, 90 ids per query (D1 binds at most 100 values). */
async function keysFor<T>(ids: string[], query: (chunk: string[]) => Promise<T[]>) {
  const unique = [...new Set(ids)];
  const out: T[] = [];
  for (let i = 0; i < unique.length; i += 90) out.push(...(await query(unique.slice(i, i + 90))));
  return out;
}

/** Splits rows into multi-row statements under D1's 100 bound values. */
const chunks = <T extends object>(rows: T[], columns: number) => {
  const size = Math.max(1, Math.floor(99 / columns));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
};

/** D1's answer when a unique index refused a row (drizzle may wrap it; the cause then says so). */
export const isUniqueViolation = (error: unknown) =>
  /UNIQUE constraint/i.test(`${String(error)} ${String((error as { cause?: unknown })?.cause ?? "")}`);

type BatchStatements = Parameters<typeof commit>[1];

export async function ingestJoins(deps: Deps, entries: z.output<typeof joinInput>[]): Promise<IngestCounts> {
  const key = (e: { id: string; joinedAt: number }) => `${e.id}:${e.joinedAt}`;
  const existing = await keysFor(
    entries.map((e) => e.id),
    (chunk) =>
      deps.db.select({ id: joinLog.id, joinedAt: joinLog.joinedAt }).from(joinLog).where(inArray(joinLog.id, chunk)),
  );
  const fresh = newOnly(entries, key, new Set(existing.map(key)));
  if (fresh.length === 0) return { received: entries.length, inserted: 0, unchanged: entries.length };
  const rows = fresh.map((e) => ({
    id: e.id,
    displayName: e.displayName ?? null,
    username: e.username ?? null,
    avatarURL: e.avatarURL ?? null,
    joinedAt: e.joinedAt,
    createdAt: e.createdAt ?? snowflakeTime(e.id),
    inviteCode: e.inviteCode ?? null,
    inviterId: e.inviterId ?? null,
  }));
  const writes: BatchStatements = chunks(rows, 8).map((part) =>
    deps.db.insert(joinLog).values(part).onConflictDoNothing().returning({ rowId: joinLog.rowId }),
  );
  const results = (await commit(
    deps,
    writes,
    [{ entity: "join_log", entityId: null, action: "ingest", after: { received: entries.length, entries: rows } }],
    [{ type: "discord_join", message: batchMessage(rows.map(nameOf), "joined") }, { type: "joined_members_update" }],
  )) as unknown[];
  const inserted = results.slice(0, writes.length).reduce<number>((n, r) => n + (r as unknown[]).length, 0);
  return { received: entries.length, inserted, unchanged: entries.length - inserted };
}

/** The latest vouch of each user, as a leave entry's voucherInfo. */
async function voucherInfoFor(db: Db, ids: string[]) {
  const rows = await keysFor(ids, (chunk) =>
    db
      .select({
        id: vouches.id,
        vouched: vouches.vouched,
        vouchedBy: vouches.vouchedBy,
        vouchedByUsername: vouches.vouchedByUsername,
      })
      .from(vouches)
      .where(inArray(vouches.vouched, chunk))
      .orderBy(desc(vouches.id)),
  );
  const info = new Map<string, VoucherInfo>();
  for (const r of rows) {
    if (!info.has(r.vouched))
      info.set(r.vouched, { id: String(r.id), vouchedBy: r.vouchedBy, vouchedByUsername: r.vouchedByUsername });
  }
  return info;
}

export async function ingestLeaves(deps: Deps, entries: z.output<typeof leaveInput>[]): Promise<IngestCounts> {
  const key = (e: { id: string; leftAt: number }) => `${e.id}:${e.leftAt}`;
  const existing = await keysFor(
    entries.map((e) => e.id),
    (chunk) =>
      deps.db
        .select({ id: removedMembers.id, leftAt: removedMembers.leftAt })
        .from(removedMembers)
        .where(inArray(removedMembers.id, chunk)),
  );
  const fresh = newOnly(entries, key, new Set(existing.map(key)));
  if (fresh.length === 0) return { received: entries.length, inserted: 0, unchanged: entries.length };
  const vouchers = await voucherInfoFor(
    deps.db,
    fresh.filter((e) => e.voucherInfo === undefined).map((e) => e.id),
  );
  const rows = fresh.map((e) => ({
    id: e.id,
    displayName: e.displayName ?? null,
    username: e.username ?? null,
    userAvatarURL: e.userAvatarURL ?? null,
    joinedAt: e.joinedAt ?? null,
    leftAt: e.leftAt,
    leaveReason: e.leaveReason ?? null,
    voucherInfo: e.voucherInfo === undefined ? (vouchers.get(e.id) ?? null) : e.voucherInfo,
  }));
  const writes: BatchStatements = chunks(rows, 8).map((part) =>
    deps.db.insert(removedMembers).values(part).onConflictDoNothing().returning({ rowId: removedMembers.rowId }),
  );
  const results = (await commit(
    deps,
    writes,
    [
      {
        entity: "removed_members",
        entityId: null,
        action: "ingest",
        after: { received: entries.length, entries: rows },
      },
    ],
    [{ type: "discord_leave", message: batchMessage(rows.map(nameOf), "left") }, { type: "removed_members_update" }],
  )) as unknown[];
  const inserted = results.slice(0, writes.length).reduce<number>((n, r) => n + (r as unknown[]).length, 0);
  // Discord alerts: each member who left, once.
  await queueAlerts(
    deps,
    rows.map((r) => ({
      kind: "member-left" as const,
      key: `left:${r.id}:${r.leftAt}`,
      content: `👋 ${nameOf(r)} left the Discord${r.leaveReason ? ` (${r.leaveReason})` : ""}${r.voucherInfo?.vouchedByUsername ? `, vouched by ${r.voucherInfo.vouchedByUsername}` : ""}`,
    })),
  );
  return { received: entries.length, inserted, unchanged: entries.length - inserted };
}

/**
 * Vouches made in Discord. New ones (by sourceMessageId) get the next numeric ids in the order sent; status defaults
 * to Not Provided, vouchedAt to today. A concurrent writer taking the same id makes the batch fail as a whole; it is
 * then read and tried once more.
 */
export async function ingestVouches(
  deps: Deps,
  entries: z.output<typeof vouchInput>[],
  now = Date.now(),
): Promise<IngestCounts> {
  for (let attempt = 0; ; attempt++) {
    const existing = await keysFor(
      entries.map((e) => e.sourceMessageId),
      (chunk) =>
        deps.db.select({ key: vouches.sourceMessageId }).from(vouches).where(inArray(vouches.sourceMessageId, chunk)),
    );
    const fresh = newOnly(entries, (e) => e.sourceMessageId, new Set(existing.map((r) => r.key!)));
    if (fresh.length === 0) return { received: entries.length, inserted: 0, unchanged: entries.length };
    const [{ max }] = await deps.db.select({ max: sql<number | null>`max(${vouches.id})` }).from(vouches);
    const today = new Date(now);
    const todayMs = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
    const created = new Date(now);
    const rows: (typeof vouches.$inferInsert)[] = fresh.map((e, i) => {
      const at = e.vouchedAt ?? todayMs;
      return {
        _id: newObjectId(),
        id: (max ?? 0) + 1 + i,
        username: e.username ?? e.vouchedUsername ?? null,
        displayName: e.displayName ?? null,
        discordId: e.discordId ?? e.vouched,
        notes: e.notes ?? null,
        aliases: e.aliases ?? null,
        igName: e.igName ?? null,
        igNameServer2: e.igNameServer2 ?? null,
        igNameServer3: e.igNameServer3 ?? null,
        vouchedAvatar: e.vouchedAvatar ?? null,
        vouchedAvatarHash: e.vouchedAvatarHash ?? null,
        status: e.status ?? "Not Provided",
        vouched: e.vouched,
        vouchedUsername: e.vouchedUsername ?? null,
        vouchedAt: formatVouchDate(at),
        vouchedAtMs: at,
        vouchedBy: e.vouchedBy,
        vouchedByUsername: e.vouchedByUsername ?? null,
        sourceMessageId: e.sourceMessageId,
        createdAt: created,
        updatedAt: created,
      };
    });
    try {
      await commit(
        deps,
        rows.map((row) => deps.db.insert(vouches).values(row)),
        [
          {
            entity: "vouch",
            entityId: null,
            action: "ingest",
            after: rows,
          },
        ],
        [{ type: "vouches_update", message: `${rows.length} new vouch${rows.length === 1 ? "" : "es"} from Discord.` }],
      );
      return { received: entries.length, inserted: rows.length, unchanged: entries.length - rows.length };
    } catch (error) {
      if (attempt === 0 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}
