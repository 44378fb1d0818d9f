// The public official server list: one JSON array of every official server (Name, NumPlayers, MaxPlayers, MapName,
// ...), read once per snapshot run for all tracked servers. Being in the list means online. The list is read leniently:
// numbers may arrive as strings, unknown fields are ignored, an entry without a name is skipped.
import type { Config } from "#worker/platform/config";
import { fetchJson, type Fetcher } from "./fetch-json";

/** What the snapshot needs from one entry of the list. */
export type OfficialServer = {
  name: string;
  numPlayers: number | null;
  maxPlayers: number | null;
  mapName: string | null;
};

export type OfficialListRead = { ok: true; servers: OfficialServer[] } | { ok: false; error: string };

/** Where the list is read: the configured URL, else the Worker's own stand-in (development only), else nowhere. */
export type OfficialListSource = { kind: "url" | "standin"; url: string; timeoutMs: number };

export const STANDIN_PATH = "/__official/servers.json";

export function officialListSource(c: Config): OfficialListSource | undefined {
  const timeoutMs = c.OFFICIAL_LIST_TIMEOUT_MS;
  if (c.OFFICIAL_SERVER_LIST_URL) return { kind: "url", url: c.OFFICIAL_SERVER_LIST_URL, timeoutMs };
  if (c.OFFICIAL_SERVER_LIST_STANDIN) return { kind: "standin", url: `http://localhost${STANDIN_PATH}`, timeoutMs };
  return undefined;
}

/** A whole number from a number or a numeric string ("41", " 41 ", 41.0); null for anything else. */
export function lenientCount(value: unknown): number | null {
  const n =
    typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : NaN;
  return Number.isFinite(n) && n >= 0 ? Math.round(n) : null;
}

const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);

/** The list's entries in our shape; null when the body is not a list (an error page, an object, ...). */
export function parseOfficialList(body: unknown): OfficialServer[] | null {
  const wrapped = body && typeof body === "object" ? (body as { servers?: unknown }).servers : undefined;
  const entries = Array.isArray(body) ? body : Array.isArray(wrapped) ? wrapped : null;
  if (!entries) return null;
  const out: OfficialServer[] = [];
  for (const entry of entries) {
    if (!entry || typeof entry !== "object") continue;
    const e = entry as Record<string, unknown>;
    const name = text(e.Name) ?? text(e.SessionName);
    if (!name) continue;
    out.push({
      name,
      numPlayers: lenientCount(e.NumPlayers),
      maxPlayers: lenientCount(e.MaxPlayers),
      mapName: text(e.MapName),
    });
  }
  return out;
}

/**
 * The entry of one server: its name contains the id as a whole number (NA-PVP-TheCenter2411, not ...24110). Several
 * candidates: the one on the expected map wins, else the first.
 */
export function findOfficialServer(list: OfficialServer[], serverId: string, expectedMap?: string) {
  const pattern = new RegExp(`(^|\\D)${serverId}(\\D|$)`);
  const candidates = list.filter((s) => pattern.test(s.name));
  return candidates.find((s) => expectedMap && s.mapName === expectedMap) ?? candidates[0] ?? null;
}

/**
 * Fetches and parses the list within the source's timeout. Never throws: a failure is an answer with the reason,
 * which the snapshot stores as the servers' error details. `fetcher` is the global fetch, or the stand-in in-process.
 */
export async function readOfficialList(source: OfficialListSource, fetcher: Fetcher): Promise<OfficialListRead> {
  const read = await fetchJson(source.url, { timeoutMs: source.timeoutMs, label: "Official server list" }, fetcher);
  if (!read.ok) return read;
  const servers = parseOfficialList(read.body);
  if (!servers) return { ok: false, error: "Official server list unreadable: the answer is not a list of servers" };
  return { ok: true, servers };
}
