// The Tribelists page's loader and action inside workerd, through the Worker as a browser reaches them: sorting with
// missing order last, the summary counts, filters, search, the remembered tab, validation and every write's answer.
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import {
  countEntries,
  filterFrom,
  inFilter,
  serverFrom,
  sortEntries,
  type Entry,
} from "#app/routes/_shell.dashboard.tribelists/tribelists";
import { Browser, dataPath, FETCHER_FIELDS, location, routeOutboundToSelf, signedIn, toastOf } from "./helpers";

const hex = (n: number) => n.toString(16).padStart(24, "0");

let outbound: MockInstance;
beforeEach(async () => {
  outbound = routeOutboundToSelf();
  await env.DB.batch(["tribelist_entries", "audit_log"].map((t) => env.DB.prepare(`delete from ${t}`)));
});
afterEach(() => outbound.mockRestore());

type Seed = {
  name: string;
  order?: number | null;
  rank?: string | null;
  nationality?: string | null;
  discordId?: string | null;
};

async function seed(server: string, entries: Seed[], offset = 0) {
  await env.DB.batch(
    entries.map((e, i) =>
      env.DB.prepare(
        `insert into tribelist_entries (_id, server, name, discord_id, rank, nationality, "order") values (?, ?, ?, ?, ?, ?, ?)`,
      ).bind(
        hex(offset + i + 1),
        server,
        e.name,
        e.discordId ?? null,
        e.rank ?? null,
        e.nationality ?? null,
        e.order ?? null,
      ),
    ),
  );
}

const CENTER: Seed[] = [
  { name: "zed", order: null, nationality: "English" },
  { name: "Bravo", order: 2, rank: "Admin", nationality: "English", discordId: "700000000000000002" },
  { name: "alpha", order: null, nationality: "Chinese" },
  { name: "Owner Ong", order: 0, rank: "Owner", nationality: "Chinese" },
  { name: "Charlie", order: 1 },
];

type Loaded = {
  server: string;
  serverName: string;
  filter: string | null;
  counts: { total: number; chinese: number; english: number; admins: number };
  page: { total: number; rows: (Entry & { position: number; avatar: string })[] };
  editing: Entry | null;
  adding: boolean;
  confirm: { kind: string; entry?: Entry } | null;
  loadError: string | null;
};

async function load(browser: Browser, search = "") {
  const res = await browser.fetch(dataPath(`/dashboard/tribelists?${search}`));
  expect(res.status).toBe(200);
  return { res, data: await res.json<Loaded>() };
}

const rows = async (server: string) =>
  (
    await env.DB.prepare(
      `select name, discord_id as discordId, rank, nationality, username, "order" from tribelist_entries where server = ? order by name`,
    )
      .bind(server)
      .all<Record<string, unknown>>()
  ).results;

