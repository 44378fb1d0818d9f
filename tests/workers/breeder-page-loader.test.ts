// The Breeder page's loader inside workerd, through the Worker as a browser reaches it: the tabs and their remembered
// choice, the side tables' search and paging, the claim sessions' cards, filters and two searches, the leaderboard's
// ranks, the first load without JavaScript, and each tab's last good answer when the host fails.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Browser, dataPath, location, signedIn } from "./helpers";
import { externalHost } from "./cron-fixtures";
import { withBreederPage, PAGE, BREEDER, OTHER, CLAIMERS, create, load, withoutTable } from "./breeder-page-fixtures";

withBreederPage();

describe("the Breeder loader", () => {
  it("sends a signed-out visitor to the login page, and refuses the action too", async () => {
    const res = await new Browser().fetch(PAGE);
    expect(res.status).toBe(302);
    expect(location(res)).toMatch(/^\/login/);
    const post = await new Browser().post(PAGE, {
      intent: "image",
      itemName: "Rex",
      imageUrl: "https://x.example/r.png",
    });
    expect(post.status).toBe(302);
    expect(location(post)).toMatch(/^\/login/);
  });

  it("opens Breeder List by default, remembers a tab asked for, and lists each dino once, sorted, for the dialogs", async () => {
    const rex = await signedIn();
    for (const Dino of ["Rex", "Giganotosaurus", "Rex", "Argentavis"]) await create(rex, "/api/breeder-list", { Dino });
    const first = await load(rex);
    expect(first.tab).toBe("breeder-list");
    expect(first.list?.page.total).toBe(4);
    expect(first.ffa).toBeNull();
    // The dialogs' names come with the page only when its URL opens a dialog; with JavaScript, from ./dinos.
    expect(first.dinos).toBeNull();
    expect((await load(rex, "?tab=ffa-raising&dialog=image")).dinos).toEqual(["Argentavis", "Giganotosaurus", "Rex"]);
    const names = await rex.fetch(dataPath(`${PAGE}/dinos`, "routes/_shell.dashboard.breeder-stats.dinos"));
    expect(names.status).toBe(200);
    expect(await names.json()).toEqual({ names: ["Argentavis", "Giganotosaurus", "Rex"] });
    const signedOut = await new Browser().fetch(`${PAGE}/dinos`);
    expect(signedOut.status).toBe(302);
    expect(location(signedOut)).toMatch(/^\/login/);

    const asked = await load(rex, "?tab=claim-sessions");
    expect(asked).toMatchObject({ tab: "claim-sessions", hasTabParam: true, list: null });
    expect(rex.cookies.get("breeder-tab")).toBe("claim-sessions");
    const again = await load(rex);
    expect(again).toMatchObject({ tab: "claim-sessions", hasTabParam: false });
    expect((await load(rex, "?tab=nonsense")).tab).toBe("claim-sessions");
    expect((await load(rex, "?dialog=mapping")).dialog).toBe("mapping");
    expect((await load(rex, "?dialog=other")).dialog).toBeNull();

    // The page itself renders (with the search and the five tabs).
    const html = await (await rex.fetch(`${PAGE}?tab=ffa-raising`)).text();
    for (const text of [
      "Breeder",
      "Search breeder entries...",
      "Add Mapping",
      "Add Image",
      "FFA Raising",
      "Codes Given To",
      "Claim Sessions",
      "Breeder Statistics",
    ]) {
      expect(html).toContain(text);
    }
    // A tab's page sizes (25/50/100), but none on the breeder list, which opens at 100.
    expect(html).toContain('<select name="size"');
    expect(await (await rex.fetch(`${PAGE}?tab=breeder-list`)).text()).not.toContain('<select name="size"');
  });

  it("pages and searches FFA raisings (every column, any case), and says when there are none or the host failed", async () => {
    const rex = await signedIn();
    expect((await load(rex, "?tab=ffa-raising")).ffa).toMatchObject({ failed: false, total: 0, page: { total: 0 } });
    for (let i = 1; i <= 30; i++) {
      await create(rex, "/api/ffa-raising", {
        breeder: `Breeder ${i}`,
        creature: i % 3 === 0 ? "Rex" : "Therizino",
        server: "2411",
        notes: i === 7 ? "Imprint at NIGHT" : null,
      });
    }
    const data = await load(rex, "?tab=ffa-raising");
    expect(data.ffa!.page).toMatchObject({ total: 30, pageCount: 2, size: 25 });
    expect(data.ffa!.page.rows.every((r) => r.status === "In Progress" && r.server === "2411")).toBe(true);
    expect((await load(rex, "?tab=ffa-raising&page=2")).ffa!.page.rows).toHaveLength(5);
    expect((await load(rex, "?tab=ffa-raising&size=50")).ffa!.page.rows).toHaveLength(30);
    expect((await load(rex, "?tab=ffa-raising&q=rex")).ffa!.page.total).toBe(10);
    expect((await load(rex, "?tab=ffa-raising&q=night")).ffa!.page.rows.map((r) => r.breeder)).toEqual(["Breeder 7"]);
    expect((await load(rex, "?tab=ffa-raising&q=in progress")).ffa!.page.total).toBe(30);
    const id = data.ffa!.page.rows[2]._id as string;
    expect((await load(rex, `?tab=ffa-raising&edit=${id}`)).ffa!.editing).toBe(id);
    expect((await load(rex, "?tab=ffa-raising&edit=ffffffffffffffffffffffff")).ffa!.editing).toBeNull();
    await withoutTable("ffa_raising", async () => {
      expect((await load(rex, "?tab=ffa-raising")).ffa).toMatchObject({ failed: true, total: 0 });
    });
  });

  it("lists codes given to breeders, searched by the shared search", async () => {
    const rex = await signedIn();
    await create(rex, "/api/codes-given-to", { breeder: "TekBreeder", code: "GC-4411", server: "2573" });
    await create(rex, "/api/codes-given-to", { breeder: "Rider", code: "GC-9000", server: "2446", status: "Used" });
    const data = await load(rex, "?tab=codes-given-to");
    // Rows come in the order they were added (ids start with the second they were made in).
    expect(data.codes!.page.rows.map((r) => [r.code, r.status]).sort()).toEqual([
      ["GC-4411", "Active"],
      ["GC-9000", "Used"],
    ]);
    expect((await load(rex, "?tab=codes-given-to&q=USED")).codes!.page.total).toBe(1);
    expect((await load(rex, "?tab=codes-given-to&q=nothing like it")).codes!.page.total).toBe(0);
  });

  it("shows claim sessions with their counts, the cards' figures, each filter, and both searches", async () => {
    const rex = await signedIn();
    const now = Date.now();
    const id = (n: number) => n.toString(16).padStart(24, "0");
    const session = (n: number, over: Record<string, unknown>) => ({
      _id: id(n),
      dinoName: "Rex",
      instructions: "Bring a cryopod",
      max: 5,
      claims: [],
      completed: [],
      ended: false,
      breederId: BREEDER,
      createdAt: now - n * 1000,
      ...over,
    });
    await create(rex, "/api/breeder-list", { Dino: "Rex" });
    await create(rex, "/api/breeder-list", { Dino: "Rex", imageUrl: "https://x.example/rex.png" });
    const stored = "https://cdn.discordapp.com/avatars/other/stored.png";
    await env.DB.prepare("insert or replace into avatars (discord_id, url, hash, timestamp) values (?, ?, 'stored', ?)")
      .bind(OTHER, stored, now)
      .run();
    await create(rex, "/api/ingest/breeder/claim-sessions", [
      session(1, { claims: CLAIMERS.slice(0, 3), completed: CLAIMERS.slice(0, 1) }),
      session(2, {
        dinoName: "Giganotosaurus",
        claims: CLAIMERS.slice(0, 3),
        ended: true,
        instructions: "Meet at Red Ob",
      }),
      session(3, {
        dinoName: "Therizinosaurus",
        claims: CLAIMERS.slice(0, 1),
        completed: CLAIMERS.slice(0, 1),
        breederId: OTHER,
      }),
      session(4, { dinoName: "Argentavis" }),
      // Two days ago: not today's.
      session(5, { claims: CLAIMERS, completed: CLAIMERS, createdAt: now - 2 * 86_400_000 }),
    ]);
    const data = await load(rex, "?tab=claim-sessions");
    expect(data.claims!.summary).toEqual({ claimsToday: 7, completedToday: 2, mostParticipants: 3 });
    expect(data.claims!.page.total).toBe(5);
    expect(data.claims!.page.rows[0]).toMatchObject({
      dinoName: "Rex",
      claims: 3,
      completed: 1,
      ended: false,
      max: 5,
      breederId: BREEDER,
    });
    expect(data.claims!.page.rows[0].avatar).toBe(`/avatars/default-${Number(BigInt(BREEDER) % 5n)}.svg`);
    expect(data.claims!.page.rows[1]).toMatchObject({ dinoName: "Giganotosaurus", ended: true });
    // Beside each row, its dino's picture (the first the breeder list has) and its breeder's stored avatar.
    expect(data.claims!.page.rows.map((r) => [r.dinoName, r.imageUrl])).toEqual([
      ["Rex", "https://x.example/rex.png"],
      ["Giganotosaurus", null],
      ["Therizinosaurus", null],
      ["Argentavis", null],
      ["Rex", "https://x.example/rex.png"],
    ]);
    expect(data.claims!.page.rows[2].avatar).toBe(stored);

    const names = async (search: string) =>
      (await load(rex, `?tab=claim-sessions&${search}`)).claims!.page.rows.map((r) => r.dinoName);
    expect(await names("filter=claims-today")).toEqual(["Rex", "Giganotosaurus", "Therizinosaurus"]);
    expect(await names("filter=completed-today")).toEqual(["Rex", "Therizinosaurus"]);
    expect(await names("filter=most-participants")).toEqual(["Rex", "Giganotosaurus"]);
    expect((await load(rex, "?tab=claim-sessions&filter=bogus")).claims!.filter).toBeNull();
    // The shared search and the tab's own: both apply.
    expect(await names("q=red ob")).toEqual(["Giganotosaurus"]);
    expect(await names(`cq=${OTHER}`)).toEqual(["Therizinosaurus"]);
    expect(await names("q=rex&cq=yes")).toEqual([]);
    expect(await names("cq=YES")).toEqual(["Giganotosaurus"]);
    expect(await names("filter=claims-today&cq=rex")).toEqual(["Rex"]);
    expect((await load(rex, "?tab=claim-sessions&size=25&page=9")).claims!.page.page).toBe(1);

    await withoutTable("claim_sessions", async () => {
      const failed = await load(rex, "?tab=claim-sessions");
      expect(failed.claims).toMatchObject({ failed: true, page: { total: 0 } });
    });
  });

  it("ranks the leaderboard by total sessions over the whole list, with hh:mm:ss and a percentage", async () => {
    const rex = await signedIn();
    expect((await load(rex, "?tab=breeder-statistics")).stats).toMatchObject({ failed: false, page: { total: 0 } });
    const stat = (n: number, totalSessions: number, over: Record<string, unknown> = {}) => ({
      breederId: `3000000000000001${String(n).padStart(2, "0")}`,
      totalCreatedSessions: totalSessions + 1,
      totalSessions,
      totalClaims: totalSessions * 3,
      averageSessionDuration: 3_723_000,
      totalCompletions: totalSessions * 2,
      averageCompletionRate: 66.7,
      totalEndedSessions: totalSessions,
      ...over,
    });
    await create(rex, "/api/ingest/breeder/session-stats", [
      stat(1, 4, { totalCancellations: 2 }),
      stat(2, 40, { averageCompletionRate: 0.5 }),
      stat(3, 12, { totalRemovals: 1 }),
      ...Array.from({ length: 27 }, (_, i) => stat(10 + i, 1)),
    ]);
    const data = await load(rex, "?tab=breeder-statistics");
    const [first, second, third] = data.stats!.page.rows;
    expect(first).toMatchObject({
      rank: 1,
      breederId: stat(2, 0).breederId,
      totalSessions: 40,
      duration: "01:02:03",
      completionRate: "50%",
    });
    expect(second).toMatchObject({ rank: 2, totalSessions: 12, removals: 1, completionRate: "66.7%" });
    expect(third).toMatchObject({
      rank: 3,
      totalSessions: 4,
      removals: 2,
      createdSessions: 5,
      totalClaims: 12,
      completions: 8,
      endedSessions: 4,
    });
    expect(data.stats!.page).toMatchObject({ total: 30, pageCount: 2 });
    expect((await load(rex, "?tab=breeder-statistics&page=2")).stats!.page.rows[0].rank).toBe(26);
    // A search keeps each breeder's place on the whole board.
    const found = await load(rex, `?tab=breeder-statistics&q=${stat(1, 0).breederId}`);
    expect(found.stats!.page.rows.map((r) => r.rank)).toEqual([3]);
    await withoutTable("breeder_session_stats", async () => {
      expect((await load(rex, "?tab=breeder-statistics")).stats).toMatchObject({ failed: true });
    });
  });
});

