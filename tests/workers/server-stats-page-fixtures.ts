// Shared by the server stats page tests: the loader's rows and data, a member whose token ingests rosters through the
// host API, a roster player, and one of each status class.
import { env, SELF } from "cloudflare:test";
import { afterEach, beforeEach, expect, type MockInstance } from "vitest";
import { dataPath, memberWithToken, ORIGIN, routeOutboundToSelf } from "./helpers";
import { eos } from "./cron-fixtures";

/** The hooks of a file that drives the server stats pages: empty server tables, outbound calls to the Worker. */
export function withServerStatsTables() {
  let outbound: MockInstance;
  beforeEach(async () => {
    outbound = routeOutboundToSelf();
    await env.DB.batch(
      ["server_status", "rosters", "server_events", "server_snapshots", "audit_log", "api_tokens"].map((t) =>
        env.DB.prepare(`delete from ${t}`),
      ),
    );
  });
  afterEach(() => outbound.mockRestore());
}

export const MINUTE = 60_000;

export type Row = {
  key: string;
  id: number;
  eosId: string;
  displayName: string | null;
  name: string | null;
  status: string;
  statusLabel: string;
  statusTone: string;
  tribe: string | null;
  platform: string;
  platformLabel: string;
  time: string | null;
  eventType: string | null;
  eventTone: string | null;
  lastArkLaunch: string | null;
  steamProfileLink: string | null;
};
export type Data = {
  server: { id: string; title: string; mapName: string };
  tab: string;
  hasTabParam: boolean;
  filter: string | null;
  size: number;
  counts: Record<string, number>;
  trackable: number;
  state: {
    online: boolean;
    errorDetails: string | null;
    lastUpdated: number | null;
    mapName: string;
    playerCount: number;
    maxPlayers: number;
  } | null;
  card: { title: string; label: string; recent: number | null; total: number; lastUpdated: number | null } | null;
  page: { rows: Row[]; page: number; pageCount: number; total: number; from: number; to: number };
  empty: { title: string; text?: string; detail?: string | null } | null;
  error: { title: string; message: string } | null;
};

export async function member() {
  const { browser, token } = await memberWithToken();
  const ingest = async (path: string, body: unknown) => {
    const r = await SELF.fetch(new URL(path, ORIGIN), {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(r.status, await r.clone().text()).toBe(200);
    return r.json();
  };
  const roster = (server: string, body: Record<string, unknown>) =>
    ingest(`/api/ingest/servers/${server}/roster`, body);
  const events = (server: string, list: Record<string, unknown>[]) =>
    ingest(`/api/ingest/servers/${server}/events`, { events: list });
  async function load(server: string, search = "") {
    const res = await browser.fetch(dataPath(`/dashboard/server-stats-${server}${search}`, `server-stats-${server}`));
    expect(res.status).toBe(200);
    return res.json<Data>();
  }
  return { browser, roster, events, load };
}

export const player = (n: number, status: string, extra: Record<string, unknown> = {}) => ({
  eosId: eos(n),
  displayName: `Survivor${n}`,
  name: `Member${n}`,
  status,
  tribe: "",
  platform: "xbl",
  ...extra,
});

/** One of each status class, a tribe-GC player with a neutral code, and a raw code. */
export const MIXED = [
  player(1, "2", { tribe: "GC", platform: "steam" }),
  player(2, "0", { tribe: "GC", platform: "psn" }),
  player(3, "1", { platform: "epic" }),
  player(4, "0", { platform: "" }),
  player(5, "-1", { tribe: "RAID" }),
  player(6, "-3", { tribe: "RAID" }),
  player(7, "unknown"),
  player(8, "7"),
];
