// The Players page's loader inside workerd: who was on at a past minute, a page of 25 at a time like every table,
// counted and marked "maybe" over the whole roster rather than the page shown.
import { describe, expect, it } from "vitest";
import type { ListBadge } from "#app/components/players/links";
import { withServerTables, eos } from "./cron-fixtures";
import { MINUTE, player, session } from "./servers-api-fixtures";
import { dataPath, type Browser } from "./helpers";

withServerTables();

type Loaded = {
  atError: string | null;
  roster: {
    serverId: string;
    maybe: boolean;
    players: {
      total: number;
      page: number;
      pageCount: number;
      from: number;
      to: number;
      rows: { eosId: string; list: ListBadge }[];
    };
  } | null;
};

/** The index route's data (its id is not the one the path alone gives). */
async function load(browser: Browser, path: string) {
  const res = await browser.fetch(dataPath(path, "routes/_shell.dashboard.players._index"));
  expect(res.status).toBe(200);
  return res.json<Loaded>();
}

/** The minute as the form sends it, in UTC (the page's zone without a zone cookie). */
const minute = (at: number) => new Date(at).toISOString().slice(0, 16);

describe("who was on at a past minute", () => {
  it("shows the roster 25 players a page, counting all of them", async () => {
    const s = await session();
    const t = Math.floor((Date.now() - 30 * MINUTE) / MINUTE) * MINUTE;
    const thirty = Array.from({ length: 30 }, (_, i) => player(100 + i, i % 2 ? "-1" : "2", i % 2 ? "RAID" : "GC"));
    expect(
      (await s.post("/api/ingest/servers/2573/roster", { online: true, observedAt: t, players: thirty })).status,
    ).toBe(200);
    // One of them leaves while the collector is silent: still listed at T + 1, as "maybe".
    await s.post("/api/ingest/servers/2573/roster", {
      online: true,
      observedAt: t + 20 * MINUTE,
      players: thirty.slice(1),
    });

    const at = `/dashboard/players?server=2573&at=${minute(t + MINUTE)}`;
    const first = await load(s.browser, at);
    expect(first.atError).toBeNull();
    expect(first.roster?.players).toMatchObject({ total: 30, page: 1, pageCount: 2, from: 1, to: 25 });
    expect(first.roster?.players.rows).toHaveLength(25);
    expect(first.roster?.maybe).toBe(true);
    const second = await load(s.browser, `${at}&page=2`);
    expect(second.roster?.players).toMatchObject({ total: 30, page: 2, from: 26, to: 30 });
    const everyone = [...first.roster!.players.rows, ...second.roster!.players.rows].map((p) => p.eosId);
    expect(new Set(everyone)).toEqual(new Set(thirty.map((_, i) => eos(100 + i))));
    // A page past the last shows the last.
    expect((await load(s.browser, `${at}&page=9`)).roster?.players.page).toBe(2);
  });
});
