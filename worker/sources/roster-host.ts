// One server's roster from an upstream host (GET {HOST_URL}/api/eoserver-status/{id}, our own endpoint's shape), read
// leniently: numeric status codes allowed, players without an EOS id skipped, no currentPlayers means no status.
import type { RosterPlayer } from "#contract/servers";
import { fetchJson, type Fetcher } from "./fetch-json";
import { lenientCount } from "./official-list";

export type HostRosterRead =
  | {
      ok: true;
      online: boolean;
      /** null when the answer had no currentPlayers: who is online is unknown. */
      players: RosterPlayer[] | null;
      playerCount: number | null;
      maxPlayers: number | null;
      errorDetails: string | null;
    }
  | { ok: false; error: string };

export type RosterHost = { url: string; token: string; timeoutMs: number };

const MAX_PLAYERS_LISTED = 200;

const field = (value: unknown, max = 100) => {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return typeof value === "string" ? value.trim().slice(0, max) : null;
};

/** The players of a host's status answer, in its order; null when it has no player list. */
export function parseHostPlayers(list: unknown): RosterPlayer[] | null {
  if (!Array.isArray(list)) return null;
  const seen = new Set<string>();
  const out: RosterPlayer[] = [];
  for (const item of list) {
    if (!item || typeof item !== "object") continue;
    const p = item as Record<string, unknown>;
    const raw = field(p.eosId, 64);
    if (!raw) continue;
    const eosId = /^[0-9a-fA-F]{32}$/.test(raw) ? raw.toLowerCase() : raw;
    if (seen.has(eosId)) continue;
    seen.add(eosId);
    out.push({
      eosId,
      displayName: field(p.displayName),
      name: field(p.name),
      status: field(p.status, 20),
      tribe: field(p.tribe, 60),
      platform: field(p.platform, 20),
    });
    if (out.length === MAX_PLAYERS_LISTED) break;
  }
  return out;
}

/** Reads one server's roster from the host within its timeout. Never throws: a failure is an answer with the reason. */
export async function readHostRoster(host: RosterHost, serverId: string, fetcher: Fetcher): Promise<HostRosterRead> {
  const read = await fetchJson(
    `${host.url}/api/eoserver-status/${serverId}`,
    { headers: { Authorization: `Bearer ${host.token}` }, timeoutMs: host.timeoutMs, label: "Roster host" },
    fetcher,
  );
  if (!read.ok) return read;
  const body = read.body;
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    return { ok: false, error: "Roster host unreadable: the answer is not a server status" };
  }
  const b = body as Record<string, unknown>;
  const players = parseHostPlayers(b.currentPlayers);
  return {
    ok: true,
    online: players !== null && typeof b.status === "string" && b.status.trim().toLowerCase() === "online",
    players,
    playerCount: lenientCount(b.playerCount),
    maxPlayers: lenientCount(b.maxPlayers),
    errorDetails:
      typeof b.errorDetails === "string" && b.errorDetails.trim() ? b.errorDetails.trim().slice(0, 500) : null,
  };
}
