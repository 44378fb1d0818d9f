// Shared by the cron tests: local copies of the official server list and of an upstream host's rosters, served to the
// Worker's outbound fetch; running scheduled() as the runtime does; environments with the snapshot settings.
import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach, onTestFinished, vi, type MockInstance } from "vitest";
import worker from "#worker/index";
import { Browser, fromPage, MEMBER, ORIGIN, routeOutboundToSelf, type listen } from "./helpers";

export const OFFICIAL_URL = "https://official.test/servers.json";
export const HOST_URL = "https://host.test";
export const HOST_TOKEN = "service-token-for-tests";
export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

export const eos = (n: number) => n.toString(16).padStart(32, "0");

/** One entry of the official list, in the real list's shape (numbers may be strings there). */
export const officialEntry = (
  name: string,
  numPlayers: number | string,
  mapName: string,
  maxPlayers: number | string = 70,
) => ({
  Name: name,
  SessionName: name,
  SessionID: "6513270e269e0d37f2a74de452e6b438",
  IP: "203.0.113.10",
  Port: 7777,
  MapName: mapName,
  NumPlayers: numPlayers,
  MaxPlayers: maxPlayers,
  ServerPing: 0,
  BuildId: 83,
  MinorBuildId: 21,
  PlatformType: "All",
  ClusterId: "PVPCrossplay",
  DayTime: "333:03",
  LastUpdated: 1763750000000,
  IsOfficial: 1,
  SessionIsPve: 0,
});

export const defaultList = () => [
  officialEntry("NA-PVP-TheCenter2411", "41", "TheCenter_WP"),
  officialEntry("NA-PVP-Astraeos2573", 67, "Astraeos_WP"),
  officialEntry("NA-PVP-Aberration2446", 12, "Aberration_WP"),
  officialEntry("NA-PVP-TheIsland24110", 70, "TheIsland_WP"),
];

export type HostPlayer = {
  eosId: string;
  displayName: string;
  name: string;
  status: string;
  tribe: string;
  platform: string;
};
export const hostPlayer = (n: number, status: string, tribe = "", platform = "steam"): HostPlayer => ({
  eosId: eos(n),
  displayName: `Survivor${n}`,
  name: `Member${n}`,
  status,
  tribe,
  platform,
});

/**
 * What the fake outside world answers. `list`: the official list's body, "500", "hang" (never answers: the timeout
 * must end it) or "html". `rosters`: the host's roster per server id, or "503". Calls are counted.
 */
export const world = {
  list: defaultList() as unknown,
  rosters: {} as Record<string, HostPlayer[] | "503" | "offline">,
  listCalls: 0,
  hostCalls: [] as string[],
  reset() {
    this.list = defaultList();
    this.rosters = {};
    this.listCalls = 0;
    this.hostCalls = [];
  },
};

const never = (request: Request) =>
  new Promise<Response>((_, reject) => request.signal.addEventListener("abort", () => reject(request.signal.reason)));

/** Outbound fetch: the Worker's own origin goes back to it (the Discord stand-in), the list and host are faked. */
export function fakeOutside() {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    const url = new URL(request.url);
    if (request.url.startsWith(`${ORIGIN}/`)) return SELF.fetch(request);
    if (request.url === OFFICIAL_URL) {
      world.listCalls++;
      if (world.list === "500")
        return new Response("upstream exploded", { status: 500, statusText: "Internal Server Error" });
      if (world.list === "hang") return never(request);
      if (world.list === "html")
        return new Response("<html>maintenance</html>", { headers: { "Content-Type": "text/html" } });
      return Response.json(world.list);
    }
    if (url.origin === HOST_URL) {
      if (request.headers.get("Authorization") !== `Bearer ${HOST_TOKEN}`)
        return Response.json({ error: "unauthorized" }, { status: 401 });
      const id = url.pathname.match(/^\/api\/eoserver-status\/(\d+)$/)?.[1];
      if (!id) return new Response("not found", { status: 404 });
      world.hostCalls.push(id);
      const roster = world.rosters[id];
      if (roster === "503") return new Response("busy", { status: 503, statusText: "Service Unavailable" });
      if (!roster || roster === "offline")
        return Response.json({ status: "offline", errorDetails: "Host says offline", currentPlayers: [] });
      return Response.json({ serverId: id, status: "online", errorDetails: null, currentPlayers: roster });
    }
    throw new Error(`unexpected outbound fetch in a test: ${request.url}`);
  });
}

/**
 * The test bindings with snapshot settings on top (a new object each time: configuration is cached per env). The
 * sources are off unless given, whatever a local .dev.vars says.
 */
export const envWith = (settings: Record<string, string | undefined>) =>
  ({
    ...env,
    OFFICIAL_SERVER_LIST_URL: undefined,
    OFFICIAL_SERVER_LIST_STANDIN: "false",
    HOST_URL: undefined,
    HOST_TOKEN: undefined,
    TRACKED_SERVERS: "2411,2573,2446",
    SNAPSHOT_RETENTION_DAYS: "30",
    ...settings,
  }) as Env;
