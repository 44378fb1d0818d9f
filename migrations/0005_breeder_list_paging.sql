-- The breeder list paged in SQL: its order with the id as the tie-break, within a server, and each dino's first row.
-- Triggers bump data_versions.breeder_list on every write: the version the kept summary card and dino list are
-- checked against (aggregate_cache, 0003).
DROP INDEX `breeder_list_order`;--> statement-breakpoint
CREATE INDEX `breeder_list_server_order` ON `breeder_list` (`server`,`order`,`_id`);--> statement-breakpoint
CREATE INDEX `breeder_list_dino_order` ON `breeder_list` (`dino`,`order`,`_id`);--> statement-breakpoint
CREATE INDEX `breeder_list_order` ON `breeder_list` (`order`,`_id`);--> statement-breakpoint
INSERT INTO `data_versions` (`name`, `version`) VALUES ('breeder_list', 0);
--> statement-breakpoint
CREATE TRIGGER `breeder_list_version_insert` AFTER INSERT ON `breeder_list` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'breeder_list';
END;
--> statement-breakpoint
CREATE TRIGGER `breeder_list_version_update` AFTER UPDATE ON `breeder_list` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'breeder_list';
END;
--> statement-breakpoint
CREATE TRIGGER `breeder_list_version_delete` AFTER DELETE ON `breeder_list` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'breeder_list';
END;
