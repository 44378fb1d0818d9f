// The player pages' CSV downloads, through the tables' download (export.server.ts: file name, content type, escaping,
// a failure said on the page as a toast): a player's every session (GET /api/players/{eosId}/sessions) and a tribe's
// heatmap, weekday x hour (GET /api/tribes/{tribe}), both in the viewer's zone.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { playedSpan, type PlayerSession, type TribeProfile } from "#contract/players";
import { MINUTE_MS } from "#contract/time";
import { failureReason, host } from "#app/host/client.server";
import { formatDateTime, timeZoneOr } from "./dates";
import type { CsvColumn, TablePage } from "./export.server";
import { heatmapRows, sessionEndText } from "./players";
import { readPreferences } from "./preferences";

const END_KINDS = { left: "left", missed: "leave missed", silent: "collector silent" } as const;

const sessionColumns = (timeZone: string, now: number): CsvColumn<PlayerSession>[] => [
  { title: "Server", value: (s) => s.serverId },
  { title: "Started", value: (s) => formatDateTime(s.start, timeZone) },
  { title: "Ended", value: (s) => sessionEndText(s, timeZone, false) },
  { title: "How it ended", value: (s) => (s.endKind ? END_KINDS[s.endKind] : "open") },
  {
    title: "Minutes played",
    value: (s) => {
      const span = playedSpan(s, now);
      return span ? Math.round((span.to - span.from) / MINUTE_MS) : null;
    },
  },
  { title: "Display Name", value: (s) => s.displayName },
  { title: "Member Name", value: (s) => s.memberName },
  { title: "Tribe", value: (s) => s.tribe },
  { title: "Status", value: (s) => s.status },
  { title: "Platform", value: (s) => s.platform },
];

type HeatRow = ReturnType<typeof heatmapRows>[number];
const HEATMAP_COLUMNS: CsvColumn<HeatRow>[] = [
  { title: "Weekday", value: (r) => r.weekday },
  { title: "Hour", value: (r) => r.hour },
  { title: "Online days", value: (r) => r.online },
  { title: "Days", value: (r) => r.days },
  { title: "Time zone", value: (r) => r.zone },
];

/** One read of the whole table (a player's sessions are at most SESSIONS_EXPORT_MAX rows; a heatmap is 168). */
async function whole<T, R>(
  name: string,
  columns: readonly CsvColumn<R>[],
  read: () => Promise<T>,
  rows: (data: T) => readonly R[],
): Promise<TablePage<R>> {
  try {
    return { name, columns, rows: rows(await read()), pageCount: 1, error: null };
  } catch (error) {
    console.error(`players: ${name} export failed`, error);
    return { name, columns, rows: [], pageCount: 1, error: failureReason(error) };
  }
}

export const sessionsTable = (eosId: string) => (request: Request, context: AppLoadContext) => {
  const timeZone = timeZoneOr(readPreferences(request).timeZone);
  return whole(
    `player-${eosId}-sessions`,
    sessionColumns(timeZone, Date.now()),
    () => host(context).get<{ rows: PlayerSession[] }>(`/api/players/${eosId}/sessions`),
    (answer) => answer.data.rows,
  );
};

export const heatmapTable = (tribe: string) => (request: Request, context: AppLoadContext) => {
  const tz = timeZoneOr(readPreferences(request).timeZone);
  return whole(
    `tribe-${tribe}-heatmap`,
    HEATMAP_COLUMNS,
    () => host(context).get<TribeProfile>(`/api/tribes/${encodeURIComponent(tribe)}?tz=${encodeURIComponent(tz)}`),
    (answer) => heatmapRows(answer.data.heatmap),
  );
};
