// Vouches: one member vouching for another. The dashboard's card cache is computed here from the rows.
import { and, asc, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import { vouches } from "#drizzle/schema";
import type { Vouch } from "#contract/community";
import type { Db, Deps } from "./context";
import { commit, deleteAudited } from "./context";
import { cachedAggregate } from "./aggregates";
import { anyColumnLike, countedRows, type PageQuery } from "./paging";

type VouchRow = typeof vouches.$inferSelect;

/** The API's JSON for a vouch: the old backend's field names, without our bookkeeping columns. */
export function vouchJson(row: VouchRow): Vouch {
  const { vouchedAtMs: _ms, createdAt: _c, updatedAt: _u, sourceMessageId: _s, ...rest } = row;
  return rest;
}

export async function listVouches(db: Db) {
  const rows = await db.select().from(vouches).orderBy(asc(vouches.id));
  return rows.map(vouchJson);
}

export async function deleteVouch(deps: Deps, _id: string) {
  const before = await deps.db.query.vouches.findFirst({ where: eq(vouches._id, _id) });
  if (!before) return null;
  await deleteAudited(deps, vouches, _id, { entity: "vouch", before: vouchJson(before) }, { type: "vouches_update" });
  return before;
}

/** Every vouch of the vouched user becomes Remove Pending (after a kick). Answers how many changed. */
export async function markRemovePending(deps: Deps, vouchedId: string) {
  const rows = await deps.db.select().from(vouches).where(eq(vouches.vouched, vouchedId));
  if (rows.length === 0) return 0;
  const now = new Date();
  await commit(
    deps,
    [deps.db.update(vouches).set({ status: "Remove Pending", updatedAt: now }).where(eq(vouches.vouched, vouchedId))],
    rows.map((r) => ({
      entity: "vouch",
      entityId: r._id,
      action: "mark-remove-pending",
      before: { status: r.status },
      after: { status: "Remove Pending" },
    })),
    [{ type: "vouches_update" }],
  );
  return rows.length;
}

/** month/day/year (the old backend's format) to epoch ms at UTC midnight; null when it is not a real date. */
export function parseVouchDate(text: string): number | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(year, month - 1, day);
  const d = new Date(ms);
  return d.getUTCMonth() === month - 1 && d.getUTCDate() === day ? ms : null;
}

export const formatVouchDate = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
};

export const monthStart = (at: Date, offset = 0) => Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1);

export type Trend = "up" | "down" | "same";
export const trendOf = (current: number, previous: number): Trend =>
  current > previous ? "up" : current < previous ? "down" : "same";

/**
 * The dashboard's card cache: this month's vouchers, the month's top voucher with the trend
 * against their last month, and every voucher's all-time counts (uncompleted = Invalid + Not Provided). Kept until a
 * vouch changes (aggregates.ts), so a view does not group every vouch.
 */
export const cardCache = (db: Db, at = new Date()) =>
  cachedAggregate(db, "vouches", `card-cache:${monthStart(at)}`, () => computeCardCache(db, at));

async function computeCardCache(db: Db, at: Date) {
  const thisMonth = monthStart(at);
  const lastMonth = monthStart(at, -1);
  const nextMonth = monthStart(at, 1);
  const name = sql<string | null>`max(${vouches.vouchedByUsername})`;

  const recent = await db
    .select({ discordId: vouches.vouchedBy, username: name, count: count() })
    .from(vouches)
    .where(and(gte(vouches.vouchedAtMs, thisMonth), lt(vouches.vouchedAtMs, nextMonth)))
    .groupBy(vouches.vouchedBy)
    .orderBy(desc(count()), asc(name));

  let mostVouches: { username: string; count: number; trend: Trend } | null = null;
  if (recent.length > 0) {
    const top = recent[0];
    const [previous] = await db
      .select({ count: count() })
      .from(vouches)
      .where(
        and(
          eq(vouches.vouchedBy, top.discordId),
          gte(vouches.vouchedAtMs, lastMonth),
          lt(vouches.vouchedAtMs, thisMonth),
        ),
      );
    mostVouches = {
      username: top.username ?? top.discordId,
      count: top.count,
      trend: trendOf(top.count, previous.count),
    };
  }

  const completed = sql<number>`sum(case when ${vouches.status} = 'Complete' then 1 else 0 end)`;
  const uncompleted = sql<number>`sum(case when ${vouches.status} in ('Invalid', 'Not Provided') then 1 else 0 end)`;
  const stats = await db
    .select({
      discordId: vouches.vouchedBy,
      username: name,
      uncompletedCount: uncompleted,
      completedCount: completed,
      totalCount: count(),
    })
    .from(vouches)
    .groupBy(vouches.vouchedBy)
    .orderBy(desc(count()), asc(name));

  return {
    recentVouchers: recent.map((r) => ({
      discordId: r.discordId,
      username: r.username ?? r.discordId,
      count: r.count,
    })),
    mostVouches,
    voucherStats: stats.map((s) => ({
      discordId: s.discordId,
      username: s.username ?? s.discordId,
      uncompletedCount: Number(s.uncompletedCount),
      completedCount: Number(s.completedCount),
      totalCount: s.totalCount,
    })),
  };
}

/**
 * Counts for the dashboard cards and chart, in SQL so the dashboard never loads every vouch:
 * totals by status group, and vouches per calendar month (UTC) for the last `months` months. Kept until a vouch changes.
 */
export const vouchStats = (db: Db, at = new Date(), months = 9) =>
  cachedAggregate(db, "vouches", `stats:${monthStart(at)}:${months}`, () => computeVouchStats(db, at, months));

async function computeVouchStats(db: Db, at: Date, months: number) {
  const completed = sql<number>`coalesce(sum(case when ${vouches.status} = 'Complete' then 1 else 0 end), 0)`;
  const uncompleted = sql<number>`coalesce(sum(case when ${vouches.status} in ('Invalid', 'Not Provided') then 1 else 0 end), 0)`;
  const [totals] = await db.select({ completed, uncompleted, total: count() }).from(vouches);
  const since = monthStart(at, -(months - 1));
  const month = sql<string>`strftime('%Y-%m', ${vouches.vouchedAtMs} / 1000, 'unixepoch')`;
  const perMonth = await db
    .select({ month, count: count() })
    .from(vouches)
    .where(gte(vouches.vouchedAtMs, since))
    .groupBy(month)
    .orderBy(month);
  return {
    completed: Number(totals.completed),
    uncompleted: Number(totals.uncompleted),
    total: totals.total,
    perMonth: perMonth.map((m) => ({ month: m.month, count: m.count })),
  };
}

/** The columns the Vouches page shows, searched by GET /api/vouches/search. */
const SEARCHED_COLUMNS = [
  sql`cast(${vouches.id} as text)`,
  vouches.igName,
  vouches.igNameServer2,
  vouches.igNameServer3,
  vouches.status,
  vouches.vouched,
  vouches.vouchedAt,
  vouches.vouchedBy,
  vouches.vouchedByUsername,
  vouches.vouchedUsername,
];

/**
 * One page of vouches, sorted by id ascending, whose displayed columns contain `q` (case-insensitive; SQLite's LIKE
 * folds ASCII case). A page past the end answers the last page, so deleting the last row of a page never strands it.
 */
export async function searchVouches(db: Db, { q = "", page = 1, size = 25 }: PageQuery) {
  const found = await countedRows(db, vouches, anyColumnLike(SEARCHED_COLUMNS, q), [asc(vouches.id)], { page, size });
  return { ...found, rows: found.rows.map(vouchJson) };
}
