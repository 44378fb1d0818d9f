// Claim sessions and per-breeder session statistics, written by the Discord bot through ingestion (bulk upserts that
// are idempotent: a row equal to what is stored is left alone, so the same body twice changes nothing).
import { and, desc, eq, getTableColumns, gt, gte, lt, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { breederList, breederSessionStats, claimSessions } from "#drizzle/schema";
import { storedAvatarOf, storedNameOf } from "./discord";
import type { Db } from "./context";
import type { ClaimFilter, ClaimSummary } from "#contract/breeder";
import { dayBounds, offsetSpans } from "#contract/zones";
import { DAY_MS } from "#contract/time";
import {
  contains,
  countedPageWith,
  ftsPhrase,
  pageBounds,
  SEARCH_SEPARATOR,
  trigramsServe,
  type PageQuery,
} from "./paging";
import { compareLeaderboard, LEADERBOARD_FIELDS, leaderboardRow } from "#contract/breeder";
import { matches, type SearchPage } from "#contract/search";

/** What the triggers keep for the search and the cards (migrations/0010, 0012): never sent. */
type Kept = "searchText" | "rowKey" | "claimCount" | "completedCount";
type SessionRow = Omit<typeof claimSessions.$inferSelect, Kept>;
/** The columns a page reads: all but those kept for the search and the cards. */
const SESSION_COLUMNS = (({
  searchText: _text,
  rowKey: _key,
  claimCount: _claims,
  completedCount: _completed,
  ...columns
}) => columns)(getTableColumns(claimSessions));
type StatsRow = typeof breederSessionStats.$inferSelect;

/** Most rows one ingestion request may carry (each becomes a write and an audit row in one D1 batch). */
export const INGEST_LIMIT = 250;

export const sessionJson = (r: SessionRow) => ({
  _id: r._id,
  dinoName: r.dinoName,
  instructions: r.instructions,
  max: r.max,
  claims: r.claims,
  completed: r.completed,
  ended: r.ended,
  breederId: r.breederId,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

export const statsJson = (r: StatsRow) => ({
  _id: r._id,
  breederId: r.breederId,
  totalCreatedSessions: r.totalCreatedSessions,
  totalSessions: r.totalSessions,
  totalClaims: r.totalClaims,
  averageSessionDuration: r.averageSessionDuration,
  totalCompletions: r.totalCompletions,
  averageCompletionRate: r.averageCompletionRate,
  totalEndedSessions: r.totalEndedSessions,
  totalRemovals: r.totalRemovals,
});

/** Newest first. */
export async function listClaimSessions(db: Db) {
  const rows = await db.select().from(claimSessions).orderBy(desc(claimSessions.createdAt), desc(claimSessions._id));
  return rows.map(sessionJson);
}

/** The lengths of claims and completed, kept with each session (migrations/0012). */
const claimCount = claimSessions.claimCount;
const completedCount = claimSessions.completedCount;

/** The character Intl writes before AM and PM ("6:00 PM": a narrow no-break space in current ICU). */
const BEFORE_AM_PM = new Intl.DateTimeFormat("en-US", { timeStyle: "short", timeZone: "UTC" }).format(0).slice(-3, -2);

/**
 * An instant column as the page shows it in the viewer's zone ("Nov 24, 2026, 6:00 PM", app/utils/dates.ts
 * formatDateTime): the zone's offset at each row's instant is a CASE over the zone's changes between `from` and `to`.
 */
function shownDateTime(column: SQLiteColumn, spans: { offsets: number[]; changes: number[] }): SQL {
  const ms = (minutes: number) => sql.raw(String(minutes * 60_000));
  const shift = spans.changes.length
    ? sql`(CASE ${sql.join(
        spans.changes.map((at, i) => sql`WHEN ${column} < ${sql.raw(String(at))} THEN ${ms(spans.offsets[i])}`),
        sql` `,
      )} ELSE ${ms(spans.offsets[spans.offsets.length - 1])} END)`
    : ms(spans.offsets[0]);
  const part = (format: string) => sql`strftime(${sql.raw(`'${format}'`)}, (${column} + ${shift}) / 1000, 'unixepoch')`;
  const hour = sql`cast(${part("%H")} AS integer)`;
  return sql`(substr('JanFebMarAprMayJunJulAugSepOctNovDec', cast(${part("%m")} AS integer) * 3 - 2, 3) || ' ' ||
    cast(${part("%d")} AS integer) || ', ' || ${part("%Y")} || ', ' || ((${hour} + 11) % 12 + 1) || ':' || ${part("%M")} ||
    ${BEFORE_AM_PM} || CASE WHEN ${hour} < 12 THEN 'AM' ELSE 'PM' END)`;
}

/**
 * Every shape a shown date can take, its digits as 9 ("mar 99, 9999, 9:99 am"): a search that is part of none of them
 * cannot match a date, and is not looked for in the dates (writing them is the costly part of the search).
 */
const SHOWN_DATE_SHAPES = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"].flatMap(
  (month) =>
    ["9", "99"].flatMap((day) =>
      ["9", "99"].flatMap((hour) =>
        ["am", "pm"].map((half) => `${month} ${day}, 9999, ${hour}:99${BEFORE_AM_PM}${half}`),
      ),
    ),
);
const canBeShownDate = (text: string) => {
  const shape = text.trim().toLowerCase().replace(/[0-9]/g, "9");
  // No search is part of every date, and looks for nothing: it shapes no query.
  return shape !== "" && SHOWN_DATE_SHAPES.some((date) => date.includes(shape));
};

export type ClaimSearch = PageQuery & { cq?: string; filter?: ClaimFilter; tz?: string };
export type ClaimPage = SearchPage<ReturnType<typeof sessionJson> & ClaimExtras> & {
  all: number;
  summary: ClaimSummary;
};
/** What the tab shows beside a session, sent with each row of a page (not in the old API's whole list). */
type ClaimExtras = { dinoImageUrl: string | null; breederAvatar: string | null; breederName: string | null };

/**
 * The Claim Sessions tab's page, newest first: the summary cards of the viewer's day (`tz`), the card's filter, both
 * searches (the page's `q` and the tab's own `cq`, each a substring of any column as shown: Ended as Yes or No, the
 * counts, the dates in the viewer's zone), counted and paged in SQL.
 */
export async function searchClaimSessions(
  db: Db,
  { q = "", cq = "", filter, tz = "UTC", page = 1, size = 25 }: ClaimSearch,
  now = Date.now(),
): Promise<ClaimPage> {
  const t = claimSessions;
  const today = dayBounds(now, tz);
  const isToday = and(gte(t.createdAt, today.start), lt(t.createdAt, today.end));
  const summaryRead = db
    .select({
      claimsToday: sql<number>`coalesce(sum(${claimCount}), 0)`,
      completedToday: sql<number>`coalesce(sum(${completedCount}), 0)`,
      mostParticipants: sql<number>`coalesce(max(${claimCount}), 0)`,
    })
    .from(t)
    .where(isToday);
  // The oldest session (for a search that can be part of a date) and the day's largest claim count (for the Most
  // Participants filter) shape the page's query: read first only when one of them is needed. The cards themselves ride
  // in the page's own round trip, with the dinos' pictures and the breeders' avatars.
  const shapedFirst = filter === "most-participants" || canBeShownDate(q) || canBeShownDate(cq);
  const [[oldest], [first]] = shapedFirst
    ? await db.batch([db.select({ at: sql<number | null>`min(${t.createdAt})` }).from(t), summaryRead])
    : [[], []];
  // The zone's changes from the oldest session to a year on (an instant outside that span takes the nearest offset),
  // worked out only for a search that can be part of a date.
  const from = Number(oldest?.at ?? now);
  const dates = (text: string) => {
    if (!canBeShownDate(text)) return [];
    const spans = offsetSpans(from, Math.max(now, from) + 365 * DAY_MS, tz);
    return [shownDateTime(t.createdAt, spans), shownDateTime(t.updatedAt, spans)];
  };
  // The texts but the dates are kept in search_text (migrations/0010), joined by a separator: a query holding it is
  // looked for in each column on its own (a control character nobody types; exact, and slower). A query of three
  // characters or more is found through the texts' trigram index (migrations/0012): by row_key's own index for the
  // count, and for a page (`walk`) by walking the order's index, which carries row_key, until the page is full.
  const texts = (text: string, walk: boolean): SQL[] => {
    if (text.includes(SEARCH_SEPARATOR))
      return [
        t.dinoName,
        t.instructions,
        sql`cast(${t.max} AS text)`,
        sql`cast(${claimCount} AS text)`,
        sql`cast(${completedCount} AS text)`,
        sql`CASE WHEN ${t.ended} THEN 'Yes' ELSE 'No' END`,
        t.breederId,
      ].map((column) => contains(column, text));
    if (!trigramsServe(text)) return [contains(t.searchText, text)];
    return [
      sql`${walk ? sql`+${t.rowKey}` : t.rowKey} in (select rowid from claim_search where claim_search match ${ftsPhrase(text)})`,
    ];
  };
  const columns = (q: string, walk: boolean) => {
    const text = q.trim();
    return text ? or(...texts(text, walk), ...dates(text).map((date) => contains(date, text))) : undefined;
  };
  const most = Number(first?.mostParticipants ?? 0);
  const kept: Record<ClaimFilter, SQL | undefined> = {
    "claims-today": and(isToday, gt(claimCount, 0)),
    "completed-today": and(isToday, gt(completedCount, 0)),
    "most-participants": most > 0 ? and(isToday, eq(claimCount, most)) : sql`0`,
  };
  const where = (walk: boolean) => and(filter ? kept[filter] : undefined, columns(q, walk), columns(cq, walk));
  const pageAt = (n: number) =>
    db
      .select({
        ...SESSION_COLUMNS,
        dinoImageUrl: dinoImageOf(t.dinoName),
        breederAvatar: storedAvatarOf(t.breederId),
        breederName: storedNameOf(t.breederId),
      })
      .from(t)
      .where(where(true))
      .orderBy(desc(t.createdAt), desc(t._id))
      .limit(size)
      .offset((n - 1) * size);
  const [found, [summary]] = await countedPageWith(db, t, where(false), pageAt, { page, size }, summaryRead);
  return {
    ...found,
    rows: found.rows.map(({ dinoImageUrl, breederAvatar, breederName, ...row }) => ({
      ...sessionJson(row),
      dinoImageUrl,
      breederAvatar,
      breederName,
    })),
    summary: {
      claimsToday: Number(summary.claimsToday),
      completedToday: Number(summary.completedToday),
      mostParticipants: Number(summary.mostParticipants),
    },
  };
}

/**
 * A dino's picture as the breeder list has it, read beside a page's row: the first of its rows, in the sheet's order,
 * that has one (as GET /api/breeder-list/dinos answers; the breeder_list_dino_order index finds it).
 */
const dinoImageOf = (dino: SQLiteColumn) =>
  sql<string | null>`(select ${breederList.imageUrl} from ${breederList} where ${breederList.Dino} = ${dino}
    and ${breederList.imageUrl} is not null and ${breederList.imageUrl} != '' order by ${breederList.order}, ${breederList._id} limit 1)`;

export async function listSessionStats(db: Db) {
  const rows = await db.select().from(breederSessionStats);
  return rows.sort(compareLeaderboard).map(statsJson);
}

export type StatsPage = SearchPage<
  ReturnType<typeof statsJson> & { rank: number; breederAvatar: string | null; breederName: string | null }
> & {
  all: number;
};

/**
 * The Breeder Statistics tab's page, in the leaderboard's order with each row's place in the whole list and
 * its breeder's stored avatar, in one round trip. Without a search the count and the page are read in SQL. A search
 * matches the row's texts as the tab shows them (leaderboardRow: hh:mm:ss, the rate as a percentage, the place), which
 * are worked out here by the same functions as the page's, over the list's rows (one per breeder).
 */
export async function searchSessionStats(db: Db, { q = "", page = 1, size = 25 }: PageQuery): Promise<StatsPage> {
  const t = breederSessionStats;
  const columns = {
    ...getTableColumns(t),
    breederAvatar: storedAvatarOf(t.breederId),
    breederName: storedNameOf(t.breederId),
  };
  const order = [desc(t.totalSessions), desc(t.totalClaims), t.breederId] as const;
  const text = q.trim();
  if (!text) {
    const pageAt = (n: number) =>
      db
        .select(columns)
        .from(t)
        .orderBy(...order)
        .limit(size)
        .offset((n - 1) * size);
    const [found] = await countedPageWith(db, t, undefined, pageAt, { page, size });
    const first = (found.page - 1) * size;
    return {
      ...found,
      rows: found.rows.map(({ breederAvatar, breederName, ...r }, i) => ({
        ...statsJson(r),
        rank: first + i + 1,
        breederAvatar,
        breederName,
      })),
    };
  }
  const all = (
    await db
      .select(columns)
      .from(t)
      .orderBy(...order)
  ).map(({ breederAvatar, breederName, ...r }, i) => ({
    ...statsJson(r),
    rank: i + 1,
    breederAvatar,
    breederName,
  }));
  // The breeder's name is searched too: a person looks a breeder up by the name the tab shows.
  const found = all.filter((r) =>
    matches({ ...leaderboardRow(r, r.rank), breederName: r.breederName }, text, [...LEADERBOARD_FIELDS, "breederName"]),
  );
  const { page: at, pageCount, offset } = pageBounds(found.length, page, size);
  return { rows: found.slice(offset, offset + size), total: found.length, all: all.length, page: at, pageCount, size };
}
