-- The claim sessions' search through a trigram index of their search_text (ADR 038), keyed by a row_key the insert
-- trigger gives, as the breeder list's (0010); the triggers now keep text and index in step. The day's cards read
-- claim_count and completed_count, kept by the same triggers and carried by the order's index.
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
