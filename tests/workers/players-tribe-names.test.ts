// A tribe is named by whatever its players typed in game: a name with "/", "%", "?" or "#" still has its page and
// its CSV, through the same links every roster row gives (tribePath).
import { describe, expect, it } from "vitest";
import { tribePath } from "#contract/players";
import { withServerTables } from "./cron-fixtures";
import { MINUTE, player, session } from "./servers-api-fixtures";
import { dataPath } from "./helpers";

withServerTables();

describe("a tribe whose name is not a plain word", () => {
  it.each(["Sky/Fall", "100% Raid", "Who? #1", "a/../b"])("opens %s and exports its heatmap", async (tribe) => {
    const s = await session();
    const t = Math.floor((Date.now() - 10 * MINUTE) / MINUTE) * MINUTE;
    const res = await s.post("/api/ingest/servers/2411/roster", {
      online: true,
      observedAt: t,
      players: [player(700, "-1", tribe)],
    });
    expect(res.status).toBe(200);

    const page = await s.browser.fetch(dataPath(tribePath(tribe), "routes/_shell.dashboard.players.tribe.$tribe"));
    expect(page.status).toBe(200);
    const data = await page.json<{
      name: string;
      tribe: { tribe: string; members: unknown[] } | null;
      error: string | null;
    }>();
    expect(data.error).toBeNull();
    expect(data.name).toBe(tribe);
    expect(data.tribe?.tribe).toBe(tribe);
    expect(data.tribe?.members).toHaveLength(1);

    const csv = await s.browser.fetch(`${tribePath(tribe)}/export`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toMatch(/text\/csv/);
    expect(csv.headers.get("Content-Disposition")).toMatch(/filename="tribe-[a-z0-9-]+-heatmap-\d{4}-\d\d-\d\d\.csv"/);
    expect((await csv.text()).split("\n").length).toBeGreaterThan(7 * 24);
  });
});
