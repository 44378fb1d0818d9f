// The Breeder page in front of an older host without the search and dinos calls (404): the list, a side table, the
// claim sessions or the leaderboard read whole and paged the same way.
import { describe, expect, it } from "vitest";
import { unpackRows, type PackedRows } from "#app/components/sheet/rules";
import { externalHost } from "./cron-fixtures";
import { dataPath, hexId, signedIn } from "./helpers";
import { withBreederList, ZERO } from "./api-breeder-search-fixtures";

withBreederList();

describe("the Breeder page in front of an older host", () => {
  it("reads the whole list when the host has no search or dinos call, and pages it the same way", async () => {
    const browser = await signedIn();
    const list = [
      {
        _id: hexId(1),
        order: 0,
        Dino: "Rex",
        Server: "2411",
        imageUrl: null,
        lastUpdated: "2026-11-20T00:00:00.000Z",
        [ZERO]: 3,
        notes: "stacking",
      },
      {
        _id: hexId(2),
        order: 1,
        Dino: "Giganotosaurus",
        Server: "2573",
        imageUrl: "https://example.test/g.png",
        lastUpdated: "2026-11-21T00:00:00.000Z",
        [ZERO]: 2,
      },
      {
        _id: hexId(3),
        order: 2,
        Dino: "Rex",
        Server: "2411",
        imageUrl: "https://example.test/r.png",
        lastUpdated: "2026-11-19T00:00:00.000Z",
        [ZERO]: 1,
      },
    ];
    const asked: string[] = [];
    const host = externalHost("older-breeder-host", (_request, url) => {
      asked.push(url.pathname);
      return url.pathname === "/api/breeder-list"
        ? Response.json(list)
        : Response.json({ error: "not_found" }, { status: 404 });
    })(browser);
    const load = async (search: string) => {
      const res = await host.get(dataPath(`/dashboard/breeder-stats?tab=breeder-list${search}`));
      expect(res.status).toBe(200);
      return res.json<{
        dinos: string[];
        list: {
          page: { rows: PackedRows; total: number };
          summary: { total: number; breeders: number };
          ends: Record<string, string>;
        };
      }>();
    };
    const data = await load("&server=2411&q=stacking&dialog=mapping");
    expect(unpackRows(data.list.page.rows).map((r) => r._id)).toEqual([hexId(1)]);
    expect(data.list.summary).toMatchObject({ total: 6, breeders: 3 });
    expect(data.list.ends).toEqual({ first: hexId(1), last: hexId(3) });
    expect(data.dinos).toEqual(["Giganotosaurus", "Rex"]);
    expect(asked).toEqual(
      expect.arrayContaining(["/api/breeder-list/search", "/api/breeder-list/dinos", "/api/breeder-list"]),
    );
  });
});

describe("the Breeder page's other tabs in front of an older host", () => {
  it("reads a side table, the claim sessions or the leaderboard whole when the host has no search call, and pages them the same way", async () => {
    const browser = await signedIn();
    const ffa = Array.from({ length: 30 }, (_, n) => ({
      _id: hexId(n + 1),
      breeder: n % 2 ? "Ann" : "Bob",
      creature: "Rex",
      server: "2411",
      status: "In Progress",
    }));
    const at = Date.UTC(2026, 2, 1, 12);
    const sessions = [1, 2, 3].map((n) => ({
      _id: hexId(100 + n),
      dinoName: n === 2 ? "Yutyrannus" : "Rex",
      instructions: null,
      max: 4,
      claims: [],
      completed: [],
      ended: n === 3,
      breederId: null,
      createdAt: at - n * 3600_000,
      updatedAt: at - n * 3600_000,
    }));
    // An older host's leaderboard, in no particular order: ranked here as the host would.
    const stats = [5, 40, 12, 12].map((totalSessions, n) => ({
      _id: hexId(200 + n),
      breederId: `30000000000000020${n}`,
      totalCreatedSessions: totalSessions,
      totalSessions,
      totalClaims: n,
      averageSessionDuration: 61_000,
      totalCompletions: 0,
      averageCompletionRate: 0.25,
      totalEndedSessions: 0,
    }));
    const asked: string[] = [];
    const host = externalHost("older-side-host", (_request, url) => {
      asked.push(url.pathname);
      if (url.pathname === "/api/ffa-raising") return Response.json(ffa);
      if (url.pathname === "/api/breeder-claim-sessions") return Response.json(sessions);
      if (url.pathname === "/api/breeder-session-stats") return Response.json(stats);
      return Response.json({ error: "not_found" }, { status: 404 });
    })(browser);
    const load = async <T>(search: string) => {
      const res = await host.get(dataPath(`/dashboard/breeder-stats?${search}`));
      expect(res.status).toBe(200);
      return res.json<T>();
    };
    type Tab = {
      failed: boolean;
      total: number;
      page: { rows: { _id: string }[]; total: number; page: number; pageCount: number };
    };
    const side = await load<{ ffa: Tab }>("tab=ffa-raising&q=ann&page=2&size=25");
    expect(side.ffa).toMatchObject({ failed: false, total: 30, page: { total: 15, page: 1, pageCount: 1 } });
    expect(side.ffa.page.rows.map((r) => r._id)).toEqual(ffa.filter((r) => r.breeder === "Ann").map((r) => r._id));
    const claims = await load<{ claims: Tab }>("tab=claim-sessions&q=rex&cq=yes");
    expect(claims.claims).toMatchObject({ failed: false, total: 3, page: { total: 1 } });
    expect(claims.claims.page.rows.map((r) => r._id)).toEqual([hexId(103)]);
    type Board = {
      stats: {
        total: number;
        page: { rows: { breederId: string; rank: number; duration: string; completionRate: string }[]; total: number };
      };
    };
    const board = await load<Board>("tab=breeder-statistics");
    expect(board.stats.page.rows.map((r) => [r.rank, r.breederId])).toEqual([
      [1, stats[1].breederId],
      [2, stats[3].breederId],
      [3, stats[2].breederId],
      [4, stats[0].breederId],
    ]);
    expect(board.stats.page.rows[0]).toMatchObject({ duration: "00:01:01", completionRate: "25%" });
    const searched = await load<Board>(`tab=breeder-statistics&q=${stats[2].breederId}`);
    expect(searched.stats).toMatchObject({ total: 4, page: { total: 1, rows: [{ rank: 3 }] } });
    expect(asked).toEqual(
      expect.arrayContaining([
        "/api/ffa-raising/search",
        "/api/ffa-raising",
        "/api/breeder-claim-sessions/search",
        "/api/breeder-claim-sessions",
        "/api/breeder-session-stats/search",
        "/api/breeder-session-stats",
      ]),
    );
  });
});