describe("the Breeder page's first load", () => {
  it("colours the stats and explains them in a legend, without JavaScript", async () => {
    const rex = await signedIn();
    const row = await create<{ _id: string }>(rex, "/api/breeder-list", { Dino: "Rex", HP: 20, Stam: 70 });
    const html = await (await rex.fetch(`${PAGE}?tab=breeder-list`)).text();
    const tr = html.slice(
      html.indexOf(`data-row="${row._id}"`),
      html.indexOf("</tr>", html.indexOf(`data-row="${row._id}"`)),
    );
    // HP 20 is red and Stam 70 green; breeder.css shows each readable over its tint (tests/e2e/breeder-list.test.ts).
    const cells = [...tr.matchAll(/class="[^"]*stat-cell[^"]*"[^>]* style="--stat:(#[0-9a-f]{6})"/g)];
    expect(cells.map((c) => c[1])).toEqual(["#e03131", "#2f9e44"]);
    const legend = html.slice(html.indexOf('data-testid="breeder-legend"'));
    expect(legend).toContain("HP, Stam, Weight, Dmg at 30 or less");
    expect(legend).toContain("at 60 or more, blended between");
    expect(legend).toContain("Days since 10 or more");
  });

  it("asks for the grid's code in <head> on the Breeder List tab only", async () => {
    const browser = await signedIn();
    const head = async (tab: string) => {
      const html = await (await browser.fetch(`${PAGE}?tab=${tab}`)).text();
      return html.slice(0, html.indexOf("</head>"));
    };
    expect(await head("breeder-list")).toMatch(
      /<link rel="modulepreload" href="\/assets\/SheetGrid\.client-[\w-]+\.js" media="\(min-width: 641px\)"\/>/,
    );
    expect(await head("ffa-raising")).not.toContain("SheetGrid.client");
  });
});

