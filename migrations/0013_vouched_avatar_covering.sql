-- Issue 11: a member's stored avatar read from the index alone (ADR 040).
--
-- Where the avatar records hold none, a row's avatar is the member's newest vouch that stored one (storedAvatarOf,
-- avatarCacheMap). The index on vouched found the member's vouches, then read each row and sorted them by id: every
-- vouch of a member who never had an avatar stored was read (42 on average per breeder at the benchmark's scale 100,
-- 3 ms for the leaderboard's 25 rows, growing with the vouches). Carrying id and the avatar, the index is walked from the
-- newest and the rows are never read (0.16 ms).
DROP INDEX `vouches_vouched_idx`;--> statement-breakpoint
CREATE INDEX `vouches_vouched_idx` ON `vouches` (`vouched`,`id`,`vouched_avatar`);