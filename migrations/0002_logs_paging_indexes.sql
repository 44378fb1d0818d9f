CREATE INDEX `join_log_joined` ON `join_log` (`joined_at`,`row_id`);--> statement-breakpoint
CREATE INDEX `removed_members_joined` ON `removed_members` (("joined_at" is null),`joined_at`,`left_at`,`row_id`);--> statement-breakpoint
CREATE INDEX `vouches_by_idx` ON `vouches` (`vouched_by`,`status`,`vouched_by_username`);