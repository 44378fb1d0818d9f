// Who signs in: users and their server-side sessions.

import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

import { json, now, timestamp } from "./columns";

/** Everyone who has signed in, keyed by Discord user id. */
export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  username: text("username").notNull(),
  globalName: text("global_name"),
  avatar: text("avatar"),
  createdAt: timestamp("created_at").notNull().default(now),
  lastSignInAt: timestamp("last_sign_in_at").notNull().default(now),
  /**
   * Their Discord role ids in the configured guilds, each guild's id (its @everyone role) included; empty when they are
   * in none. Read at sign-in, refreshed while a session lives, null until first read (contract/access.ts).
   */
  roles: json<string[]>("roles"),
  rolesCheckedAt: timestamp("roles_checked_at"),
});

/** A row that belongs to a user, and goes with them. */
export const ownerId = () =>
  text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/** Access levels an admin gave a Discord role, per section (contract/access.ts). A role with no row here has none. */
export const roleAccess = sqliteTable(
  "role_access",
  {
    roleId: text("role_id").notNull(),
    section: text("section").notNull(),
    level: text("level").notNull(),
    updatedBy: text("updated_by"),
    updatedAt: timestamp("updated_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.section] })],
);

/**
 * Server-side sessions. The cookie carries only the id; deleting the row signs the browser out.
 * The Discord profile is copied at sign-in so that pages render without a call to Discord.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: ownerId(),
    username: text("username").notNull(),
    globalName: text("global_name"),
    avatar: text("avatar"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at").notNull().default(now),
    lastSeenAt: timestamp("last_seen_at").notNull().default(now),
    expiresAt: timestamp("expires_at").notNull(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
