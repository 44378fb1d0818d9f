// Player profiles: each player seen on the servers, their sessions (kept with the join and leave events), the hours a
// tribe was on, and the tribe's notes and watches on them (ADR 079, docs/product/players.md).
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { epochMs, json, serial } from "./columns";

/** Each player seen: their latest names, tribe and status, and when they were first and last seen. */
export const players = sqliteTable(
  "players",
  {
    eosId: text("eos_id").primaryKey(),
    displayName: text("display_name"),
    memberName: text("member_name"),
    tribe: text("tribe"),
    status: text("status"),
    platform: text("platform"),
    firstSeen: epochMs("first_seen").notNull(),
    lastSeen: epochMs("last_seen").notNull(),
  },
  (t) => [index("players_tribe").on(t.tribe, t.lastSeen)],
);

/**
 * One row per time on a server: opened by a join, closed by the leave. `endKind` null is open; "missed" (a join with
 * no leave before it) and "silent" (the collector was silent when they left) give `endBy` as the latest possible end.
 */
export const playerSessions = sqliteTable(
  "player_sessions",
  {
    id: serial(),
    serverId: text("server_id").notNull(),
    eosId: text("eos_id").notNull(),
    startAt: epochMs("start_at").notNull(),
    endAt: epochMs("end_at"),
    endBy: epochMs("end_by"),
    endKind: text("end_kind", { enum: ["left", "missed", "silent"] }),
    displayName: text("display_name"),
    memberName: text("member_name"),
    tribe: text("tribe"),
    status: text("status"),
    platform: text("platform"),
  },
  (t) => [
    uniqueIndex("player_sessions_natural").on(t.serverId, t.eosId, t.startAt),
    index("player_sessions_player").on(t.eosId, t.startAt),
    index("player_sessions_server").on(t.serverId, t.startAt),
    // Who was on at T: sessions that started within 6 hours of T come from the index above, the few longer or still
    // open ones from this one, so the read does not grow with the history (worker/domain/players/profile.ts rosterAt).
    index("player_sessions_long")
      .on(t.serverId, t.startAt)
      .where(sql`end_kind is null or coalesce(end_by, end_at) - start_at > 21600000`),
    index("player_sessions_open")
      .on(t.serverId, t.eosId)
      .where(sql`end_kind is null`),
    index("player_sessions_open_tribe")
      .on(t.tribe)
      .where(sql`end_kind is null`),
  ],
);

/** The epoch hours (ms / 3,600,000) in which some player of a tribe was on: a tribe's heatmap reads at most 24 a day. */
export const tribeHours = sqliteTable(
  "tribe_hours",
  { tribe: text("tribe").notNull(), hour: integer("hour").notNull() },
  (t) => [primaryKey({ columns: [t.tribe, t.hour] })],
);

/** The tribe's note and tags on a player. */
export const playerNotes = sqliteTable("player_notes", {
  eosId: text("eos_id").primaryKey(),
  text: text("text").notNull(),
  tags: json<string[]>("tags").notNull(),
  version: integer("version").notNull().default(1),
  updatedAt: epochMs("updated_at").notNull(),
  updatedBy: text("updated_by"),
});

/** Who watches whom: a watched player's join tells their watchers. */
export const playerWatches = sqliteTable(
  "player_watches",
  {
    eosId: text("eos_id").notNull(),
    userId: text("user_id").notNull(),
    createdAt: epochMs("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.eosId, t.userId] })],
);