describe("the Breeder page when the host fails (HOST_URL)", () => {
  it("marks each tab's last good answer stale with its age", async () => {
    const browser = await signedIn();
    let up = true;
    const host = externalHost(
      "breeder-stale",
      (_request, url) => {
        if (!up) return Response.json({ error: "internal", message: "Database is restarting" }, { status: 500 });
        // The breeder list's page (GET /api/breeder-list/search) of an empty list; every other read an empty list.
        if (url.pathname.endsWith("/search")) {
          const summary = { breeders: 0, servers: { "2411": 0, "2573": 0, "2446": 0 }, total: 0, lastUpdated: null };
          return Response.json({
            rows: [],
            total: 0,
            page: 1,
            pageCount: 1,
            size: 100,
            summary,
            first: null,
            last: null,
          });
        }
        return Response.json([]);
      },
      { HOST_CACHE_TTL: "0", HOST_CACHE_SWR: "0" },
    )(browser);
    const tabs = {
      "breeder-list": "the breeder list",
      "ffa-raising": "the FFA raising",
      "codes-given-to": "the codes given",
      "claim-sessions": "the claim sessions",
      "breeder-statistics": "the breeder statistics",
    };
    for (const tab of Object.keys(tabs))
      expect(await (await host.get(`${PAGE}?tab=${tab}`)).text()).not.toContain("The host is not answering");
    up = false;
    for (const [tab, what] of Object.entries(tabs)) {
      const html = await (await host.get(`${PAGE}?tab=${tab}`)).text();
      expect(html, tab).toMatch(
        new RegExp(`The host is not answering: <!-- -->showing <!-- -->${what}<!-- --> as of <!-- -->\\d`),
      );
      expect(html, tab).not.toContain('role="alert"');
    }
  });
});
