-- The breeder list's search reads columns kept with each row (ADR 018 "Later"): each Days since as a day number and
-- the shown texts joined by the unit separator. The Worker writes them (searchColumns); the rows already here get them
-- below, by the parse the search ran until now (tests/workers/api-breeder-search-columns.test.ts holds the two equal).
ALTER TABLE `breeder_list` ADD `date_day` integer;--> statement-breakpoint
ALTER TABLE `breeder_list` ADD `datetwo_day` integer;--> statement-breakpoint
ALTER TABLE `breeder_list` ADD `search_text` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `breeder_list` SET
  `date_day` = unixepoch((SELECT CASE WHEN iso IS NOT NULL AND date(julianday(iso)) = iso AND cast(substr(iso, 1, 4) AS integer) >= 100 THEN iso END FROM (
      SELECT CASE
        WHEN s = 2 AND trim(t, '0123456789/') = '' AND p1 BETWEEN 2 AND 3 AND p2 BETWEEN 2 AND 3 AND length(y) IN (2, 4)
          THEN printf('%04d-%02d-%02d', CASE length(y) WHEN 2 THEN 2000 + y ELSE y END, substr(t, 1, p1 - 1), substr(r, 1, p2 - 1))
        WHEN substr(t, 1, 10) GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND (length(t) = 10 OR (
          substr(t, 11, 1) IN ('T', ' ') AND substr(t, 12, 1) GLOB '[0-9:.]' AND
          (z = '' OR z = 'Z' OR z GLOB '[+-][0-9][0-9]:[0-9][0-9]' OR z GLOB '[+-][0-9][0-9][0-9][0-9]')))
          THEN substr(t, 1, 10)
      END AS iso FROM (
        SELECT t, p1, r, p2, substr(r, p2 + 1) AS y, s, z FROM (
          SELECT t, p1, r, instr(r, '/') AS p2, s, z FROM (
            SELECT t, instr(t, '/') AS p1, substr(t, instr(t, '/') + 1) AS r, length(t) - length(replace(t, '/', '')) AS s,
              ltrim(substr(t, 12), '0123456789:.') AS z
            FROM (SELECT CASE WHEN typeof(json_extract("values", '$."Last Claims"')) = 'text' THEN trim(json_extract("values", '$."Last Claims"'), ' ' || char(9, 10, 13)) END AS t))))))) / 86400,
  `datetwo_day` = unixepoch((SELECT CASE WHEN iso IS NOT NULL AND date(julianday(iso)) = iso AND cast(substr(iso, 1, 4) AS integer) >= 100 THEN iso END FROM (
      SELECT CASE
        WHEN s = 2 AND trim(t, '0123456789/') = '' AND p1 BETWEEN 2 AND 3 AND p2 BETWEEN 2 AND 3 AND length(y) IN (2, 4)
          THEN printf('%04d-%02d-%02d', CASE length(y) WHEN 2 THEN 2000 + y ELSE y END, substr(t, 1, p1 - 1), substr(r, 1, p2 - 1))
        WHEN substr(t, 1, 10) GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND (length(t) = 10 OR (
          substr(t, 11, 1) IN ('T', ' ') AND substr(t, 12, 1) GLOB '[0-9:.]' AND
          (z = '' OR z = 'Z' OR z GLOB '[+-][0-9][0-9]:[0-9][0-9]' OR z GLOB '[+-][0-9][0-9][0-9][0-9]')))
          THEN substr(t, 1, 10)
      END AS iso FROM (
        SELECT t, p1, r, p2, substr(r, p2 + 1) AS y, s, z FROM (
          SELECT t, p1, r, instr(r, '/') AS p2, s, z FROM (
            SELECT t, instr(t, '/') AS p1, substr(t, instr(t, '/') + 1) AS r, length(t) - length(replace(t, '/', '')) AS s,
              ltrim(substr(t, 12), '0123456789:.') AS z
            FROM (SELECT CASE WHEN typeof(json_extract("values", '$."Last Mut"')) = 'text' THEN trim(json_extract("values", '$."Last Mut"'), ' ' || char(9, 10, 13)) END AS t))))))) / 86400,
  `search_text` = "dino" || coalesce(char(31) || "server", '') || coalesce(char(31) || (
    SELECT group_concat(cast(value AS text), char(31)) FROM json_each("values") WHERE type IN ('text', 'integer', 'real')), '');
