// Who joined and left the tribe's Discord: the lists the dashboard reads. The Discord bot's ingestion is in
// members-ingest.ts, its input schemas in members-input.ts.
import { asc, getTableColumns, sql } from "drizzle-orm";
import { joinLog, removedMembers } from "#drizzle/schema";
import type { Db } from "./context";
import { storedAvatarOf } from "./discord";
import { anyColumnLike, countedPage, type PageQuery } from "./paging";
import type { SearchPage } from "#contract/search";
import type { JoinEntry, LeaveEntry } from "#contract/community";

type JoinRow = typeof joinLog.$inferSelect;
type LeaveRow = typeof removedMembers.$inferSelect;

export function joinJson(row: JoinRow): JoinEntry {
  const { rowId: _r, ...rest } = row;
  return rest;
}
export function leaveJson(row: LeaveRow): LeaveEntry {
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
): Promise<SearchPage<JoinEntry>> {
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
): Promise<SearchPage<LeaveEntry>> {
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
