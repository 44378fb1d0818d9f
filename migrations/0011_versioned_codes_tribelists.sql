-- Issue 13: no lost edits on codes and tribelist entries. Each row carries a version, as stock rows and breeder rows do:
-- every save bumps it, and a save based on an older version is refused with 409 and the row as it now is.
ALTER TABLE `codes` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `tribelist_entries` ADD `version` integer DEFAULT 1 NOT NULL;