// A local stand-in for the official server list (GET /__official/servers.json in the real list's shape), served only
// when OFFICIAL_SERVER_LIST_STANDIN is "true" (refused in production); player counts follow a daily curve that is
// the same for a whole minute, so a cron run and a page reload agree.
import { Hono } from "hono";
import { getConfig } from "#worker/platform/config";
import { MAX_PLAYERS } from "#contract/servers";
import { MINUTE_MS } from "#contract/time";
import { STANDIN_PATH } from "./official-list";

/** The sample list (copied from that fixture): the three tracked servers and five others. */
const SAMPLE = [
  {
    Name: "NA-PVP-TheCenter2411",
    SessionID: "6513270e269e0d37f2a74de452e6b438",
    IP: "203.0.113.10",
    Port: 7777,
    MapName: "TheCenter_WP",
    NumPlayers: 41,
    DayTime: "333:03",
    ClusterId: "PVPCrossplay",
    SessionIsPve: 0,
  },
  {
    Name: "NA-PVP-Astraeos2573",
    SessionID: "1818e811892f902bd23f0824128b2f33",
    IP: "203.0.113.11",
    Port: 7779,
    MapName: "Astraeos_WP",
    NumPlayers: 67,
    DayTime: "187:37",
    ClusterId: "PVPCrossplay",
    SessionIsPve: 0,
  },
  {
    Name: "NA-PVP-Aberration2446",
    SessionID: "36f675cc81e74ef5e8e25d940ed90475",
    IP: "203.0.113.12",
    Port: 7781,
    MapName: "Aberration_WP",
    NumPlayers: 12,
    DayTime: "019:05",
    ClusterId: "PVPCrossplay",
    SessionIsPve: 0,
  },
  {
    Name: "NA-PVP-TheIsland2142",
    SessionID: "3d9c172411e20b8f6b0d549b6f03675a",
    IP: "203.0.113.13",
    Port: 7783,
    MapName: "TheIsland_WP",
    NumPlayers: 70,
    DayTime: "046:35",
    ClusterId: "PVPCrossplay",
    SessionIsPve: 0,
  },
  {
    Name: "EU-PVP-ScorchedEarth2301",
    SessionID: "90c192cfd3ac94af0f21ddb66cad4a26",
    IP: "203.0.113.14",
    Port: 7785,
    MapName: "ScorchedEarth_WP",
    NumPlayers: 23,
    DayTime: "063:14",
    ClusterId: "PVPCrossplay",
    SessionIsPve: 0,
  },
  {
    Name: "NA-PVE-TheIsland2004",
    SessionID: "f29d0da9953f48f1a09f76b5a170b338",
    IP: "203.0.113.15",
    Port: 7787,
    MapName: "TheIsland_WP",
    NumPlayers: 8,
    DayTime: "031:36",
    ClusterId: "PVECrossplay",
    SessionIsPve: 1,
  },
  {
    Name: "NA-PVP-SmallTribes-TheCenter2310",
    SessionID: "f9ebdacc0cb1e29c658cda1495e60af5",
    IP: "203.0.113.16",
    Port: 7789,
    MapName: "TheCenter_WP",
    NumPlayers: 5,
    DayTime: "113:02",
    ClusterId: "PVPCrossplay",
    SessionIsPve: 0,
  },
  {
    Name: "NA-PVP-Ragnarok2650",
    SessionID: "4a23d5962217beaddbc496cb8e81973e",
    IP: "203.0.113.17",
    Port: 7791,
    MapName: "Ragnarok_WP",
    NumPlayers: 55,
    DayTime: "214:09",
    ClusterId: "PVPCrossplay",
    SessionIsPve: 0,
  },
] as const;

const DAY_MINUTES = 24 * 60;

/** A small integer hash (xorshift-multiply), so the noise is the same for everyone during one minute. */
function hash(a: number, b: number) {
  let h = (Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 1, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * Players on sample entry `index` during the minute of `now`: the sample's count scaled by a daily curve (busiest in
 * the evening UTC, about half at the quietest) plus up to 3 players of noise, within 0 and 70.
 */
export function standinPlayers(base: number, index: number, now: number) {
  const minute = Math.floor(now / MINUTE_MS);
  const phase = ((minute % DAY_MINUTES) / DAY_MINUTES) * 2 * Math.PI;
  const curve = 0.75 + 0.25 * Math.sin(phase - Math.PI / 2 + index * 0.7);
  const noise = (hash(minute, index) % 7) - 3;
  return Math.max(0, Math.min(MAX_PLAYERS, Math.round(base * curve) + noise));
}

/** The whole list as the real one answers it, for the minute of `now`. */
export function standinServerList(now: number) {
  const minuteStart = Math.floor(now / MINUTE_MS) * MINUTE_MS;
  return SAMPLE.map((s, i) => ({
    Name: s.Name,
    SessionName: s.Name,
    SessionID: s.SessionID,
    IP: s.IP,
    Port: s.Port,
    MapName: s.MapName,
    NumPlayers: standinPlayers(s.NumPlayers, i, now),
    MaxPlayers: MAX_PLAYERS,
    ServerPing: 0,
    BuildId: 83,
    MinorBuildId: 21,
    PlatformType: "All",
    ClusterId: s.ClusterId,
    DayTime: s.DayTime,
    LastUpdated: minuteStart + i * 1000,
    IsOfficial: 1,
    SessionIsPve: s.SessionIsPve,
    AllowDownloadItems: 1,
    AllowDownloadChars: 1,
  }));
}

/** Mounted on the Worker (through the servers API at the root); the snapshot job also calls it in-process. */
export const officialStandin = new Hono<{ Bindings: Env }>().get(STANDIN_PATH, (c) => {
  if (!getConfig(c.env).OFFICIAL_SERVER_LIST_STANDIN) return c.text("Not found", 404);
  c.header("Cache-Control", "no-store");
  return c.json(standinServerList(Date.now()));
});
