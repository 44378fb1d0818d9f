-- Each bump of a source's version also draws a random stamp (ADR 060). What an isolate keeps is checked against the
-- stamp: a database restored to an earlier point counts its versions again from there, and an answer kept under a
-- version counted before the restore must not pass for the same number counted after it.
ALTER TABLE `data_versions` ADD `stamp` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `data_versions` SET `stamp` = random();--> statement-breakpoint
DROP TRIGGER `vouches_version_insert`;--> statement-breakpoint
CREATE TRIGGER `vouches_version_insert` AFTER INSERT ON `vouches` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1, `stamp` = random() WHERE `name` = 'vouches';
END;
--> statement-breakpoint
DROP TRIGGER `vouches_version_update`;--> statement-breakpoint
CREATE TRIGGER `vouches_version_update` AFTER UPDATE OF `status`, `vouched_by`, `vouched_by_username`, `vouched_at_ms` ON `vouches` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1, `stamp` = random() WHERE `name` = 'vouches';
END;
--> statement-breakpoint
DROP TRIGGER `vouches_version_delete`;--> statement-breakpoint
CREATE TRIGGER `vouches_version_delete` AFTER DELETE ON `vouches` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1, `stamp` = random() WHERE `name` = 'vouches';
END;
--> statement-breakpoint
DROP TRIGGER `breeder_list_version_insert`;--> statement-breakpoint
CREATE TRIGGER `breeder_list_version_insert` AFTER INSERT ON `breeder_list` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1, `stamp` = random() WHERE `name` = 'breeder_list';
END;
--> statement-breakpoint
DROP TRIGGER `breeder_list_version_update`;--> statement-breakpoint
CREATE TRIGGER `breeder_list_version_update` AFTER UPDATE ON `breeder_list` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1, `stamp` = random() WHERE `name` = 'breeder_list';
END;
--> statement-breakpoint
DROP TRIGGER `breeder_list_version_delete`;--> statement-breakpoint
CREATE TRIGGER `breeder_list_version_delete` AFTER DELETE ON `breeder_list` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1, `stamp` = random() WHERE `name` = 'breeder_list';
END;
