-- Issue 11: the claim sessions' search through a trigram index (ADR 038), as the breeder list's (migrations/0010).
--
-- A search of three characters or more counted its matches by reading every session's search_text (a LIKE over
-- 15,000 rows: 4 ms in sqlite3 at the benchmark's scale 100, half the call). The texts kept in search_text are now
-- indexed by trigrams (external content: the sessions' own search_text), so a count reads the matches alone. Each row is
-- named in the index by row_key, a number the insert trigger gives once and nothing changes after (the table is keyed
-- by text, so its rowid is not stable). The order's index carries row_key, so a page of the matches walks the order
-- and stops when the page is full. The triggers of migrations/0010 that wrote search_text are replaced by ones that
-- also keep the index in step: one statement writes the text and the key, and the old text leaves the index before
-- the new one enters it.
--
-- The day's cards (Claims Today, Completed Today, Most Participants) and their filters summed the lengths of two JSON
-- arrays of every session of the day (823 sessions today at scale 100: 3 ms). The lengths are kept as claim_count and
-- completed_count by the same triggers, and the order's index carries them, so the cards read the index alone.
DROP INDEX `claim_sessions_created`;--> statement-breakpoint
ALTER TABLE `claim_sessions` ADD `row_key` integer;--> statement-breakpoint
ALTER TABLE `claim_sessions` ADD `claim_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `claim_sessions` ADD `completed_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `claim_sessions` SET `row_key` = rowid, `claim_count` = json_array_length(`claims`), `completed_count` = json_array_length(`completed`);--> statement-breakpoint
CREATE UNIQUE INDEX `claim_sessions_row_key` ON `claim_sessions` (`row_key`);--> statement-breakpoint
CREATE INDEX `claim_sessions_created` ON `claim_sessions` (`created_at`,`_id`,`search_text`,`row_key`,`claim_count`,`completed_count`);--> statement-breakpoint
CREATE VIRTUAL TABLE `claim_search` USING fts5(`search_text`, content = 'claim_sessions', content_rowid = 'row_key', tokenize = 'trigram');--> statement-breakpoint
INSERT INTO `claim_search` (`claim_search`) VALUES ('rebuild');--> statement-breakpoint
DROP TRIGGER `claim_sessions_search_insert`;--> statement-breakpoint
DROP TRIGGER `claim_sessions_search_update`;--> statement-breakpoint
CREATE TRIGGER `claim_sessions_search_insert` AFTER INSERT ON `claim_sessions` BEGIN
  UPDATE `claim_sessions` SET `search_text` = `dino_name` || char(31) || coalesce(`instructions`, '') || char(31) || coalesce(cast(`max` AS text), '') || char(31) || json_array_length(`claims`) || char(31) || json_array_length(`completed`) || char(31) || CASE WHEN `ended` THEN 'Yes' ELSE 'No' END || char(31) || coalesce(`breeder_id`, ''), `claim_count` = json_array_length(`claims`), `completed_count` = json_array_length(`completed`), `row_key` = (SELECT coalesce(max(`row_key`), 0) + 1 FROM `claim_sessions`) WHERE `_id` = new.`_id`;
  INSERT INTO `claim_search` (rowid, `search_text`) SELECT `row_key`, `search_text` FROM `claim_sessions` WHERE `_id` = new.`_id`;
END;--> statement-breakpoint
CREATE TRIGGER `claim_sessions_row_key_fixed` BEFORE UPDATE OF `row_key` ON `claim_sessions` WHEN old.`row_key` IS NOT NULL AND new.`row_key` IS NOT old.`row_key` BEGIN
  SELECT RAISE(ABORT, 'claim_sessions.row_key never changes');
END;--> statement-breakpoint
CREATE TRIGGER `claim_sessions_search_update` AFTER UPDATE OF `dino_name`, `instructions`, `max`, `claims`, `completed`, `ended`, `breeder_id` ON `claim_sessions` BEGIN
  INSERT INTO `claim_search` (`claim_search`, rowid, `search_text`) VALUES ('delete', old.`row_key`, old.`search_text`);
  UPDATE `claim_sessions` SET `search_text` = `dino_name` || char(31) || coalesce(`instructions`, '') || char(31) || coalesce(cast(`max` AS text), '') || char(31) || json_array_length(`claims`) || char(31) || json_array_length(`completed`) || char(31) || CASE WHEN `ended` THEN 'Yes' ELSE 'No' END || char(31) || coalesce(`breeder_id`, ''), `claim_count` = json_array_length(`claims`), `completed_count` = json_array_length(`completed`) WHERE `_id` = new.`_id`;
  INSERT INTO `claim_search` (rowid, `search_text`) SELECT `row_key`, `search_text` FROM `claim_sessions` WHERE `_id` = new.`_id`;
END;--> statement-breakpoint
CREATE TRIGGER `claim_sessions_search_delete` AFTER DELETE ON `claim_sessions` BEGIN
  INSERT INTO `claim_search` (`claim_search`, rowid, `search_text`) VALUES ('delete', old.`row_key`, old.`search_text`);
END;
