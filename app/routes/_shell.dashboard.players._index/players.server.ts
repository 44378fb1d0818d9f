// The Players page, server side: the player search (GET /api/players/search) and "Who was on at" a past minute of a
// server (GET /api/roster-at/{serverId}), the minute typed in the viewer's zone. Both are GET forms: the URL holds them.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { ROSTER_AT_DAYS, type PlayerHit, type RosterAt } from "#contract/players";
import { searchText } from "#contract/search";
import { isServerId, SERVER_IDS, type ServerId } from "#contract/servers";
import { DAY_MS } from "#contract/time";
import { requireUser } from "#app/auth/session.server";
import { failureReason, host } from "#app/host/client.server";
import { timeZoneOr } from "#app/utils/dates";
import { json } from "#app/utils/json.server";
import { instantOf, localValueOf } from "#app/utils/players";
import { readPreferences } from "#app/utils/preferences";
import { withList } from "#app/utils/players-view.server";
import { PAGE_SIZES, pageFrom, paginate, type Page } from "#app/utils/table";
import type { ListBadge } from "#app/components/players/links";

export type Hit = PlayerHit & { list: ListBadge };
export type Present = RosterAt["players"][number] & { list: ListBadge };
/** The roster at a minute, a page of it at a time like every table (up to 70 players: a full server). */
export type Roster = Omit<RosterAt, "players"> & { players: Page<Present>; maybe: boolean };

async function search(context: AppLoadContext, q: string) {
  if (!q) return { hits: null, searchError: null };
  try {
    const { data } = await host(context).get<{ rows: PlayerHit[] }>(`/api/players/search?q=${encodeURIComponent(q)}`);
    return { hits: data.rows.map((h) => withList(h)), searchError: null };
  } catch (error) {
    console.error("players: search failed", error);
    return { hits: null, searchError: `Could not search: ${failureReason(error)}` };
  }
}

/** The roster at the typed minute; a minute outside the kept window is said in words before the host is asked. */
async function rosterAt(
  context: AppLoadContext,
  server: ServerId,
  value: string,
  zone: string,
  now: number,
  page: number,
) {
  if (!value) return { roster: null, atError: null };
  const at = instantOf(value, zone);
  if (at === null) return { roster: null, atError: "Enter a date and a time." };
  if (at > now) return { roster: null, atError: "That time is still to come: pick one in the past." };
  if (at < now - ROSTER_AT_DAYS * DAY_MS)
    return { roster: null, atError: `Rosters are kept for ${ROSTER_AT_DAYS} days: pick a time within them.` };
  try {
    const { data } = await host(context).get<RosterAt>(`/api/roster-at/${server}?at=${at}`);
    const players = paginate(data.players, page, PAGE_SIZES[0]);
    const roster: Roster = {
      ...data,
      players: { ...players, rows: players.rows.map((p) => withList(p)) },
      maybe: data.players.some((p) => !p.certain),
    };
    return { roster, atError: null };
  } catch (error) {
    console.error("players: roster-at failed", server, error);
    return { roster: null, atError: failureReason(error) };
  }
}

export async function loadPlayers(request: Request, context: AppLoadContext) {
  requireUser(request, context.auth);
  const url = new URL(request.url);
  const timeZone = timeZoneOr(readPreferences(request).timeZone);
  const q = searchText(url.searchParams.get("q"));
  const serverParam = url.searchParams.get("server");
  const server: ServerId = isServerId(serverParam) ? serverParam : SERVER_IDS[0];
  const atValue = (url.searchParams.get("at") ?? "").trim().slice(0, 16);
  const now = Date.now();
  const [found, past] = await Promise.all([
    search(context, q),
    rosterAt(context, server, atValue, timeZone, now, pageFrom(url.searchParams.get("page"))),
  ]);
  return json({
    q,
    server,
    atValue,
    timeZone,
    now,
    // The field's bounds, in the viewer's zone.
    max: localValueOf(now, timeZone),
    min: localValueOf(now - ROSTER_AT_DAYS * DAY_MS, timeZone),
    ...found,
    ...past,
  });
}
