CREATE TABLE `alert_channels` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`url` text NOT NULL,
	`kinds` text NOT NULL,
	`stock_percent` integer DEFAULT 50 NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `alert_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel_id` integer NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`content` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_result` text,
	`last_attempt_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alert_deliveries_key` ON `alert_deliveries` (`channel_id`,`key`);--> statement-breakpoint
CREATE INDEX `alert_deliveries_due` ON `alert_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `sources` (
	`id` text PRIMARY KEY NOT NULL,
	`last_contact_at` integer,
	`last_observed_at` integer,
	`last_error` text,
	`last_error_at` integer,
	`interval_ms` integer,
	`updated_by` text
);
--> statement-breakpoint
ALTER TABLE `server_snapshots` ADD `known` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `server_status` ADD `roster_observed_at` integer;--> statement-breakpoint
ALTER TABLE `server_status` ADD `recorded_at` integer;