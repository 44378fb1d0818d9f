-- Issue 11: the two Breeder searches that still read every row's text (ADR 027).
--
-- The breeder list: a trigram index of each row's search_text (migrations/0006), as the global search has
-- (migrations/0004), so a query of three characters or more is answered from the index. The index keeps no copy of the
-- text (external content: the list's own search_text), and names each row by row_key: a number the insert trigger gives
-- once (the largest yet, plus one) and that nothing changes after, since a table keyed by text has no stable rowid. The
-- order's index carries row_key, so a page of the matches walks the order and stops when the page is full.
--
-- The claim sessions: the texts the tab's search reads (all but the dates, which are shown in the viewer's zone) kept in
-- search_text, written by triggers on every write of their columns, and carried by the order's index, so a search's
-- count reads the index alone instead of parsing two JSON arrays of every session.
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
