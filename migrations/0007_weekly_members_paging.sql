-- Weekly Members paged in SQL: an index in the list's order, each column written as WEEKLY_ORDER writes it (SQLite
-- uses an expression index only for the same expression). Written by hand: drizzle-kit split the coalesce at its
-- commas; its snapshot (meta/0007_snapshot.json) holds the columns whole.
CREATE INDEX `weekly_members_order` ON `weekly_members` ("is_active_this_week" desc,("event_time" is null),"event_time" desc,coalesce("member_name", "display_name", "eos_id") collate nocase,`eos_id`);
