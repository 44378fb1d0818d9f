// 2411 Stock: every tab's rows in one table (tab-specific fields in `data`), and history snapshots per save.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { STOCK_TABS } from "#contract/stock";
import { bool, json, now, objectId, serial, timestamp } from "./columns";

export const stockItems = sqliteTable(
  "stock_items",
  {
    _id: objectId(),
    tab: text("tab", { enum: STOCK_TABS }).notNull(),
    order: integer("order").notNull().default(0),
    imageUrl: text("image_url"),
    isEmpty: bool("is_empty").notNull().default(false),
    fieldColors: json<Record<string, string>>("field_colors").notNull().default({}),
    textColor: text("text_color"),
    /** The tab's own fields (item or dino, counts, maxcount, target, todo, ...), as the API sends them. */
    data: json<Record<string, unknown>>("data").notNull(),
    /** Bumped by every save: a save based on an older version is refused for that row. */
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at").notNull().default(now),
    updatedBy: text("updated_by"),
  },
  (t) => [index("stock_items_tab_order").on(t.tab, t.order)],
);

export const stockHistory = sqliteTable(
  "stock_history",
  {
    id: serial(),
    tab: text("tab", { enum: STOCK_TABS }).notNull(),
    date: timestamp("date").notNull().default(now),
    updatedBy: text("updated_by"),
    /** Per row: itemId with currentStock (or stock for admin vaults, or totalRaised for dinos). */
    items: json<Record<string, unknown>[]>("items").notNull(),
  },
  (t) => [index("stock_history_tab_date").on(t.tab, t.date)],
);

/** Images by item or dino name, applied across tabs. */
export const itemImages = sqliteTable(
  "item_images",
  {
    scope: text("scope", { enum: ["stock", "dino"] }).notNull(),
    name: text("name").notNull(),
    imageUrl: text("image_url").notNull(),
    updatedAt: timestamp("updated_at").notNull().default(now),
  },
  (t) => [index("item_images_scope_name").on(t.scope, t.name)],
);