export const listEnv = (extra: Record<string, string | undefined> = {}) =>
  envWith({ OFFICIAL_SERVER_LIST_URL: OFFICIAL_URL, OFFICIAL_LIST_TIMEOUT_MS: "300", ...extra });
export const hostEnv = (extra: Record<string, string | undefined> = {}) =>
  listEnv({ HOST_URL, HOST_TOKEN, HOST_TIMEOUT_MS: "300", ...extra });

/** Runs the Worker's scheduled handler as the runtime would for a cron tick at `scheduledTime`. */
export async function runCron(e: Env, scheduledTime: number) {
  const controller = createScheduledController({ scheduledTime, cron: "* * * * *" });
  const ctx = createExecutionContext();
  await worker.scheduled!(controller, e, ctx);
  await waitOnExecutionContext(ctx);
}

/** A request to the Worker with a chosen environment (SELF always has the test bindings). */
export function call(e: Env, path: string, init: RequestInit = {}) {
  return worker.fetch!(
    new Request(new URL(path, ORIGIN), fromPage(init)) as Request<unknown, IncomingRequestCfProperties>,
    e,
    createExecutionContext(),
  );
}

/**
 * The dashboard in front of an external host (HOST_URL) that answers as `answer` says, and a signed-in browser's
 * requests to it. Each call gets a new host URL: the edge cache is keyed by the host's URL, so one test's cached
 * answers never reach another. Any other outbound request fails the test. `settings` override the Worker's (a TTL of 0
 * makes every view go to the host).
 */
export function externalHost(
  name: string,
  answer: (request: Request, url: URL) => Response | Promise<Response>,
  settings: Record<string, string> = {},
) {
  const url = `https://${name}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}.test`;
  const e = envWith({ HOST_URL: url, HOST_TOKEN: "service-token", HOST_TIMEOUT_MS: "300", ...settings });
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    const target = new URL(request.url);
    if (target.origin !== url) throw new Error(`unexpected outbound fetch: ${target}`);
    return answer(request, target);
  });
  // Undone after the test whatever the file's own hooks do.
  onTestFinished(() => spy.mockRestore());
  return (browser: Browser) => ({
    get: (path: string) => call(e, path, { headers: { Cookie: browser.cookieHeader() } }),
    post: (path: string, fields: Record<string, string>) =>
      call(e, path, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Cookie: browser.cookieHeader() },
        redirect: "manual",
      }),
  });
}

export const rows = async <T = Record<string, unknown>>(query: string, ...bind: unknown[]) =>
  (
    await env.DB.prepare(query)
      .bind(...bind)
      .all<T>()
  ).results;
export const count = async (query: string, ...bind: unknown[]) =>
  (await env.DB.prepare(query)
    .bind(...bind)
    .first<{ n: number }>())!.n;

export const TABLES = [
  "server_status",
  "rosters",
  "server_events",
  "server_snapshots",
  "weekly_members",
  "audit_log",
  "api_tokens",
  "tribelist_entries",
  "sources",
  "alert_channels",
  "alert_deliveries",
  "players",
  "player_sessions",
  "tribe_hours",
  "player_notes",
  "player_watches",
];
export const clearTables = () => env.DB.batch(TABLES.map((t) => env.DB.prepare(`delete from ${t}`)));

/**
 * The hooks of a file that runs the snapshot job: the Remix build loaded once (the first sign-in takes seconds), then
 * for every test a fresh fake outside world and empty server tables. `outbound` is the current test's fetch spy.
 */
export function withSnapshotWorld() {
  const state: { outbound: MockInstance } = { outbound: undefined as unknown as MockInstance };
  beforeAll(async () => {
    const spy = fakeOutside();
    await new Browser().signIn(MEMBER);
    spy.mockRestore();
  }, 30_000);
  beforeEach(async () => {
    world.reset();
    state.outbound = fakeOutside();
    await clearTables();
  });
  afterEach(() => state.outbound.mockRestore());
  return state;
}

/** The hooks of a file that calls the servers API: empty server tables, and outbound calls to this origin answered by the Worker. */
export function withServerTables() {
  let outbound: MockInstance | undefined;
  beforeEach(async () => {
    outbound = routeOutboundToSelf();
    await clearTables();
  });
  afterEach(() => outbound?.mockRestore());
}

// ---- The cron tests' times, rows and events ----------------------------------------------------------------------

/** A minute boundary a little in the past, plus some seconds: the cron's scheduled time. */
export const tick = (minutesAgo: number) => Math.floor(Date.now() / MINUTE) * MINUTE - minutesAgo * MINUTE + 17_000;
export const minuteOf = (t: number) => Math.floor(t / MINUTE) * MINUTE;

/** A server's server_status row, as stored. */
export const statusOf = async (id: string) =>
  (await rows("select * from server_status where server_id = ?", id))[0] as Record<string, unknown> | undefined;

/** The next live event of this type for this server (events of the other servers are passed over). */
export async function nextFor(live: Awaited<ReturnType<typeof listen>>, type: string, serverId: string) {
  for (;;) {
    const event = await live.next(type);
    if (event.serverId === serverId) return event;
  }
}
