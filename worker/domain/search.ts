// Global search: one query over the seven lists, on exactly the fields docs/product/search-and-notifications.md
// names, through the trigram index of migrations/0004_search_index.sql (a miss costs no more than a hit).
import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { codes, joinLog, removedMembers, tribelistEntries, vouches } from "#drizzle/schema";
import type { Section } from "#contract/access";
import type { Db } from "./context";
import { anyColumnLike, ftsPhrase, trigramsServe } from "./paging";

export type SearchList = "vouches" | "tribelist" | "join-log" | "leave-log" | "codes";
/**
 * `key` is what the list's own page can be searched for to show the row. `at` (epoch ms: vouched, joined, left, last
 * saved) and `matched` (the field the query was found in) tell two results of the same name apart.
 */
export type SearchResult = {
  list: SearchList;
  tab: string;
  name: string;
  id: string;
  key: string;
  server?: string;
  at: number | null;
  matched: string | null;
};

/** Each list's searched fields as a person calls them, in the order a match is named. */
const FIELD_LABELS: Record<string, string> = {
  displayName: "display name",
  entryName: "name",
  username: "username",
  code: "code",
  aliases: "aliases",
  notes: "notes",
  discordId: "Discord id",
  vouched: "Discord id",
  user: "Discord id",
  idText: "Discord id",
  vouchedBy: "voucher's Discord id",
};

/**
 * The searched fields a list's result already holds under another name (a log row's id and a vouch's key are Discord
 * ids, an entry's name is its name): each column is selected once, since one selected twice comes back from D1's batch
 * in another column's place.
 */
const ASIDE: Record<SearchList, (r: { id: string; name: string; key?: string }) => Record<string, unknown>> = {
  vouches: (r) => ({ vouched: r.key }),
  tribelist: (r) => ({ entryName: r.name }),
  "join-log": (r) => ({ idText: r.id }),
  "leave-log": (r) => ({ idText: r.id }),
  codes: () => ({}),
};

/** The first searched field that holds the query (case aside): the index found the row, this names why. */
function matchedField(row: Record<string, unknown>, q: string): string | null {
  const needle = q.toLowerCase();
  for (const [field, label] of Object.entries(FIELD_LABELS)) {
    const value = row[field];
    if (typeof value === "string" && value.toLowerCase().includes(needle)) return label;
  }
  return null;
}

/** The section each list belongs to (contract/access.ts): a member finds only what they may view. */
export const SEARCH_SECTIONS: Record<SearchList, Section> = {
  vouches: "vouches",
  tribelist: "tribelists",
  "join-log": "logs",
  "leave-log": "logs",
  codes: "codes",
};

const TABS: Record<SearchList, string> = {
  vouches: "Vouches",
  tribelist: "Tribelists",
  "join-log": "Join Log",
  "leave-log": "Leave Log",
  codes: "Codes",
};

/**
 * Each indexed list's number in search_index's rowids (migrations/0004_search_index.sql): rowid = key * 8 + list. The
 * three tribelists are small and keyed by text ids, so they are searched with LIKE.
 */
const INDEX_LIST: Partial<Record<SearchList, number>> = { vouches: 1, "join-log": 3, "leave-log": 4, codes: 5 };

/**
 * A case-insensitive substring condition over the list's searched fields: through the index (the row's key among the
 * documents of its list that contain the phrase), or for a short query LIKE over the columns, wildcards escaped.
 */
function contains(q: string, list: SearchList, key: SQLiteColumn | null, columns: SQLiteColumn[]): SQL {
  if (!key || !trigramsServe(q)) return anyColumnLike(columns, q)!;
  return sql`${key} in (select rowid >> 3 from search_index where search_index match ${ftsPhrase(q)} and (rowid & 7) = ${INDEX_LIST[list]})`;
}

export async function search(db: Db, q: string, perList = 8): Promise<SearchResult[]> {
  const query = q.trim();
  if (query.length < 1) return [];
  const [v, t, j, l, c] = await db.batch([
    db
      .select({
        id: vouches._id,
        key: vouches.vouched,
        name: sql<string>`coalesce(${vouches.displayName}, ${vouches.username}, ${vouches.vouchedUsername}, ${vouches.vouched})`,
        at: vouches.vouchedAtMs,
        username: vouches.username,
        displayName: vouches.displayName,
        vouchedBy: vouches.vouchedBy,
        notes: vouches.notes,
        aliases: vouches.aliases,
        discordId: vouches.discordId,
      })
      .from(vouches)
      .where(
        contains(query, "vouches", vouches.id, [
          vouches.username,
          vouches.displayName,
          vouches.vouched,
          vouches.vouchedBy,
          vouches.notes,
          vouches.aliases,
          vouches.discordId,
        ]),
      )
      .orderBy(vouches.id)
      .limit(perList),
    db
      .select({
        id: tribelistEntries._id,
        name: tribelistEntries.name,
        server: tribelistEntries.server,
        at: sql<number>`${tribelistEntries.updatedAt}`,
        username: tribelistEntries.username,
        discordId: tribelistEntries.discordId,
      })
      .from(tribelistEntries)
      .where(
        contains(query, "tribelist", null, [
          tribelistEntries.name,
          tribelistEntries.username,
          tribelistEntries.discordId,
        ]),
      )
      .limit(perList),
    db
      .select({
        id: joinLog.id,
        name: sql<string>`coalesce(${joinLog.displayName}, ${joinLog.username}, ${joinLog.id})`,
        at: joinLog.joinedAt,
        displayName: joinLog.displayName,
        username: joinLog.username,
      })
      .from(joinLog)
      .where(contains(query, "join-log", joinLog.rowId, [joinLog.displayName, joinLog.username, joinLog.id]))
      .limit(perList),
    db
      .select({
        id: removedMembers.id,
        name: sql<string>`coalesce(${removedMembers.displayName}, ${removedMembers.username}, ${removedMembers.id})`,
        at: removedMembers.leftAt,
        displayName: removedMembers.displayName,
        username: removedMembers.username,
      })
      .from(removedMembers)
      .where(
        contains(query, "leave-log", removedMembers.rowId, [
          removedMembers.displayName,
          removedMembers.username,
          removedMembers.id,
        ]),
      )
      .limit(perList),
    db
      .select({
        id: codes._id,
        name: sql<string>`coalesce(${codes.username}, ${codes.code}, ${codes.user})`,
        at: sql<number>`${codes.updatedAt}`,
        username: codes.username,
        code: codes.code,
        user: codes.user,
      })
      .from(codes)
      .where(contains(query, "codes", codes.id, [codes.username, codes.code, codes.user]))
      .orderBy(codes.id)
      .limit(perList),
  ]);
  // Each list's page is searched for the row's key: the vouched id, else the name shown (or the Discord id).
  const tag =
    (list: SearchList) =>
    (
      r: { id: string; name: string; key?: string; server?: string; at: number | null } & Record<string, unknown>,
    ): SearchResult => ({
      list,
      tab: TABS[list],
      id: r.id,
      name: r.name,
      key: r.key ?? (list === "join-log" || list === "leave-log" ? r.id : r.name),
      ...(r.server ? { server: r.server } : {}),
      at: typeof r.at === "number" ? r.at : null,
      matched: matchedField({ ...r, ...ASIDE[list](r) }, query),
    });
  return [
    ...v.map(tag("vouches")),
    ...t.map(tag("tribelist")),
    ...j.map(tag("join-log")),
    ...l.map(tag("leave-log")),
    ...c.map(tag("codes")),
  ];
}
