-- Issue 14: access levels per section from Discord roles (contract/access.ts, ADR 041). role_access holds what an
-- admin gave each role; users keep their role ids (null until first read: the next request reads them from Discord);
-- API tokens keep the scopes chosen when they were made (null for older tokens: their maker's access).
CREATE TABLE `role_access` (
	`role_id` text NOT NULL,
	`section` text NOT NULL,
	`level` text NOT NULL,
	`updated_by` text,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`role_id`, `section`)
);
--> statement-breakpoint
ALTER TABLE `users` ADD `roles` text;--> statement-breakpoint
ALTER TABLE `users` ADD `roles_checked_at` integer;--> statement-breakpoint
ALTER TABLE `api_tokens` ADD `scopes` text;