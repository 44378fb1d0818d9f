-- The stock sheet's version (ADR 060): triggers bump it, with a new stamp, on every write to a tab's rows or to its
-- history, so the pages the isolate keeps of GET {base} and GET {base}/history are read again after any write, by
-- any path.
INSERT INTO `data_versions` (`name`, `version`, `stamp`) VALUES ('stock', 0, random());--> statement-breakpoint
CREATE TRIGGER `stock_items_version_insert` AFTER INSERT ON `stock_items` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1, `stamp` = random() WHERE `name` = 'stock';
END;
--> statement-breakpoint
CREATE TRIGGER `stock_items_version_update` AFTER UPDATE ON `stock_items` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1, `stamp` = random() WHERE `name` = 'stock';
END;
--> statement-breakpoint
CREATE TRIGGER `stock_items_version_delete` AFTER DELETE ON `stock_items` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1, `stamp` = random() WHERE `name` = 'stock';
END;
--> statement-breakpoint
CREATE TRIGGER `stock_history_version_insert` AFTER INSERT ON `stock_history` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1, `stamp` = random() WHERE `name` = 'stock';
END;
--> statement-breakpoint
CREATE TRIGGER `stock_history_version_update` AFTER UPDATE ON `stock_history` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1, `stamp` = random() WHERE `name` = 'stock';
END;
--> statement-breakpoint
CREATE TRIGGER `stock_history_version_delete` AFTER DELETE ON `stock_history` BEGIN
  UPDATE `data_versions` SET `version` = `version` + 1, `stamp` = random() WHERE `name` = 'stock';
END;
