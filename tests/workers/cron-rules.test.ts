// The snapshot job's pure parts: reading the official list and a host's roster leniently, combining sources into an
// observation, the population series, enemy alerts, retention.
import { describe, expect, it } from "vitest";
import { toLiveEvent } from "#contract/events";
import { toastForEvent } from "#app/realtime/toasts";
import { observe, type RosterRead } from "#worker/jobs/snapshot";
import {
  enemyOnlineMessage,
  floorToMinute,
  isEnemy,
  populationSeries,
  retentionCutoff,
  sameRoster,
} from "#worker/domain/servers-rules";
import {
  findOfficialServer,
  lenientCount,
  parseOfficialList,
  type OfficialListRead,
} from "#worker/sources/official-list";
import { parseHostPlayers } from "#worker/sources/roster-host";
import { eos } from "./cron-fixtures";

const player = (n: number, status = "0", tribe = "") => ({
  eosId: eos(n),
  displayName: `D${n}`,
  name: `N${n}`,
  status,
  tribe,
  platform: "steam",
});

describe("the official list", () => {
  it("reads counts leniently", () => {
    expect([41, "41", " 41 ", "41.0", 0, "0"].map(lenientCount)).toEqual([41, 41, 41, 41, 0, 0]);
    expect([null, undefined, "", "n/a", -1, NaN, Infinity, {}, true].map(lenientCount)).toEqual(Array(9).fill(null));
  });

  it("parses a list (or {servers: [...]}) and skips entries without a name; anything else is not a list", () => {
    const list = [
      { Name: "A2411", NumPlayers: "3", MaxPlayers: 70, MapName: "M" },
      { SessionName: "B2573" },
      { NumPlayers: 4 },
      7,
      null,
    ];
    expect(parseOfficialList(list)).toEqual([
      { name: "A2411", numPlayers: 3, maxPlayers: 70, mapName: "M" },
      { name: "B2573", numPlayers: null, maxPlayers: null, mapName: null },
    ]);
    expect(parseOfficialList({ servers: [{ Name: "C" }] })).toHaveLength(1);
    for (const bad of [null, "[]", 3, { servers: "x" }, {}]) expect(parseOfficialList(bad)).toBeNull();
  });

  it("finds a server by the id in its name, as a whole number, preferring the expected map", () => {
    const list = parseOfficialList([
      { Name: "NA-PVP-TheIsland24110", MapName: "TheIsland_WP" },
      { Name: "NA-PVE-Something2411", MapName: "Other_WP" },
      { Name: "NA-PVP-TheCenter2411", MapName: "TheCenter_WP" },
      { Name: "2573" },
    ])!;
    expect(findOfficialServer(list, "2411", "TheCenter_WP")?.name).toBe("NA-PVP-TheCenter2411");
    expect(findOfficialServer(list, "2411")?.name).toBe("NA-PVE-Something2411");
    expect(findOfficialServer(list, "2573")?.name).toBe("2573");
    expect(findOfficialServer(list, "2446")).toBeNull();
    expect(findOfficialServer(list, "411")).toBeNull();
  });
});

describe("a host's roster", () => {
  it("keeps players with an EOS id, once each, with text fields and numeric codes as strings", () => {
    expect(
      parseHostPlayers([
        { eosId: eos(1).toUpperCase(), displayName: " Rex ", name: null, status: -1, tribe: "RAID", platform: "psn" },
        { eosId: eos(1), displayName: "again" },
        { displayName: "no id" },
        { eosId: "  " },
        "junk",
      ]),
    ).toEqual([{ eosId: eos(1), displayName: "Rex", name: null, status: "-1", tribe: "RAID", platform: "psn" }]);
    expect(parseHostPlayers(undefined)).toBeNull();
    expect(parseHostPlayers([])).toEqual([]);
  });
});

