// The community area: vouches, codes, tribelists, Discord join log and removed members, avatar records.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { TRIBELIST_SERVERS } from "#contract/tribelists";
import { bool, epochMs, json, now, objectId, serial, timestamp } from "./columns";

export const VOUCH_STATUSES = ["Complete", "Invalid", "Not Provided", "Remove Pending"] as const;

export const vouches = sqliteTable(
  "vouches",
  {
    _id: objectId(),
    id: integer("id").notNull().unique(),
    /** The vouched user's names and id, as the list view reads them. */
    username: text("username"),
    displayName: text("display_name"),
    discordId: text("discord_id"),
    notes: text("notes"),
    aliases: text("aliases"),
    /** In-game names on 2411, 2573 and 2446. */
    igName: text("ig_name"),
    igNameServer2: text("ig_name_server2"),
    igNameServer3: text("ig_name_server3"),
    vouchedAvatar: text("vouched_avatar"),
    vouchedAvatarHash: text("vouched_avatar_hash"),
    status: text("status", { enum: VOUCH_STATUSES }).notNull().default("Not Provided"),
    /** Discord id of the vouched user. */
    vouched: text("vouched").notNull(),
    vouchedUsername: text("vouched_username"),
    /** month/day/year, as the old backend stored it. */
    vouchedAt: text("vouched_at").notNull(),
    /** vouchedAt as epoch ms (UTC midnight), for month statistics. */
    vouchedAtMs: epochMs("vouched_at_ms").notNull(),
    vouchedBy: text("vouched_by").notNull(),
    vouchedByUsername: text("vouched_by_username"),
    /** The Discord message a bot-made vouch came from: the natural key for idempotent ingestion. */
    sourceMessageId: text("source_message_id").unique(),
    createdAt: timestamp("created_at").notNull().default(now),
    updatedAt: timestamp("updated_at").notNull().default(now),
  },
  // A member's vouches, newest last, carrying the stored avatar (migrations/0013): a row's avatar where the avatar
  // records have none is the member's newest stored one, found in the index alone however many vouches lack one.
  (t) => [
    index("vouches_vouched_idx").on(t.vouched, t.id, t.vouchedAvatar),
    index("vouches_at_idx").on(t.vouchedAtMs),
    index("vouches_by_idx").on(t.vouchedBy, t.status, t.vouchedByUsername),
  ],
);

export const codes = sqliteTable("codes", {
  _id: objectId(),
  id: integer("id").notNull().unique(),
  username: text("username"),
  code: text("code"),
  server: text("server"),
  avatar: text("avatar"),
  completed: bool("completed").notNull().default(false),
  mainserver: text("mainserver"),
  location: text("location"),
  /** Discord user id. */
  user: text("user"),
  /** Bumped by every save: a save based on an older version is refused (409), so no edit is lost. */
  version: integer("version").notNull().default(1),
  updatedAt: timestamp("updated_at").notNull().default(now),
});

export const tribelistEntries = sqliteTable(
  "tribelist_entries",
  {
    _id: objectId(),
    server: text("server", { enum: TRIBELIST_SERVERS }).notNull(),
    name: text("name").notNull(),
    username: text("username"),
    discordId: text("discord_id"),
    rank: text("rank"),
    nationality: text("nationality"),
    order: integer("order"),
    /** Bumped by every save: a save based on an older version is refused (409), so no edit is lost. */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at").notNull().default(now),
    updatedAt: timestamp("updated_at").notNull().default(now),
  },
  (t) => [index("tribelist_server_idx").on(t.server)],
);

/** A Discord member as the join and leave logs record them: the log's own row key, then who it was. */
const loggedMember = () => ({
  rowId: serial("row_id"),
  id: text("id").notNull(),
  displayName: text("display_name"),
  username: text("username"),
});

export const joinLog = sqliteTable(
  "join_log",
  {
    ...loggedMember(),
    avatarURL: text("avatar_url"),
    joinedAt: epochMs("joined_at").notNull(),
    createdAt: epochMs("created_at"),
    inviteCode: text("invite_code"),
    inviterId: text("inviter_id"),
  },
  // join_log_joined: the list's order (joinedAt ascending), so a page is read without sorting the whole log.
  (t) => [uniqueIndex("join_log_natural").on(t.id, t.joinedAt), index("join_log_joined").on(t.joinedAt, t.rowId)],
);

export type VoucherInfo = { id?: string | null; vouchedBy?: string | null; vouchedByUsername?: string | null };

export const removedMembers = sqliteTable(
  "removed_members",
  {
    ...loggedMember(),
    userAvatarURL: text("user_avatar_url"),
    joinedAt: epochMs("joined_at"),
    leftAt: epochMs("left_at").notNull(),
    leaveReason: text("leave_reason"),
    voucherInfo: json<VoucherInfo | null>("voucher_info"),
  },
  // removed_members_joined: the list's order (unknown join times last, then joinedAt and leftAt ascending).
  (t) => [
    uniqueIndex("removed_members_natural").on(t.id, t.leftAt),
    index("removed_members_joined").on(sql`(${t.joinedAt} is null)`, t.joinedAt, t.leftAt, t.rowId),
  ],
);

/** Avatar records keyed by Discord id, fetched from Discord's API and cached here. */
export const avatars = sqliteTable("avatars", {
  discordId: text("discord_id").primaryKey(),
  url: text("url").notNull(),
  hash: text("hash"),
  timestamp: epochMs("timestamp").notNull(),
});
