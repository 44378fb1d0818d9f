// The Tribelists page's rules and loader inside workerd, through the Worker as a browser reaches it: sorting with
// missing order last, the summary counts, filters, search, paging, the remembered tab and the no-JavaScript rows.
import { describe, expect, it } from "vitest";
import {
  countEntries,
  filterFrom,
  inFilter,
  serverFrom,
  sortEntries,
} from "#app/routes/_shell.dashboard.tribelists/tribelists";
import type { TribelistEntry } from "#contract/tribelists";
import { Browser, location, signedIn } from "./helpers";
import { withTribelists, hex, seed, CENTER, load } from "./tribelists-page-fixtures";

withTribelists();

describe("the tribelist rules", () => {
  const entries: TribelistEntry[] = CENTER.map((e, i) => ({
    _id: hex(i),
    name: e.name,
    username: null,
    discordId: e.discordId ?? null,
    rank: e.rank ?? null,
    nationality: e.nationality ?? null,
    ...(e.order === null || e.order === undefined ? {} : { order: e.order }),
    version: 1,
  }));

  it("sorts by order ascending with entries without an order last, then by name", () => {
    expect(sortEntries(entries).map((e) => e.name)).toEqual(["Owner Ong", "Charlie", "Bravo", "alpha", "zed"]);
  });

  it("counts Chinese, English and Admins (rank Admin or Owner), and filters by the same categories", () => {
    expect(countEntries(entries)).toEqual({ total: 5, chinese: 2, english: 2, admins: 2 });
    expect(entries.filter((e) => inFilter(e, "admins")).map((e) => e.name)).toEqual(["Bravo", "Owner Ong"]);
    expect(entries.filter((e) => inFilter(e, "chinese")).map((e) => e.name)).toEqual(["alpha", "Owner Ong"]);
    expect(entries.filter((e) => inFilter(e, null))).toHaveLength(5);
    expect(filterFrom("english")).toBe("english");
    expect(filterFrom("owners")).toBeNull();
    expect(serverFrom("2446")).toBe("2446");
    expect(serverFrom("9999")).toBe("2411");
  });
});

describe("the Tribelists loader", () => {
  it("asks for a signed-in user", async () => {
    const res = await new Browser().fetch("/dashboard/tribelists");
    expect(res.status).toBe(302);
    expect(location(res)).toMatch(/^\/login/);
  });

  it("shows the 2411 list by default: sorted with missing order last, numbered, counted, with avatars", async () => {
    await seed("2411", CENTER);
    await seed("2573", [{ name: "Elsewhere", order: 0 }], 10);
    const browser = await signedIn();
    const { data } = await load(browser);
    expect(data.server).toBe("2411");
    expect(data.serverName).toBe("NA-PVP-TheCenter2411");
    expect(data.page.rows.map((r) => [r.position, r.name])).toEqual([
      [1, "Owner Ong"],
      [2, "Charlie"],
      [3, "Bravo"],
      [4, "alpha"],
      [5, "zed"],
    ]);
    expect(data.counts).toEqual({ total: 5, chinese: 2, english: 2, admins: 2 });
    // Without a known avatar, the default one by id modulo 5 (700000000000000002 % 5 = 2); without an id, the first.
    expect(data.page.rows[2].avatar).toBe("/avatars/default-2.svg");
    expect(data.page.rows[0].avatar).toBe("/avatars/default-0.svg");
  });

  it("filters by a category and searches the displayed columns, keeping each entry's number", async () => {
    await seed("2411", CENTER);
    const browser = await signedIn();
    const chinese = (await load(browser, "filter=chinese")).data;
    expect(chinese.filter).toBe("chinese");
    expect(chinese.page.rows.map((r) => [r.position, r.name])).toEqual([
      [1, "Owner Ong"],
      [4, "alpha"],
    ]);
    expect(chinese.counts.total).toBe(5); // the card counts the whole list
    const admins = (await load(browser, "filter=admins")).data;
    expect(admins.page.rows.map((r) => r.name)).toEqual(["Owner Ong", "Bravo"]);
    expect((await load(browser, "filter=bogus")).data.page.total).toBe(5);
    expect((await load(browser, "q=OWNER")).data.page.rows.map((r) => r.name)).toEqual(["Owner Ong"]);
    expect((await load(browser, "q=70000000000000000")).data.page.rows.map((r) => r.name)).toEqual(["Bravo"]);
    expect((await load(browser, "q=english&filter=admins")).data.page.rows.map((r) => r.name)).toEqual(["Bravo"]);
    expect((await load(browser, "q=nobody")).data.page.total).toBe(0);
  });

  it("pages by 25, 50 or 100 entries", async () => {
    await seed(
      "2446",
      Array.from({ length: 30 }, (_, i) => ({ name: `member ${String(i).padStart(2, "0")}`, order: i })),
    );
    const browser = await signedIn();
    const first = (await load(browser, "tab=2446")).data;
    expect(first.page.rows).toHaveLength(25);
    const second = (await load(browser, "tab=2446&page=2")).data;
    expect(second.page.rows.map((r) => r.position)).toEqual([26, 27, 28, 29, 30]);
    expect((await load(browser, "tab=2446&size=50")).data.page.rows).toHaveLength(30);
  });

  it("remembers the chosen tab in a cookie so the next visit opens it", async () => {
    await seed("2573", [{ name: "Astraeos One", order: 0 }]);
    const browser = await signedIn();
    const { res, data } = await load(browser, "tab=2573");
    expect(data.serverName).toBe("NA-PVP-Astraeos2573");
    expect(res.headers.get("Set-Cookie")).toContain("tribelist-tab=2573");
    const again = (await load(browser)).data;
    expect(again.server).toBe("2573");
    expect(again.page.rows.map((r) => r.name)).toEqual(["Astraeos One"]);
  });

  it("opens the edit row, the add row and the confirmations from the URL (the no-JavaScript path)", async () => {
    await seed("2411", CENTER);
    const browser = await signedIn();
    expect((await load(browser, `edit=${hex(2)}`)).data.editing?.name).toBe("Bravo");
    expect((await load(browser, "add=1")).data.adding).toBe(true);
    expect((await load(browser, `confirm=delete&id=${hex(3)}`)).data.confirm).toMatchObject({
      kind: "delete",
      entry: { name: "alpha" },
    });
    expect((await load(browser, "confirm=clear")).data.confirm).toEqual({ kind: "clear" });
    expect((await load(browser, `edit=${hex(99)}`)).data.editing).toBeNull();
  });
});