describe("observe(): one server's observation from its sources", () => {
  const list = (entries: object[]): OfficialListRead => ({ ok: true, servers: parseOfficialList(entries)! });
  const center = { Name: "NA-PVP-TheCenter2411", NumPlayers: "41", MaxPlayers: "70", MapName: "TheCenter_WP" };
  const host = (players: ReturnType<typeof player>[] | null, online = true): RosterRead => ({
    kind: "host",
    ok: true,
    online,
    players,
    playerCount: null,
    maxPlayers: null,
    errorDetails: online ? null : "down for maintenance",
  });
  const stored = (status: object | null, roster: ReturnType<typeof player>[] = []): RosterRead => ({
    kind: "ingest",
    stored: { status: status as never, roster },
  });

  it("takes online state, counts and map from the list and the roster from the host", () => {
    expect(observe("2411", list([center]), host([player(1)]))).toEqual({
      online: true,
      playerCount: 41,
      maxPlayers: 70,
      mapName: "TheCenter_WP",
      errorDetails: null,
      source: "official-list+host",
      roster: [player(1)],
    });
    // A host that says offline (or sends no list) leaves the roster unknown: no leaves are invented.
    expect(observe("2411", list([center]), host(null)).roster).toBeUndefined();
    expect(observe("2411", list([center]), host([], false)).roster).toBeUndefined();
  });

  it("marks the server offline with the reason of whichever source failed", () => {
    expect(
      observe(
        "2411",
        { ok: false, error: "Official server list unreachable: timeout after 8000 ms" },
        host([player(1)]),
      ),
    ).toEqual({
      online: false,
      errorDetails: "Official server list unreachable: timeout after 8000 ms",
      source: "official-list+host",
    });
    expect(
      observe("2411", list([center]), { kind: "host", ok: false, error: "Roster host unreachable: HTTP 502" }),
    ).toMatchObject({
      online: false,
      errorDetails: "Roster host unreachable: HTTP 502",
    });
    expect(observe("2446", list([center]), host([]))).toMatchObject({
      online: false,
      errorDetails: "Server 2446 is not in the official server list",
    });
  });

  it("uses the roster pushed through ingestion, and the stored status when there is no list", () => {
    // The stored roster is the collector's: the list's observation carries none, so it keeps its own time.
    const official = observe("2411", list([center]), stored(null, [player(2)]));
    expect(official).toMatchObject({ online: true, playerCount: 41, source: "official-list+ingest" });
    expect(official.roster).toBeUndefined();
    expect(observe("2411", null, stored(null))).toEqual({
      online: false,
      errorDetails: "No data received yet",
      source: "ingest",
    });
    expect(observe("2411", null, stored({ status: "offline", errorDetails: null }))).toMatchObject({
      online: false,
      errorDetails: "Server is offline or unreachable",
    });
    expect(
      observe(
        "2411",
        null,
        stored({ status: "online", playerCount: 40, maxPlayers: 70, mapName: "TheCenter_WP", errorDetails: null }, [
          player(1),
          player(2),
        ]),
      ),
    ).toMatchObject({
      online: true,
      playerCount: 2,
      roster: [player(1), player(2)],
    });
    // A collector that sent only a count keeps it.
    expect(
      observe("2411", null, stored({ status: "online", playerCount: 40, maxPlayers: 70, errorDetails: null }, []))
        .playerCount,
    ).toBe(40);
  });

  it("without a list, follows the host's own status", () => {
    expect(observe("2573", null, host([player(1)]))).toMatchObject({ online: true, playerCount: 1, source: "host" });
    expect(observe("2573", null, host([], false))).toMatchObject({
      online: false,
      errorDetails: "down for maintenance",
    });
  });
});

describe("populationSeries", () => {
  it("keeps the highest count of each bucket at the time it was seen; offline counts only when nothing else is", () => {
    const rows = [
      { takenAt: 1000, online: true, playerCount: 5 },
      { takenAt: 2000, online: false, playerCount: 0 },
      { takenAt: 3000, online: true, playerCount: 9 },
      { takenAt: 11_000, online: false, playerCount: 0 },
      { takenAt: 21_000, online: true, playerCount: 9 },
      { takenAt: 22_000, online: true, playerCount: null },
    ];
    expect(populationSeries(rows, 10_000)).toEqual({
      points: [
        { t: 3000, players: 9 },
        { t: 11_000, players: null },
        { t: 21_000, players: 9 },
      ],
      peak: { t: 21_000, players: 9 },
    });
    expect(populationSeries([], 10_000)).toEqual({ points: [], peak: null });
  });
});

describe("enemy alerts, rosters and time", () => {
  it("counts '-1', '-2', '-3' as enemies unless the player is in the tribe", () => {
    expect(["-1", "-2", "-3", " -1 "].map((s) => isEnemy(s, "RAID"))).toEqual([true, true, true, true]);
    expect(isEnemy("-1", "GC")).toBe(false);
    expect(["0", "1", "2", "", "unknown", "-4"].some((s) => isEnemy(s, ""))).toBe(false);
  });

  it("names the player, the tribe when there is one, and the server", () => {
    expect(enemyOnlineMessage({ eosId: eos(1), displayName: "Spino", name: "x", tribe: "RAID" }, "2411")).toBe(
      "Enemy Spino (RAID) came online on 2411",
    );
    expect(enemyOnlineMessage({ eosId: eos(1), displayName: " ", name: "Rex", tribe: "" }, "2573")).toBe(
      "Enemy Rex came online on 2573",
    );
    expect(enemyOnlineMessage({ eosId: eos(1), displayName: null, name: null, tribe: null }, "2446")).toBe(
      `Enemy ${eos(1)} came online on 2446`,
    );
  });

  it("is a live event every browser toasts as a warning", () => {
    const event = toLiveEvent({
      type: "enemy_online",
      serverId: "2411",
      message: "Enemy Spino (RAID) came online on 2411",
    })!;
    expect(toastForEvent(event)).toEqual({ type: "warning", message: "Enemy Spino (RAID) came online on 2411" });
    expect(toLiveEvent({ type: "enemy_online" })).toBeNull();
  });

  it("compares rosters field by field and in order", () => {
    expect(sameRoster([player(1), player(2)], [player(1), player(2)])).toBe(true);
    expect(sameRoster([player(1), player(2)], [player(2), player(1)])).toBe(false);
    expect(sameRoster([player(1)], [{ ...player(1), status: "-1" }])).toBe(false);
    expect(sameRoster([], [])).toBe(true);
  });

  it("keys snapshots to the minute and prunes by whole hours", () => {
    const t = Date.UTC(2026, 4, 1, 18, 30, 59, 999);
    expect(floorToMinute(t)).toBe(Date.UTC(2026, 4, 1, 18, 30));
    expect(retentionCutoff(t, 30)).toBe(Date.UTC(2026, 3, 1, 18));
  });
});
