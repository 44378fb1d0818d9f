CREATE TABLE `breeder_list` (
	`_id` text PRIMARY KEY NOT NULL,
	`order` integer DEFAULT 0 NOT NULL,
	`dino` text NOT NULL,
	`server` text,
	`image_url` text,
	`text_color` text,
	`field_colors` text DEFAULT '{}' NOT NULL,
	`role_id` text,
	`values` text DEFAULT '{}' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`last_updated` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `breeder_list_order` ON `breeder_list` (`order`);--> statement-breakpoint
CREATE TABLE `breeder_session_stats` (
	`_id` text PRIMARY KEY NOT NULL,
	`breeder_id` text NOT NULL,
	`total_created_sessions` integer DEFAULT 0 NOT NULL,
	`total_sessions` integer DEFAULT 0 NOT NULL,
	`total_claims` integer DEFAULT 0 NOT NULL,
	`average_session_duration` real DEFAULT 0 NOT NULL,
	`total_completions` integer DEFAULT 0 NOT NULL,
	`average_completion_rate` real DEFAULT 0 NOT NULL,
	`total_ended_sessions` integer DEFAULT 0 NOT NULL,
	`total_removals` integer DEFAULT 0 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `breeder_session_stats_breeder_id_unique` ON `breeder_session_stats` (`breeder_id`);--> statement-breakpoint
CREATE TABLE `claim_sessions` (
	`_id` text PRIMARY KEY NOT NULL,
	`dino_name` text NOT NULL,
	`instructions` text,
	`max` integer,
	`claims` text DEFAULT '[]' NOT NULL,
	`completed` text DEFAULT '[]' NOT NULL,
	`ended` integer DEFAULT false NOT NULL,
	`breeder_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `claim_sessions_created` ON `claim_sessions` (`created_at`);--> statement-breakpoint
CREATE TABLE `codes_given` (
	`_id` text PRIMARY KEY NOT NULL,
	`breeder` text,
	`code` text,
	`server` text,
	`date_given` text,
	`status` text DEFAULT 'Active' NOT NULL,
	`notes` text,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `ffa_raising` (
	`_id` text PRIMARY KEY NOT NULL,
	`breeder` text,
	`creature` text,
	`server` text,
	`status` text DEFAULT 'In Progress' NOT NULL,
	`start_date` text,
	`expected_completion` text,
	`notes` text,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `role_mappings` (
	`dino` text PRIMARY KEY NOT NULL,
	`role_id` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `avatars` (
	`discord_id` text PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`hash` text,
	`timestamp` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `codes` (
	`_id` text PRIMARY KEY NOT NULL,
	`id` integer NOT NULL,
	`username` text,
	`code` text,
	`server` text,
	`avatar` text,
	`completed` integer DEFAULT false NOT NULL,
	`mainserver` text,
	`location` text,
	`user` text,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `codes_id_unique` ON `codes` (`id`);--> statement-breakpoint
CREATE TABLE `join_log` (
	`row_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`display_name` text,
	`username` text,
	`avatar_url` text,
	`joined_at` integer NOT NULL,
	`created_at` integer,
	`invite_code` text,
	`inviter_id` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `join_log_natural` ON `join_log` (`id`,`joined_at`);--> statement-breakpoint
CREATE TABLE `removed_members` (
	`row_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`display_name` text,
	`username` text,
	`user_avatar_url` text,
	`joined_at` integer,
	`left_at` integer NOT NULL,
	`leave_reason` text,
	`voucher_info` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `removed_members_natural` ON `removed_members` (`id`,`left_at`);--> statement-breakpoint
CREATE TABLE `tribelist_entries` (
	`_id` text PRIMARY KEY NOT NULL,
	`server` text NOT NULL,
	`name` text NOT NULL,
	`username` text,
	`discord_id` text,
	`rank` text,
	`nationality` text,
	`order` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `tribelist_server_idx` ON `tribelist_entries` (`server`);--> statement-breakpoint
CREATE TABLE `vouches` (
	`_id` text PRIMARY KEY NOT NULL,
	`id` integer NOT NULL,
	`username` text,
	`display_name` text,
	`discord_id` text,
	`notes` text,
	`aliases` text,
	`ig_name` text,
	`ig_name_server2` text,
	`ig_name_server3` text,
	`vouched_avatar` text,
	`vouched_avatar_hash` text,
	`status` text DEFAULT 'Not Provided' NOT NULL,
	`vouched` text NOT NULL,
	`vouched_username` text,
	`vouched_at` text NOT NULL,
	`vouched_at_ms` integer NOT NULL,
	`vouched_by` text NOT NULL,
	`vouched_by_username` text,
	`source_message_id` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vouches_id_unique` ON `vouches` (`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `vouches_source_message_id_unique` ON `vouches` (`source_message_id`);--> statement-breakpoint
CREATE INDEX `vouches_vouched_idx` ON `vouches` (`vouched`);--> statement-breakpoint
CREATE INDEX `vouches_at_idx` ON `vouches` (`vouched_at_ms`);--> statement-breakpoint
CREATE TABLE `api_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`hash` text NOT NULL,
	`prefix` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_hash_unique` ON `api_tokens` (`hash`);--> statement-breakpoint
CREATE INDEX `api_tokens_user_idx` ON `api_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`actor` text NOT NULL,
	`actor_name` text,
	`entity` text NOT NULL,
	`entity_id` text,
	`action` text NOT NULL,
	`before` text,
	`after` text
);
--> statement-breakpoint
CREATE INDEX `audit_entity_idx` ON `audit_log` (`entity`,`entity_id`);--> statement-breakpoint
CREATE INDEX `audit_at_idx` ON `audit_log` (`at`);--> statement-breakpoint
CREATE TABLE `rosters` (
	`server_id` text NOT NULL,
	`eos_id` text NOT NULL,
	`display_name` text,
	`name` text,
	`status` text,
	`tribe` text,
	`platform` text,
	`position` integer NOT NULL,
	`seen_at` integer NOT NULL,
	PRIMARY KEY(`server_id`, `eos_id`)
);
--> statement-breakpoint
CREATE TABLE `server_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`server_id` text NOT NULL,
	`event_type` text NOT NULL,
	`eos_id` text NOT NULL,
	`display_name` text,
	`member_name` text,
	`status` text,
	`tribe` text,
	`platform` text,
	`event_time` integer NOT NULL,
	`last_ark_launch` text,
	`steam_profile_link` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `server_events_natural` ON `server_events` (`server_id`,`eos_id`,`event_type`,`event_time`);--> statement-breakpoint
CREATE INDEX `server_events_server_time` ON `server_events` (`server_id`,`event_time`);--> statement-breakpoint
CREATE TABLE `server_snapshots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`server_id` text NOT NULL,
	`taken_at` integer NOT NULL,
	`online` integer NOT NULL,
	`player_count` integer,
	`max_players` integer,
	`error_details` text,
	`source` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `server_snapshots_natural` ON `server_snapshots` (`server_id`,`taken_at`);--> statement-breakpoint
CREATE TABLE `server_status` (
	`server_id` text PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`error_details` text,
	`last_updated` integer NOT NULL,
	`map_name` text,
	`player_count` integer,
	`max_players` integer,
	`source` text
);
--> statement-breakpoint
CREATE TABLE `weekly_members` (
	`eos_id` text PRIMARY KEY NOT NULL,
	`display_name` text,
	`member_name` text,
	`is_active_this_week` integer NOT NULL,
	`is_tribe_member` integer DEFAULT false NOT NULL,
	`tribe` text,
	`platform` text,
	`event_type` text NOT NULL,
	`event_time` integer,
	`last_ark_launch` text,
	`steam_profile_link` text,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `item_images` (
	`scope` text NOT NULL,
	`name` text NOT NULL,
	`image_url` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `item_images_scope_name` ON `item_images` (`scope`,`name`);--> statement-breakpoint
CREATE TABLE `stock_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tab` text NOT NULL,
	`date` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_by` text,
	`items` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `stock_history_tab_date` ON `stock_history` (`tab`,`date`);--> statement-breakpoint
CREATE TABLE `stock_items` (
	`_id` text PRIMARY KEY NOT NULL,
	`tab` text NOT NULL,
	`order` integer DEFAULT 0 NOT NULL,
	`image_url` text,
	`is_empty` integer DEFAULT false NOT NULL,
	`field_colors` text DEFAULT '{}' NOT NULL,
	`text_color` text,
	`data` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_by` text
);
--> statement-breakpoint
CREATE INDEX `stock_items_tab_order` ON `stock_items` (`tab`,`order`);