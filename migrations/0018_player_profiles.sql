CREATE TABLE `player_notes` (
	`eos_id` text PRIMARY KEY NOT NULL,
	`text` text NOT NULL,
	`tags` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` text
);
--> statement-breakpoint
CREATE TABLE `player_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`server_id` text NOT NULL,
	`eos_id` text NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer,
	`end_by` integer,
	`end_kind` text,
	`display_name` text,
	`member_name` text,
	`tribe` text,
	`status` text,
	`platform` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `player_sessions_natural` ON `player_sessions` (`server_id`,`eos_id`,`start_at`);--> statement-breakpoint
CREATE INDEX `player_sessions_player` ON `player_sessions` (`eos_id`,`start_at`);--> statement-breakpoint
CREATE INDEX `player_sessions_server` ON `player_sessions` (`server_id`,`start_at`);--> statement-breakpoint
CREATE INDEX `player_sessions_long` ON `player_sessions` (`server_id`,`start_at`) WHERE end_kind is null or coalesce(end_by, end_at) - start_at > 172800000;--> statement-breakpoint
CREATE INDEX `player_sessions_open` ON `player_sessions` (`server_id`,`eos_id`) WHERE end_kind is null;--> statement-breakpoint
CREATE INDEX `player_sessions_open_tribe` ON `player_sessions` (`tribe`) WHERE end_kind is null;--> statement-breakpoint
CREATE TABLE `player_watches` (
	`eos_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`eos_id`, `user_id`)
);
--> statement-breakpoint
CREATE TABLE `players` (
	`eos_id` text PRIMARY KEY NOT NULL,
	`display_name` text,
	`member_name` text,
	`tribe` text,
	`status` text,
	`platform` text,
	`first_seen` integer NOT NULL,
	`last_seen` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `players_tribe` ON `players` (`tribe`,`last_seen`);--> statement-breakpoint
CREATE TABLE `tribe_hours` (
	`tribe` text NOT NULL,
	`hour` integer NOT NULL,
	PRIMARY KEY(`tribe`, `hour`)
);
--> statement-breakpoint
-- The events stored before sessions were kept with them (ADR 079): each join opens a session and the next event of
-- that player on that server closes it, a leave first when both have one time (worker/domain/players/sessions.ts
-- deriveSessions, the same rule).
INSERT INTO `player_sessions` (`server_id`, `eos_id`, `start_at`, `end_at`, `end_by`, `end_kind`, `display_name`,
  `member_name`, `tribe`, `status`, `platform`)
SELECT `server_id`, `eos_id`, `event_time`,
  iif(`next_type` = 'leave', `next_time`, iif(`next_type` = 'join', `event_time`, NULL)),
  iif(`next_type` = 'join', `next_time`, NULL),
  iif(`next_type` = 'leave', 'left', iif(`next_type` = 'join', 'missed', NULL)),
  `display_name`, `member_name`, nullif(trim(coalesce(`tribe`, '')), ''), `status`, `platform`
FROM (
  SELECT *, lead(`event_type`) OVER w AS `next_type`, lead(`event_time`) OVER w AS `next_time` FROM `server_events`
  WINDOW w AS (PARTITION BY `server_id`, `eos_id` ORDER BY `event_time`, `event_type` = 'join', `id`))
WHERE `event_type` = 'join';
--> statement-breakpoint
INSERT INTO `players` (`eos_id`, `display_name`, `member_name`, `tribe`, `status`, `platform`, `first_seen`, `last_seen`)
SELECT `eos_id`, `display_name`, `member_name`, nullif(trim(coalesce(`tribe`, '')), ''), `status`, `platform`,
  `first_seen`, `event_time`
FROM (
  SELECT *, min(`event_time`) OVER (PARTITION BY `eos_id`) AS `first_seen`,
    row_number() OVER (PARTITION BY `eos_id` ORDER BY `event_time` DESC, `id` DESC) AS `rn`
  FROM `server_events`)
WHERE `rn` = 1;
--> statement-breakpoint
WITH RECURSIVE h(`tribe`, `hour`, `last`) AS (
  SELECT `tribe`, max(`start_at` / 3600000, (unixepoch() * 1000 - 90 * 86400000) / 3600000), (`end_at` - 1) / 3600000
  FROM `player_sessions` WHERE `end_kind` = 'left' AND `tribe` IS NOT NULL AND `end_at` > `start_at`
    AND `end_at` >= unixepoch() * 1000 - 90 * 86400000
  UNION ALL SELECT `tribe`, `hour` + 1, `last` FROM h WHERE `hour` < `last`)
INSERT OR IGNORE INTO `tribe_hours` (`tribe`, `hour`) SELECT `tribe`, `hour` FROM h WHERE true;
--> statement-breakpoint
-- A profile's linked Discord members: vouches by in-game name, tribelist entries by name, codes by member.
CREATE INDEX `vouches_ig_name` ON `vouches` (`ig_name` COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `vouches_ig_name_server2` ON `vouches` (`ig_name_server2` COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `vouches_ig_name_server3` ON `vouches` (`ig_name_server3` COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `tribelist_entries_name` ON `tribelist_entries` (`name` COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `codes_user` ON `codes` (`user`);
