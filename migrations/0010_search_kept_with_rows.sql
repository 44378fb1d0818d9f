-- The two Breeder searches that still read every row's text (ADR 027): the breeder list's search_text (0006) indexed
-- by trigrams, each row named by a row_key that never changes (a table keyed by text has no stable rowid), and the
-- claim sessions' search texts kept by triggers and carried by the order's index.
ALTER TABLE `breeder_list` ADD `row_key` integer;--> statement-breakpoint
UPDATE `breeder_list` SET `row_key` = rowid;--> statement-breakpoint
CREATE UNIQUE INDEX `breeder_list_row_key` ON `breeder_list` (`row_key`);--> statement-breakpoint
DROP INDEX `breeder_list_order`;--> statement-breakpoint
CREATE INDEX `breeder_list_order` ON `breeder_list` (`order`,`_id`,`date_day`,`datetwo_day`,`search_text`,`row_key`);--> statement-breakpoint
CREATE VIRTUAL TABLE `breeder_search` USING fts5(`search_text`, content = 'breeder_list', content_rowid = 'row_key', tokenize = 'trigram');--> statement-breakpoint
INSERT INTO `breeder_search` (`breeder_search`) VALUES ('rebuild');--> statement-breakpoint
CREATE TRIGGER `breeder_list_row_key_insert` AFTER INSERT ON `breeder_list` BEGIN
  UPDATE `breeder_list` SET `row_key` = (SELECT coalesce(max(`row_key`), 0) + 1 FROM `breeder_list`) WHERE `_id` = new.`_id` AND `row_key` IS NULL;
  INSERT INTO `breeder_search` (rowid, `search_text`) SELECT `row_key`, `search_text` FROM `breeder_list` WHERE `_id` = new.`_id`;
END;--> statement-breakpoint
CREATE TRIGGER `breeder_list_row_key_fixed` BEFORE UPDATE OF `row_key` ON `breeder_list` WHEN old.`row_key` IS NOT NULL AND new.`row_key` IS NOT old.`row_key` BEGIN
  SELECT RAISE(ABORT, 'breeder_list.row_key never changes');
END;--> statement-breakpoint
CREATE TRIGGER `breeder_search_update` AFTER UPDATE OF `search_text` ON `breeder_list` BEGIN
  INSERT INTO `breeder_search` (`breeder_search`, rowid, `search_text`) VALUES ('delete', old.`row_key`, old.`search_text`);
  INSERT INTO `breeder_search` (rowid, `search_text`) VALUES (new.`row_key`, new.`search_text`);
END;--> statement-breakpoint
CREATE TRIGGER `breeder_search_delete` AFTER DELETE ON `breeder_list` BEGIN
  INSERT INTO `breeder_search` (`breeder_search`, rowid, `search_text`) VALUES ('delete', old.`row_key`, old.`search_text`);
END;--> statement-breakpoint
DROP INDEX `claim_sessions_created`;--> statement-breakpoint
ALTER TABLE `claim_sessions` ADD `search_text` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `claim_sessions` SET `search_text` = `dino_name` || char(31) || coalesce(`instructions`, '') || char(31) || coalesce(cast(`max` AS text), '') || char(31) || json_array_length(`claims`) || char(31) || json_array_length(`completed`) || char(31) || CASE WHEN `ended` THEN 'Yes' ELSE 'No' END || char(31) || coalesce(`breeder_id`, '');--> statement-breakpoint
CREATE INDEX `claim_sessions_created` ON `claim_sessions` (`created_at`,`_id`,`search_text`);--> statement-breakpoint
CREATE TRIGGER `claim_sessions_search_insert` AFTER INSERT ON `claim_sessions` BEGIN
  UPDATE `claim_sessions` SET `search_text` = `dino_name` || char(31) || coalesce(`instructions`, '') || char(31) || coalesce(cast(`max` AS text), '') || char(31) || json_array_length(`claims`) || char(31) || json_array_length(`completed`) || char(31) || CASE WHEN `ended` THEN 'Yes' ELSE 'No' END || char(31) || coalesce(`breeder_id`, '') WHERE `_id` = new.`_id`;
END;--> statement-breakpoint
CREATE TRIGGER `claim_sessions_search_update` AFTER UPDATE OF `dino_name`, `instructions`, `max`, `claims`, `completed`, `ended`, `breeder_id` ON `claim_sessions` BEGIN
  UPDATE `claim_sessions` SET `search_text` = `dino_name` || char(31) || coalesce(`instructions`, '') || char(31) || coalesce(cast(`max` AS text), '') || char(31) || json_array_length(`claims`) || char(31) || json_array_length(`completed`) || char(31) || CASE WHEN `ended` THEN 'Yes' ELSE 'No' END || char(31) || coalesce(`breeder_id`, '') WHERE `_id` = new.`_id`;
END;
