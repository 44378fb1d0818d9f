// The server stats area: status, rosters, join and leave events, snapshots, weekly members.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, epochMs, now, serial, timestamp } from "./columns";
import { WEEKLY_ACTIVITY } from "#contract/servers";

export const serverStatus = sqliteTable("server_status", {
  serverId: text("server_id").primaryKey(),
  status: text("status", { enum: ["online", "offline"] }).notNull(),
  errorDetails: text("error_details"),
  lastUpdated: epochMs("last_updated").notNull(),
  mapName: text("map_name"),
  playerCount: integer("player_count"),
  maxPlayers: integer("max_players"),
  source: text("source"),
  /** When the roster's own source (a collector, the roster host) observed it: a late push is compared with this. */
  rosterObservedAt: epochMs("roster_observed_at"),
  /** When we stored the row (lastUpdated is when its source observed it). */
  recordedAt: epochMs("recorded_at"),
});

/** Who is online on a server now: the latest roster, from ingestion or an upstream host. */
export const rosters = sqliteTable(
  "rosters",
  {
    serverId: text("server_id").notNull(),
    eosId: text("eos_id").notNull(),
    displayName: text("display_name"),
    name: text("name"),
    status: text("status"),
    tribe: text("tribe"),
    platform: text("platform"),
    position: integer("position").notNull(),
    seenAt: epochMs("seen_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.serverId, t.eosId] })],
);

/** Joins and leaves per server; the activity tabs (tribemembers, enemies, ...) are these filtered by status. */
export const serverEvents = sqliteTable(
  "server_events",
  {
    id: serial(),
    serverId: text("server_id").notNull(),
    eventType: text("event_type", { enum: ["join", "leave"] }).notNull(),
    eosId: text("eos_id").notNull(),
    displayName: text("display_name"),
    memberName: text("member_name"),
    status: text("status"),
    tribe: text("tribe"),
    platform: text("platform"),
    eventTime: epochMs("event_time").notNull(),
    lastArkLaunch: text("last_ark_launch"),
    steamProfileLink: text("steam_profile_link"),
  },
  (t) => [
    uniqueIndex("server_events_natural").on(t.serverId, t.eosId, t.eventType, t.eventTime),
    index("server_events_server_time").on(t.serverId, t.eventTime),
  ],
);

/** One row per cron run and server: the history behind the population charts. */
export const serverSnapshots = sqliteTable(
  "server_snapshots",
  {
    id: serial(),
    serverId: text("server_id").notNull(),
    takenAt: epochMs("taken_at").notNull(),
    online: bool("online").notNull(),
    playerCount: integer("player_count"),
    maxPlayers: integer("max_players"),
    errorDetails: text("error_details"),
    source: text("source"),
    /** False when the roster's source was silent: neither online nor offline, a gap in the population chart. */
    known: bool("known").notNull().default(true),
  },
  (t) => [uniqueIndex("server_snapshots_natural").on(t.serverId, t.takenAt)],
);

export const weeklyMembers = sqliteTable(
  "weekly_members",
  {
    eosId: text("eos_id").primaryKey(),
    displayName: text("display_name"),
    memberName: text("member_name"),
    isActiveThisWeek: bool("is_active_this_week").notNull(),
    isTribeMember: bool("is_tribe_member").notNull().default(false),
    tribe: text("tribe"),
    platform: text("platform"),
    eventType: text("event_type", { enum: WEEKLY_ACTIVITY }).notNull(),
    eventTime: epochMs("event_time"),
    lastArkLaunch: text("last_ark_launch"),
    steamProfileLink: text("steam_profile_link"),
    updatedAt: timestamp("updated_at").notNull().default(now),
  },
  (t) => [
    // The list's order (worker/domain/servers/weekly-members.ts WEEKLY_ORDER), so the whole list and each tab (a range
    // of the first column) are read in order, without sorting; each column as the order writes it.
    index("weekly_members_order").on(
      sql`${t.isActiveThisWeek} desc`,
      sql`(${t.eventTime} is null)`,
      sql`${t.eventTime} desc`,
      sql`coalesce(${t.memberName}, ${t.displayName}, ${t.eosId}) collate nocase`,
      t.eosId,
    ),
  ],
);
