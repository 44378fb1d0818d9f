-- A member's stored avatar read from the index alone (ADR 040): carrying id and the avatar, the index on vouched is
-- walked from the newest and the rows are never read (3 ms for the leaderboard's 25 rows at scale 100 before,
-- 0.16 ms after).
DROP INDEX `vouches_vouched_idx`;--> statement-breakpoint
CREATE INDEX `vouches_vouched_idx` ON `vouches` (`vouched`,`id`,`vouched_avatar`);