-- Weekly Members paged in SQL (issue 11): the list's order (active first, latest event first with none last, then the
-- name without case, the EOS id as the tie-break), so the whole list and each tab (a range of its first column) are
-- read in order without a sort. Each column is written as worker/domain/servers/weekly-members.ts WEEKLY_ORDER writes
-- it: SQLite uses an expression index only for the same expression.
--
-- Written by hand from drizzle-kit's output: drizzle-kit splits an index expression at its commas (the coalesce), so
-- its SQL was not valid; its snapshot (meta/0007_snapshot.json) holds the columns whole.
CREATE INDEX `weekly_members_order` ON `weekly_members` ("is_active_this_week" desc,("event_time" is null),"event_time" desc,coalesce("member_name", "display_name", "eos_id") collate nocase,`eos_id`);
