// The audit trail, read: every change with who, when, what and its before and after, searched, filtered by
// section, person, record and time, and paged in SQL; and its pruning past the configured retention.
import { and, desc, eq, getTableColumns, gte, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Section } from "#contract/access";
import { entitiesOf, type AuditRow } from "#contract/audit";
import { auditLog } from "#drizzle/schema";
import type { Db } from "./context";
import { storedNameOf } from "./discord";
import { anyColumnLike, countedPage } from "./paging";
import type { SearchPage } from "#contract/search";

export type AuditQuery = {
  q: string;
  page: number;
  size: number;
  section?: Section;
  /** A person: their name as recorded, or their actor id (user:{discord id}, token:{id}). */
  person?: string;
  entity?: string;
  /** One record's history (with `entity`). */
  record?: string;
  /** Epoch milliseconds, inclusive. */
  from?: number;
  to?: number;
};

const toRow = (r: typeof auditLog.$inferSelect & { knownName?: string | null }): AuditRow => ({
  id: r.id,
  at: r.at.getTime(),
  actor: r.actor,
  // The name recorded with the change, else the name the product knows the member by now (names, not ids).
  actorName: r.actorName ?? r.knownName ?? null,
  entity: r.entity,
  entityId: r.entityId,
  action: r.action,
  before: r.before ?? null,
  after: r.after ?? null,
});

/** One page of the trail, newest first, with the count of what the filters find. */
export async function searchAudit(db: Db, query: AuditQuery): Promise<SearchPage<AuditRow> & { all: number }> {
  const conditions: (SQL | undefined)[] = [
    anyColumnLike([auditLog.entityId, auditLog.actorName, auditLog.entity, auditLog.action], query.q),
    query.section ? inArray(auditLog.entity, entitiesOf(query.section)) : undefined,
    query.person ? or(eq(auditLog.actorName, query.person), eq(auditLog.actor, query.person)) : undefined,
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.record ? eq(auditLog.entityId, query.record) : undefined,
    query.from !== undefined ? gte(auditLog.at, new Date(query.from)) : undefined,
    query.to !== undefined ? lte(auditLog.at, new Date(query.to)) : undefined,
  ];
  const where = and(...conditions.filter((c): c is SQL => c !== undefined));
  const knownName = sql<
    string | null
  >`case when ${auditLog.actor} like 'user:%' then ${storedNameOf(sql`substr(${auditLog.actor}, 6)`)} end`;
  const pageAt = (n: number) =>
    db
      .select({ ...getTableColumns(auditLog), knownName })
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.size)
      .offset((n - 1) * query.size);
  const found = await countedPage(db, auditLog, where, pageAt, query);
  return { ...found, rows: found.rows.map(toRow) };
}

/** Removes audit rows older than `cutoff` (epoch ms); answers how many went. */
export async function pruneAudit(db: Db, cutoff: number) {
  const old = lt(auditLog.at, new Date(cutoff));
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)` })
    .from(auditLog)
    .where(old);
  if (n > 0) await db.delete(auditLog).where(old);
  return n;
}
