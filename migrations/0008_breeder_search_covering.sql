-- Issue 11: the breeder list's order index also carries what its search reads (date_day, datetwo_day, search_text:
-- migrations/0006), so a search's count and its page read the index alone instead of every row of the table.
DROP INDEX `breeder_list_order`;--> statement-breakpoint
CREATE INDEX `breeder_list_order` ON `breeder_list` (`order`,`_id`,`date_day`,`datetwo_day`,`search_text`);