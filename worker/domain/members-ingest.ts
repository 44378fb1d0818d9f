// The idempotent ingestion the Discord bot posts to: joins, leaves and vouches made in Discord. Re-sending a batch
// changes nothing; the natural keys decide.
import { desc, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { joinLog, removedMembers, vouches, type VoucherInfo } from "#drizzle/schema";
import type { Db, Deps } from "./context";
import { commit, newObjectId, nullWhereAbsent } from "./context";
import { snowflakeTime } from "./discord";
import { formatVouchDate } from "./vouches";
import { queueAlerts } from "./alerts";
import { chunk, inChunks } from "./d1-chunks";
import type { joinInput, leaveInput, vouchInput } from "./members-input";

export type IngestCounts = { received: number; inserted: number; unchanged: number };

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

/** D1's answer when a unique index refused a row (drizzle may wrap it; the cause then says so). */
export const isUniqueViolation = (error: unknown) =>
  /UNIQUE constraint/i.test(`${String(error)} ${String((error as { cause?: unknown })?.cause ?? "")}`);

type BatchStatements = Parameters<typeof commit>[1];

export async function ingestJoins(deps: Deps, entries: z.output<typeof joinInput>[]): Promise<IngestCounts> {
  const key = (e: { id: string; joinedAt: number }) => `${e.id}:${e.joinedAt}`;
  const existing = await inChunks(
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
  // 8 columns a row: 12 rows stay under D1's 100 bound parameters.
  const writes: BatchStatements = chunk(rows, 12).map((part) =>
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
  const rows = await inChunks(ids, (chunk) =>
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
  const existing = await inChunks(
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
  // 8 columns a row: 12 rows stay under D1's 100 bound parameters.
  const writes: BatchStatements = chunk(rows, 12).map((part) =>
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
    const existing = await inChunks(
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
        discordId: e.discordId ?? e.vouched,
        ...nullWhereAbsent(e, [
          "displayName",
          "notes",
          "aliases",
          "igName",
          "igNameServer2",
          "igNameServer3",
          "vouchedAvatar",
          "vouchedAvatarHash",
          "vouchedUsername",
          "vouchedByUsername",
        ]),
        status: e.status ?? "Not Provided",
        vouched: e.vouched,
        vouchedAt: formatVouchDate(at),
        vouchedAtMs: at,
        vouchedBy: e.vouchedBy,
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
