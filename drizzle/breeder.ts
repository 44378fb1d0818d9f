// The breeder area: the breeder list, FFA raising, codes given, claim sessions, session stats, role mappings.
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, epochMs, json, now, objectId, timestamp } from "./columns";

export const breederList = sqliteTable(
  "breeder_list",
  {
    _id: objectId(),
    order: integer("order").notNull().default(0),
    Dino: text("dino").notNull(),
    Server: text("server"),
    imageUrl: text("image_url"),
    textColor: text("text_color"),
    fieldColors: json<Record<string, string>>("field_colors").notNull().default({}),
    roleId: text("role_id"),
    /** The sheet's other columns under the API's names ("Curent # of 0/0's", "HP", "Last Claims", ...). */
    values: json<Record<string, string | number | null>>("values").notNull().default({}),
    version: integer("version").notNull().default(1),
    lastUpdated: timestamp("last_updated").notNull().default(now),
    // What the search reads (migrations/0006), written with the row from Dino, Server and `values`
    // (worker/domain/breeder.ts searchColumns): each Days since's date as a day number, null when it is not a date,
    // and the shown texts joined by a separator no query matches across.
    dateDay: integer("date_day"),
    datetwoDay: integer("datetwo_day"),
    searchText: text("search_text").notNull().default(""),
    /**
     * The row's number in the trigram index of its search_text (breeder_search, migrations/0010): given by a trigger
     * when the row is inserted, and never changed.
     */
    rowKey: integer("row_key"),
  },
  // The sheet's order, within a server (the filter), and each dino's first row (paged in SQL). The order's
  // index carries what the search reads (migrations/0008, 0010), so a search's page reads the index alone.
  (t) => [
    index("breeder_list_order").on(t.order, t._id, t.dateDay, t.datetwoDay, t.searchText, t.rowKey),
    uniqueIndex("breeder_list_row_key").on(t.rowKey),
    index("breeder_list_server_order").on(t.Server, t.order, t._id),
    index("breeder_list_dino_order").on(t.Dino, t.order, t._id),
  ],
);

export const ffaRaising = sqliteTable("ffa_raising", {
  _id: objectId(),
  breeder: text("breeder"),
  creature: text("creature"),
  server: text("server"),
  status: text("status").notNull().default("In Progress"),
  startDate: text("start_date"),
  expectedCompletion: text("expected_completion"),
  notes: text("notes"),
  updatedAt: timestamp("updated_at").notNull().default(now),
});

export const codesGiven = sqliteTable("codes_given", {
  _id: objectId(),
  breeder: text("breeder"),
  code: text("code"),
  server: text("server"),
  dateGiven: text("date_given"),
  status: text("status").notNull().default("Active"),
  notes: text("notes"),
  updatedAt: timestamp("updated_at").notNull().default(now),
});

export const claimSessions = sqliteTable(
  "claim_sessions",
  {
    _id: objectId(),
    dinoName: text("dino_name").notNull(),
    instructions: text("instructions"),
    max: integer("max"),
    claims: json<string[]>("claims").notNull().default([]),
    completed: json<string[]>("completed").notNull().default([]),
    ended: bool("ended").notNull().default(false),
    breederId: text("breeder_id"),
    createdAt: epochMs("created_at").notNull(),
    updatedAt: epochMs("updated_at").notNull(),
    /**
     * What the tab's search reads (migrations/0010): the row's shown texts but its dates (Dino, Instructions, Max,
     * the claim and completed counts, Ended as Yes or No, Breeder) joined by a separator no query matches across,
     * written by triggers on every write of those columns. Never sent.
     */
    searchText: text("search_text").notNull().default(""),
    /**
     * The row's number in the trigram index of its search_text (claim_search, migrations/0012): given by a trigger
     * when the row is inserted, and never changed.
     */
    rowKey: integer("row_key"),
    /** How many claimed it and how many completed (the lengths of claims and completed), kept by the same triggers. */
    claimCount: integer("claim_count").notNull().default(0),
    completedCount: integer("completed_count").notNull().default(0),
  },
  // Newest first and the viewer's day (migrations/0009), carrying what the search and the day's cards read, so a
  // search's count and page and the cards read the index (search_text for a short query, row_key for one the trigram
  // index answers, the counts for the cards and their filters).
  (t) => [
    index("claim_sessions_created").on(t.createdAt, t._id, t.searchText, t.rowKey, t.claimCount, t.completedCount),
    uniqueIndex("claim_sessions_row_key").on(t.rowKey),
  ],
);

export const breederSessionStats = sqliteTable("breeder_session_stats", {
  _id: objectId(),
  breederId: text("breeder_id").notNull().unique(),
  totalCreatedSessions: integer("total_created_sessions").notNull().default(0),
  totalSessions: integer("total_sessions").notNull().default(0),
  totalClaims: integer("total_claims").notNull().default(0),
  averageSessionDuration: real("average_session_duration").notNull().default(0),
  totalCompletions: integer("total_completions").notNull().default(0),
  averageCompletionRate: real("average_completion_rate").notNull().default(0),
  totalEndedSessions: integer("total_ended_sessions").notNull().default(0),
  totalRemovals: integer("total_removals").notNull().default(0),
  updatedAt: timestamp("updated_at").notNull().default(now),
});

/** Which Discord role a dino's breed line maps to. */
export const roleMappings = sqliteTable("role_mappings", {
  dino: text("dino").primaryKey(),
  roleId: text("role_id").notNull(),
  updatedAt: timestamp("updated_at").notNull().default(now),
});
