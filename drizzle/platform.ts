// API tokens for bots and collectors, and the audit trail of every write.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { json, now, timestamp } from "./columns";

export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** SHA-256 of the token, hex. The token itself is shown once and never stored. */
    hash: text("hash").notNull().unique(),
    /** The first characters, so a person can tell tokens apart. */
    prefix: text("prefix").notNull(),
    createdAt: timestamp("created_at").notNull().default(now),
    lastUsedAt: timestamp("last_used_at"),
    revokedAt: timestamp("revoked_at"),
    /** The sections and levels it may use, within its maker's current access; null (older tokens): all of that. */
    scopes: json<Record<string, string>>("scopes"),
  },
  (t) => [index("api_tokens_user_idx").on(t.userId)],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: timestamp("at").notNull().default(now),
    /** "user:{discord id}" or "token:{token id}". */
    actor: text("actor").notNull(),
    actorName: text("actor_name"),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    action: text("action").notNull(),
    before: json<unknown>("before"),
    after: json<unknown>("after"),
  },
  (t) => [index("audit_entity_idx").on(t.entity, t.entityId), index("audit_at_idx").on(t.at)],
);

/**
 * A version per source table, bumped by triggers on every insert, update and delete (migrations 0004 and 0005), so any
 * write path (the API, ingestion, seeding, a console) makes the aggregates computed from it due.
 */
export const dataVersions = sqliteTable("data_versions", {
  name: text("name").primaryKey(),
  version: integer("version").notNull().default(0),
});

/**
 * Aggregates that would otherwise read a whole table on every view (the dashboard's vouch counts, the breeder list's
 * summary and dinos), stored with the version of their source they were computed at: valid while it is current.
 */
export const aggregateCache = sqliteTable("aggregate_cache", {
  key: text("key").primaryKey(),
  source: text("source").notNull(),
  version: integer("version").notNull(),
  value: json<unknown>("value").notNull(),
});
