-- Global search through one FTS5 trigram index (ADR 017): a document per row of the large lists (rowid: the row's key
-- times 8 plus its list), its searched fields joined by the unit separator, kept in step by triggers. Other triggers
-- bump data_versions.vouches when what the cached aggregates read changes (aggregate_cache, 0003).
CREATE VIRTUAL TABLE `search_index` USING fts5(`body`, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `data_versions` (`name`, `version`) VALUES ('vouches', 0);
--> statement-breakpoint
INSERT INTO `search_index` (rowid, `body`) SELECT "id" * 8 + 1, coalesce("username", '') || char(31) || coalesce("display_name", '') || char(31) || coalesce("vouched", '') || char(31) || coalesce("vouched_by", '') || char(31) || coalesce("notes", '') || char(31) || coalesce("aliases", '') || char(31) || coalesce("discord_id", '') FROM `vouches`;
--> statement-breakpoint
CREATE TRIGGER `vouches_search_insert` AFTER INSERT ON `vouches` BEGIN
  DELETE FROM `search_index` WHERE rowid = new."id" * 8 + 1;
  INSERT INTO `search_index` (rowid, `body`) VALUES (new."id" * 8 + 1, coalesce(new."username", '') || char(31) || coalesce(new."display_name", '') || char(31) || coalesce(new."vouched", '') || char(31) || coalesce(new."vouched_by", '') || char(31) || coalesce(new."notes", '') || char(31) || coalesce(new."aliases", '') || char(31) || coalesce(new."discord_id", ''));
END;
--> statement-breakpoint
CREATE TRIGGER `vouches_search_update` AFTER UPDATE OF `username`, `display_name`, `vouched`, `vouched_by`, `notes`, `aliases`, `discord_id`, `id` ON `vouches` BEGIN
  DELETE FROM `search_index` WHERE rowid = old."id" * 8 + 1;
  INSERT INTO `search_index` (rowid, `body`) VALUES (new."id" * 8 + 1, coalesce(new."username", '') || char(31) || coalesce(new."display_name", '') || char(31) || coalesce(new."vouched", '') || char(31) || coalesce(new."vouched_by", '') || char(31) || coalesce(new."notes", '') || char(31) || coalesce(new."aliases", '') || char(31) || coalesce(new."discord_id", ''));
END;
--> statement-breakpoint
CREATE TRIGGER `vouches_search_delete` AFTER DELETE ON `vouches` BEGIN
  DELETE FROM `search_index` WHERE rowid = old."id" * 8 + 1;
END;
--> statement-breakpoint
INSERT INTO `search_index` (rowid, `body`) SELECT "row_id" * 8 + 3, coalesce("display_name", '') || char(31) || coalesce("username", '') || char(31) || coalesce("id", '') FROM `join_log`;
--> statement-breakpoint
CREATE TRIGGER `join_log_search_insert` AFTER INSERT ON `join_log` BEGIN
  DELETE FROM `search_index` WHERE rowid = new."row_id" * 8 + 3;
  INSERT INTO `search_index` (rowid, `body`) VALUES (new."row_id" * 8 + 3, coalesce(new."display_name", '') || char(31) || coalesce(new."username", '') || char(31) || coalesce(new."id", ''));
END;
--> statement-breakpoint
CREATE TRIGGER `join_log_search_update` AFTER UPDATE OF `display_name`, `username`, `id`, `row_id` ON `join_log` BEGIN
  DELETE FROM `search_index` WHERE rowid = old."row_id" * 8 + 3;
  INSERT INTO `search_index` (rowid, `body`) VALUES (new."row_id" * 8 + 3, coalesce(new."display_name", '') || char(31) || coalesce(new."username", '') || char(31) || coalesce(new."id", ''));
END;
--> statement-breakpoint
CREATE TRIGGER `join_log_search_delete` AFTER DELETE ON `join_log` BEGIN
  DELETE FROM `search_index` WHERE rowid = old."row_id" * 8 + 3;
END;
--> statement-breakpoint
INSERT INTO `search_index` (rowid, `body`) SELECT "row_id" * 8 + 4, coalesce("display_name", '') || char(31) || coalesce("username", '') || char(31) || coalesce("id", '') FROM `removed_members`;
--> statement-breakpoint
CREATE TRIGGER `removed_members_search_insert` AFTER INSERT ON `removed_members` BEGIN
  DELETE FROM `search_index` WHERE rowid = new."row_id" * 8 + 4;
  INSERT INTO `search_index` (rowid, `body`) VALUES (new."row_id" * 8 + 4, coalesce(new."display_name", '') || char(31) || coalesce(new."username", '') || char(31) || coalesce(new."id", ''));
END;
--> statement-breakpoint
CREATE TRIGGER `removed_members_search_update` AFTER UPDATE OF `display_name`, `username`, `id`, `row_id` ON `removed_members` BEGIN
  DELETE FROM `search_index` WHERE rowid = old."row_id" * 8 + 4;
  INSERT INTO `search_index` (rowid, `body`) VALUES (new."row_id" * 8 + 4, coalesce(new."display_name", '') || char(31) || coalesce(new."username", '') || char(31) || coalesce(new."id", ''));
END;
--> statement-breakpoint
CREATE TRIGGER `removed_members_search_delete` AFTER DELETE ON `removed_members` BEGIN
  DELETE FROM `search_index` WHERE rowid = old."row_id" * 8 + 4;
END;
--> statement-breakpoint
INSERT INTO `search_index` (rowid, `body`) SELECT "id" * 8 + 5, coalesce("username", '') || char(31) || coalesce("code", '') || char(31) || coalesce("user", '') FROM `codes`;
--> statement-breakpoint
CREATE TRIGGER `codes_search_insert` AFTER INSERT ON `codes` BEGIN
  DELETE FROM `search_index` WHERE rowid = new."id" * 8 + 5;
  INSERT INTO `search_index` (rowid, `body`) VALUES (new."id" * 8 + 5, coalesce(new."username", '') || char(31) || coalesce(new."code", '') || char(31) || coalesce(new."user", ''));
END;
--> statement-breakpoint
CREATE TRIGGER `codes_search_update` AFTER UPDATE OF `username`, `code`, `user`, `id` ON `codes` BEGIN
  DELETE FROM `search_index` WHERE rowid = old."id" * 8 + 5;
  INSERT INTO `search_index` (rowid, `body`) VALUES (new."id" * 8 + 5, coalesce(new."username", '') || char(31) || coalesce(new."code", '') || char(31) || coalesce(new."user", ''));
END;
--> statement-breakpoint
CREATE TRIGGER `codes_search_delete` AFTER DELETE ON `codes` BEGIN
  DELETE FROM `search_index` WHERE rowid = old."id" * 8 + 5;
END;
--> statement-breakpoint
CREATE TRIGGER `vouches_version_insert` AFTER INSERT ON `vouches` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'vouches';
END;
--> statement-breakpoint
CREATE TRIGGER `vouches_version_update` AFTER UPDATE OF `status`, `vouched_by`, `vouched_by_username`, `vouched_at_ms` ON `vouches` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'vouches';
END;
--> statement-breakpoint
CREATE TRIGGER `vouches_version_delete` AFTER DELETE ON `vouches` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'vouches';
END;