describe("the tribelist rules", () => {
  const entries: Entry[] = CENTER.map((e, i) => ({
    _id: hex(i),
    name: e.name,
    username: null,
    discordId: e.discordId ?? null,
    rank: e.rank ?? null,
    nationality: e.nationality ?? null,
    ...(e.order === null || e.order === undefined ? {} : { order: e.order }),
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

describe("the Tribelists action", () => {
  const post = (browser: Browser, fields: Record<string, string>, data = false) => {
    const path = `/dashboard/tribelists?tab=${fields.tab ?? "2411"}`;
    return browser.post(data ? dataPath(path) : path, fields);
  };

  it("refuses an empty name with a clear message and adds nothing", async () => {
    const browser = await signedIn();
    const res = await post(
      browser,
      { intent: "add", tab: "2573", name: "   ", discordId: "", rank: "", nationality: "" },
      true,
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ intent: "add", errors: { name: "Name is required." } });
    const bad = await post(
      browser,
      { intent: "add", tab: "2573", name: "Ok", discordId: "12ab", rank: "Boss", nationality: "" },
      true,
    );
    expect(await bad.json()).toMatchObject({
      errors: {
        discordId: "Discord ID must be 17 to 20 digits, or empty.",
        rank: "Rank must be Admin, Owner or none.",
      },
      values: { name: "Ok", discordId: "12ab" },
    });
    expect(await rows("2573")).toEqual([]);
  });

  it("renders the refusal on the page without JavaScript, with the add row still open and the typed values", async () => {
    const browser = await signedIn();
    const res = await post(browser, {
      intent: "add",
      tab: "2411",
      name: "",
      discordId: "700000000000000123",
      rank: "Admin",
      nationality: "",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Name is required.");
    expect(html).toContain('value="700000000000000123"');
  });

  it("adds an entry to the tab's list and comes back with the spec's toast and the add row closed", async () => {
    const browser = await signedIn();
    const res = await post(browser, {
      intent: "add",
      tab: "2446",
      name: " Frost Warden ",
      discordId: "700000000000000001",
      rank: "Admin",
      nationality: "English",
      redirectTo: "/dashboard/tribelists?tab=2446&add=1&q=frost",
    });
    expect(res.status).toBe(302);
    expect(location(res)).toBe("/dashboard/tribelists?tab=2446&q=frost");
    expect(await toastOf(browser)).toEqual({ type: "success", message: "Added entry: Frost Warden." });
    expect(await rows("2446")).toEqual([
      {
        name: "Frost Warden",
        discordId: "700000000000000001",
        rank: "Admin",
        nationality: "English",
        username: null,
        order: null,
      },
    ]);
    expect(await rows("2411")).toEqual([]);
  });

  it("answers a fetcher with the toast as data, marked as announced so the live event can bring it instead", async () => {
    const browser = await signedIn();
    const res = await post(
      browser,
      { intent: "add", tab: "2411", name: "Quiet", discordId: "", rank: "", nationality: "", ...FETCHER_FIELDS },
      true,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ toast: { type: "success", message: "Added entry: Quiet." }, announced: true });
    expect(await toastOf(browser)).toBeNull();
    expect((await rows("2411")).map((r) => r.name)).toEqual(["Quiet"]);
  });

  it("saves an edited copy of the whole entry, keeping username and order", async () => {
    await seed("2411", CENTER);
    await env.DB.prepare(`update tribelist_entries set username = 'bravo_b' where _id = ?`).bind(hex(2)).run();
    const browser = await signedIn();
    const res = await post(browser, {
      intent: "update",
      tab: "2411",
      _id: hex(2),
      name: "Bravo Two",
      discordId: "",
      rank: "Owner",
      nationality: "Chinese",
      username: "bravo_b",
      order: "2",
      redirectTo: `/dashboard/tribelists?edit=${hex(2)}`,
    });
    expect(location(res)).toBe("/dashboard/tribelists");
    expect(await toastOf(browser)).toEqual({ type: "success", message: "Updated entry: Bravo Two." });
    const saved = (await rows("2411")).find((r) => r.name === "Bravo Two");
    expect(saved).toEqual({
      name: "Bravo Two",
      discordId: null,
      rank: "Owner",
      nationality: "Chinese",
      username: "bravo_b",
      order: 2,
    });

    const empty = await post(
      browser,
      { intent: "update", tab: "2411", _id: hex(2), name: "", discordId: "", rank: "", nationality: "" },
      true,
    );
    expect(await empty.json()).toMatchObject({ intent: "update", _id: hex(2), errors: { name: "Name is required." } });
    // An entry of another list is not found in this one.
    const other = await post(
      browser,
      { intent: "update", tab: "2573", _id: hex(2), name: "X", discordId: "", rank: "", nationality: "" },
      true,
    );
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ errors: { form: "That entry no longer exists." } });
  });

  it("refuses a save based on an older version (409), shows both people's values, and saves on the newer version", async () => {
    await seed("2411", [{ name: "Bravo", order: 2, rank: "Admin", nationality: "English" }]);
    const browser = await signedIn();
    const fields = {
      intent: "update",
      tab: "2411",
      _id: hex(1),
      name: "Bravo",
      discordId: "",
      rank: "Admin",
      nationality: "English",
      order: "2",
      username: "",
      version: "1",
    };
    // Two people opened the edit row on version 1; the first makes Bravo an Owner.
    expect((await post(browser, { ...fields, rank: "Owner" })).status).toBe(302);

    // The second renames it from the same version, without JavaScript: the edit row comes back on version 2 with their
    // name, and the first person's rank under theirs.
    const page = await browser.post(`/dashboard/tribelists?tab=2411&edit=${hex(1)}`, { ...fields, name: "Bravo Six" });
    expect(page.status).toBe(409);
    const html = await page.text();
    expect(html).toContain("Someone else saved this entry while you were editing it.");
    expect(html).toMatch(/name="version" value="2"/);
    expect(html).toMatch(/name="name"[^>]*value="Bravo Six"/);
    expect(html).toMatch(/Saved meanwhile: (<!-- -->)?<q>Owner<\/q>/);
    expect(await rows("2411")).toMatchObject([{ name: "Bravo", rank: "Owner" }]);

    const fetched = await post(browser, { ...fields, name: "Bravo Six", fetcher: "1" }, true);
    expect(fetched.status).toBe(409);
    expect(await fetched.json()).toMatchObject({
      intent: "update",
      _id: hex(1),
      values: { name: "Bravo Six", rank: "Admin" },
      conflict: { current: { name: "Bravo", rank: "Owner", version: 2 } },
    });

    // Saved again on version 2 with the first person's rank: both edits are kept.
    expect((await post(browser, { ...fields, name: "Bravo Six", rank: "Owner", version: "2" })).status).toBe(302);
    expect(await rows("2411")).toMatchObject([{ name: "Bravo Six", rank: "Owner" }]);
  });

  it("deletes an entry with the spec's toast, and says so when it is already gone", async () => {
    await seed("2411", CENTER);
    const browser = await signedIn();
    const res = await post(browser, {
      intent: "delete",
      tab: "2411",
      _id: hex(3),
      redirectTo: `/dashboard/tribelists?confirm=delete&id=${hex(3)}&page=1`,
    });
    expect(location(res)).toBe("/dashboard/tribelists?page=1");
    expect(await toastOf(browser)).toEqual({ type: "success", message: "Removed entry: alpha." });
    expect((await rows("2411")).map((r) => r.name)).not.toContain("alpha");
    await post(browser, { intent: "delete", tab: "2411", _id: hex(3) });
    expect(await toastOf(browser)).toEqual({ type: "error", message: "That entry was already removed." });
  });

  it("clears only the current tab's list", async () => {
    await seed("2411", CENTER);
    await seed("2573", [{ name: "Stays", order: 0 }], 10);
    const browser = await signedIn();
    const res = await post(browser, {
      intent: "clear",
      tab: "2411",
      redirectTo: "/dashboard/tribelists?confirm=clear",
    });
    expect(location(res)).toBe("/dashboard/tribelists");
    expect(await toastOf(browser)).toEqual({ type: "warning", message: "Cleared the 2411 tribelist (5 entries)." });
    expect(await rows("2411")).toEqual([]);
    expect((await rows("2573")).map((r) => r.name)).toEqual(["Stays"]);
    await post(browser, { intent: "clear", tab: "2411" });
    expect(await toastOf(browser)).toEqual({ type: "warning", message: "The 2411 tribelist is already empty." });
  });

  it("never redirects off the page", async () => {
    const browser = await signedIn();
    const res = await post(browser, { intent: "clear", tab: "2573", redirectTo: "https://evil.example/x" });
    expect(location(res)).toBe("/dashboard/tribelists?tab=2573");
  });
});
