CREATE TABLE `aggregate_cache` (
	`key` text PRIMARY KEY NOT NULL,
	`source` text NOT NULL,
	`version` integer NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `data_versions` (
	`name` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
