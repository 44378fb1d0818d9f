-- Issue 11: the claim sessions tab pages newest first (created_at, then _id, descending) and counts the viewer's day by
-- created_at: one index serves the order, the day's range and the page, instead of sorting the whole table per view.
DROP INDEX `claim_sessions_created`;--> statement-breakpoint
CREATE INDEX `claim_sessions_created` ON `claim_sessions` (`created_at`,`_id`);