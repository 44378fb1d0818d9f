// API tokens for bots and collectors, the audit trail of every write, the data sources and the Discord alerts.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ownerId } from "./auth";
import { epochMs, json, now, serial, timestamp } from "./columns";

export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: text("id").primaryKey(),
    userId: ownerId(),
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
    id: serial(),
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
 * write path (the API, ingestion, seeding, a console) makes the aggregates computed from it due. Each bump also draws a
 * random stamp (migrations/0016): a database restored to an earlier point counts its versions again from there, and
 * what an isolate kept under a version it counted before the restore must not pass for the new one (ADR 060).
 */
export const dataVersions = sqliteTable("data_versions", {
  name: text("name").primaryKey(),
  version: integer("version").notNull().default(0),
  stamp: integer("stamp").notNull().default(0),
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

/**
 * Where the figures come from (contract/sources.ts): each source's last contact, the time it said its figures
 * were observed, its last error, and the interval an admin expects it at (the kind's default when null).
 */
export const sources = sqliteTable("sources", {
  id: text("id").primaryKey(),
  lastContactAt: epochMs("last_contact_at"),
  lastObservedAt: epochMs("last_observed_at"),
  lastError: text("last_error"),
  lastErrorAt: epochMs("last_error_at"),
  intervalMs: integer("interval_ms"),
  updatedBy: text("updated_by"),
});

/** A Discord channel's webhook that alerts go to: its address is a secret, shown back only in part. */
export const alertChannels = sqliteTable("alert_channels", {
  id: serial(),
  name: text("name").notNull(),
  url: text("url").notNull(),
  /** The alert kinds it receives (contract/alerts.ts). */
  kinds: json<string[]>("kinds").notNull(),
  /** Stock below this percentage of its target alerts (the stock-low kind). */
  stockPercent: integer("stock_percent").notNull().default(50),
  createdBy: text("created_by"),
  createdAt: epochMs("created_at").notNull().default(now),
});

/**
 * The alerts waiting for, or done with, delivery: one row per channel and alert (the key deduplicates), sent by the
 * cron (and right after the event), retried with backoff, at most a few a minute per channel.
 */
export const alertDeliveries = sqliteTable(
  "alert_deliveries",
  {
    id: serial(),
    channelId: integer("channel_id").notNull(),
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    content: text("content").notNull(),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: epochMs("next_attempt_at").notNull(),
    lastResult: text("last_result"),
    lastAttemptAt: epochMs("last_attempt_at"),
    createdAt: epochMs("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("alert_deliveries_key").on(t.channelId, t.key),
    index("alert_deliveries_due").on(t.status, t.nextAttemptAt),
  ],
);
