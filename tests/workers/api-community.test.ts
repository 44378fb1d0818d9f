// Codes and the three tribelists: the spec's shapes and sorting, validation, 404s, audit rows and live events.
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { Browser, listen, MEMBER, memberWithToken, ORIGIN, pageFetch, routeOutboundToSelf, stamped } from "./helpers";

let outbound: MockInstance;
beforeEach(async () => {
  outbound = routeOutboundToSelf();
  await env.DB.batch(
    ["codes", "tribelist_entries", "audit_log", "api_tokens"].map((t) => env.DB.prepare(`delete from ${t}`)),
  );
});
afterEach(() => outbound.mockRestore());

const send = (method: string, body: unknown) => ({
  method,
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});
const count = (table: string) => env.DB.prepare(`select count(*) as n from ${table}`).first<number>("n");
const audits = (entity: string) =>
  env.DB.prepare("select * from audit_log where entity = ? order by id").bind(entity).all<Record<string, string>>();
const hex = (n: number) => n.toString(16).padStart(24, "0");

async function seedCodes(ids: number[]) {
  await env.DB.batch(
    ids.map((id, i) =>
      env.DB.prepare(
        `insert into codes (_id, id, username, code, server, avatar, completed, mainserver, location, user)
         values (?, ?, ?, ?, '2411', null, ?, '2573', 'Red Ob', ?)`,
      ).bind(hex(i + 1), id, `member${id}`, `${1000 + id}`, i % 2, `70000000000000000${i}`),
    ),
  );
}

// The spec's fields, and the version a save sends back.
const CODE_KEYS = [
  "_id",
  "id",
  "username",
  "code",
  "server",
  "avatar",
  "completed",
  "mainserver",
  "location",
  "user",
  "version",
].sort();

describe("/api/codes", () => {
  it("lists codes sorted by id with the spec's fields, for a session or an API token, never for nobody", async () => {
    await seedCodes([3, 1, 2]);
    const { browser, bearer } = await memberWithToken();
    const res = await browser.fetch("/api/codes");
    expect(res.status).toBe(200);
    const list = await res.json<Record<string, unknown>[]>();
    expect(list.map((c) => c.id)).toEqual([1, 2, 3]);
    expect(Object.keys(list[0]).sort()).toEqual(CODE_KEYS);
    expect(list[0]).toMatchObject({
      username: "member1",
      code: "1001",
      completed: true,
      mainserver: "2573",
      location: "Red Ob",
    });
    expect(typeof list[1].completed).toBe("boolean");

    expect((await pageFetch(`${ORIGIN}/api/codes`, { headers: bearer })).status).toBe(200);
    const anonymous = await pageFetch(`${ORIGIN}/api/codes`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: "unauthorized" });
    for (const [method, path] of [
      ["POST", "/api/codes"],
      ["PUT", `/api/codes/${hex(1)}`],
      ["DELETE", `/api/codes/${hex(1)}`],
    ]) {
      expect((await pageFetch(`${ORIGIN}${path}`, send(method, { code: "1" }))).status).toBe(401);
    }
    expect(await count("codes")).toBe(3);
  });

  it("creates a code with the next id, audits it and tells every browser", async () => {
    await seedCodes([4, 7]);
    const { browser, bearer } = await memberWithToken();
    const live = await listen(browser);
    const res = await pageFetch(`${ORIGIN}/api/codes`, {
      ...send("POST", {
        username: "frostkeeper",
        code: "8841",
        server: "2446",
        completed: "Yes",
        user: "700000000000000099",
      }),
      headers: { ...bearer, "Content-Type": "application/json" },
    });
    expect(res.status).toBe(201);
    const created = await res.json<Record<string, unknown>>();
    expect(created).toMatchObject({
      id: 8,
      username: "frostkeeper",
      code: "8841",
      server: "2446",
      completed: true,
      location: null,
    });
    expect(created._id).toMatch(/^[0-9a-f]{24}$/);
    expect(Object.keys(created).sort()).toEqual(CODE_KEYS);
    expect(await live.next("codes_update")).toMatchObject({ type: "codes_update" });
    live.close();
    const [audit] = (await audits("code")).results;
    expect(audit).toMatchObject({ action: "create", entity_id: created._id, actor: expect.stringMatching(/^token:/) });
    expect(JSON.parse(audit.after)).toMatchObject({ id: 8, code: "8841" });
  });

  it("updates a code with the full object it was listed as, audits before and after, and tells every browser", async () => {
    await seedCodes([1, 2]);
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const live = await listen(browser);
    const [first] = await (await browser.fetch("/api/codes")).json<Record<string, unknown>[]>();
    const res = await browser.fetch(
      `/api/codes/${first._id}`,
      send("PUT", { ...first, code: "9999", completed: true, location: "Lava cave" }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ...first, code: "9999", completed: true, location: "Lava cave", version: 2 });
    await live.next("codes_update");
    live.close();

    // Fields left out keep their value.
    const partial = await browser.fetch(`/api/codes/${first._id}`, send("PUT", { server: "2446" }));
    expect(await partial.json()).toMatchObject({ code: "9999", server: "2446", location: "Lava cave" });

    const rows = (await audits("code")).results;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      action: "update",
      entity_id: first._id,
      actor: `user:${MEMBER}`,
      actor_name: "Rex Rider",
    });
    expect(JSON.parse(rows[0].before)).toMatchObject({ code: "1001", completed: false });
    expect(JSON.parse(rows[0].after)).toMatchObject({ code: "9999", completed: true });

    // Saving the same values again writes nothing.
    await browser.fetch(`/api/codes/${first._id}`, send("PUT", { server: "2446" }));
    expect((await audits("code")).results).toHaveLength(2);
  });

  it("refuses bad input with the field named and changes nothing", async () => {
    await seedCodes([1]);
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const path = `/api/codes/${hex(1)}`;
    const cases: [string, unknown, string][] = [
      [path, { completed: "maybe" }, "completed"],
      [path, { code: 1234 }, "code"],
      [path, { code: "x".repeat(501) }, "code"],
      [path, { _id: hex(2), code: "1" }, "_id"],
      [path, { id: 5, code: "1" }, "id"],
      ["/api/codes/not-an-id", { code: "1" }, "_id"],
    ];
    for (const [target, body, field] of cases) {
      const res = await browser.fetch(target, send("PUT", body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ error: "validation", field });
    }
    const bad = await browser.fetch("/api/codes", send("POST", { username: ["x"] }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: "username" });
    const [row] = await (await browser.fetch("/api/codes")).json<Record<string, unknown>[]>();
    expect(row).toMatchObject({ id: 1, code: "1001", completed: false });
    expect(await count("codes")).toBe(1);
    expect(await count("audit_log where entity = 'code'")).toBe(0);
  });

  it("deletes a code, audits it, tells every browser, and answers 404 for unknown codes", async () => {
    await seedCodes([1, 2]);
    const { browser, bearer } = await memberWithToken();
    const live = await listen(browser);
    const res = await pageFetch(`${ORIGIN}/api/codes/${hex(2)}`, { method: "DELETE", headers: bearer });
    expect(res.status).toBe(200);
    await live.next("codes_update");
    live.close();
    expect((await (await browser.fetch("/api/codes")).json<{ id: number }[]>()).map((c) => c.id)).toEqual([1]);
    const [audit] = (await audits("code")).results;
    expect(audit).toMatchObject({ action: "delete", entity_id: hex(2) });
    expect(JSON.parse(audit.before)).toMatchObject({ id: 2, username: "member2" });

    const again = await browser.fetch(`/api/codes/${hex(2)}`, { method: "DELETE" });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: "not_found" });
    expect((await browser.fetch(`/api/codes/${hex(9)}`, send("PUT", { code: "1" }))).status).toBe(404);
    expect((await browser.fetch("/api/codes/xyz", { method: "DELETE" })).status).toBe(400);
  });
});

const PATHS = { "2411": "/api/tribelist", "2573": "/api/tribelist-2573", "2446": "/api/tribelist-2446" } as const;
const ENTRY_KEYS = ["_id", "name", "username", "discordId", "rank", "nationality", "version"];

async function seedEntries(server: string, entries: [string, number | null][]) {
  await env.DB.batch(
    entries.map(([name, order], i) =>
      env.DB.prepare(`insert into tribelist_entries (_id, server, name, "order") values (?, ?, ?, ?)`).bind(
        `${server}${hex(i + 1).slice(4)}`,
        server,
        name,
        order,
      ),
    ),
  );
}

describe("the tribelists", () => {
  it("keeps one list per server, sorted by order with entries without one last (then by name)", async () => {
    await seedEntries("2411", [
      ["Zed", null],
      ["Bravo", 2],
      ["alpha", null],
      ["Charlie", 0],
    ]);
    await seedEntries("2573", [["Astra", 1]]);
    const { browser, bearer } = await memberWithToken();
    const list = await (await browser.fetch("/api/tribelist")).json<Record<string, unknown>[]>();
    expect(list.map((e) => e.name)).toEqual(["Charlie", "Bravo", "alpha", "Zed"]);
    expect(Object.keys(list[0]).sort()).toEqual([...ENTRY_KEYS, "order"].sort());
    expect(Object.keys(list[2]).sort()).toEqual([...ENTRY_KEYS].sort()); // no order: the field is absent
    const astraeos = await (
      await pageFetch(`${ORIGIN}/api/tribelist-2573`, { headers: bearer })
    ).json<{ name: string }[]>();
    expect(astraeos.map((e) => e.name)).toEqual(["Astra"]);
    expect(await (await browser.fetch("/api/tribelist-2446")).json()).toEqual([]);
    for (const path of Object.values(PATHS)) expect((await pageFetch(`${ORIGIN}${path}`)).status).toBe(401);
    expect((await pageFetch(`${ORIGIN}/api/tribelist`, send("DELETE", {}))).status).toBe(401);
    expect(await count("tribelist_entries")).toBe(5);
  });

  it("adds an entry to the list of the path's server, audits it and announces it", async () => {
    const { browser, bearer } = await memberWithToken();
    const live = await listen(browser);
    const res = await pageFetch(`${ORIGIN}/api/tribelist-2446`, {
      ...send("POST", {
        name: "  Frost Warden ",
        discordId: "700000000000000001",
        rank: "admin",
        nationality: "Chinese",
      }),
      headers: { ...bearer, "Content-Type": "application/json" },
    });
    expect(res.status).toBe(201);
    const entry = await res.json<Record<string, unknown>>();
    expect(entry).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: "Frost Warden",
      username: null,
      discordId: "700000000000000001",
      rank: "Admin",
      nationality: "Chinese",
      version: 1,
    });
    expect(await live.next("tribelist_added")).toEqual(
      stamped({ type: "tribelist_added", message: "Added entry: Frost Warden." }),
    );
    live.close();
    expect(await (await browser.fetch("/api/tribelist-2446")).json()).toEqual([entry]);
    expect(await (await browser.fetch("/api/tribelist")).json()).toEqual([]);
    const [audit] = (await audits("tribelist_entry")).results;
    expect(audit).toMatchObject({ action: "create", entity_id: entry._id });
    expect(JSON.parse(audit.after)).toMatchObject({ server: "2446", name: "Frost Warden" });

    const blank = await browser.fetch("/api/tribelist", send("POST", { name: "", rank: "", nationality: "" }));
    expect(blank.status).toBe(400);
    const ok = await browser.fetch(
      "/api/tribelist",
      send("POST", { name: "Ember", discordId: "", rank: "", nationality: "" }),
    );
    expect(await ok.json()).toMatchObject({ name: "Ember", discordId: null, rank: null, nationality: null });
  });

  it("refuses a blank name, unknown ranks and nationalities and malformed ids, changing nothing", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const cases: [unknown, string][] = [
      [{ name: "   " }, "name"],
      [{ discordId: "700000000000000001" }, "name"],
      [{ name: "A", rank: "Boss" }, "rank"],
      [{ name: "A", nationality: "French" }, "nationality"],
      [{ name: "A", discordId: "not-a-snowflake" }, "discordId"],
      [{ name: "A", order: "first" }, "order"],
    ];
    for (const [body, field] of cases) {
      const res = await browser.fetch("/api/tribelist-2573", send("POST", body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ error: "validation", field });
    }
    expect(await count("tribelist_entries")).toBe(0);
    expect(await count("audit_log")).toBe(0);
  });

  it("saves an edited entry, announces the update, and knows entries only in their own list", async () => {
    await seedEntries("2411", [["Bravo", 2]]);
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const live = await listen(browser);
    const [entry] = await (await browser.fetch("/api/tribelist")).json<Record<string, unknown>[]>();
    const res = await browser.fetch(
      `/api/tribelist/${entry._id}`,
      send("PUT", { ...entry, name: "Bravo Six", rank: "Owner", nationality: "English" }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ...entry,
      name: "Bravo Six",
      rank: "Owner",
      nationality: "English",
      order: 2,
      version: 2,
    });
    expect(await live.next("tribelist_updated")).toEqual(
      stamped({ type: "tribelist_updated", message: "Updated entry: Bravo Six." }),
    );
    live.close();
    const [audit] = (await audits("tribelist_entry")).results;
    expect(audit).toMatchObject({ action: "update", entity_id: entry._id });
    expect(JSON.parse(audit.before)).toMatchObject({ name: "Bravo", rank: null });
    expect(JSON.parse(audit.after)).toMatchObject({ name: "Bravo Six", rank: "Owner" });

    const cleared = await browser.fetch(`/api/tribelist/${entry._id}`, send("PUT", { name: "Bravo Six", order: null }));
    expect(await cleared.json()).not.toHaveProperty("order");

    const bad = await browser.fetch(`/api/tribelist/${entry._id}`, send("PUT", { ...entry, name: " " }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: "name" });
    const mismatch = await browser.fetch(`/api/tribelist/${entry._id}`, send("PUT", { _id: hex(5), name: "X" }));
    expect(await mismatch.json()).toMatchObject({ field: "_id" });
    expect((await (await browser.fetch("/api/tribelist")).json<{ name: string }[]>())[0].name).toBe("Bravo Six");

    expect((await browser.fetch(`/api/tribelist-2573/${entry._id}`, send("PUT", { name: "X" }))).status).toBe(404);
    expect((await browser.fetch(`/api/tribelist/${hex(77)}`, send("PUT", { name: "X" }))).status).toBe(404);
    expect((await browser.fetch("/api/tribelist/nope", send("PUT", { name: "X" }))).status).toBe(400);
  });

  it("removes one entry with its name in the event, and 404s an entry that is gone", async () => {
    await seedEntries("2573", [
      ["Astra", 1],
      ["Nova", 2],
    ]);
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const live = await listen(browser);
    const [astra] = await (await browser.fetch("/api/tribelist-2573")).json<{ _id: string }[]>();
    expect((await browser.fetch(`/api/tribelist/${astra._id}`, { method: "DELETE" })).status).toBe(404); // other list
    const res = await browser.fetch(`/api/tribelist-2573/${astra._id}`, { method: "DELETE" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "Removed entry: Astra." });
    expect(await live.next("tribelist_deleted")).toEqual(
      stamped({ type: "tribelist_deleted", message: "Removed entry: Astra." }),
    );
    live.close();
    expect((await (await browser.fetch("/api/tribelist-2573")).json<{ name: string }[]>()).map((e) => e.name)).toEqual([
      "Nova",
    ]);
    expect((await audits("tribelist_entry")).results[0]).toMatchObject({ action: "delete", entity_id: astra._id });
    expect((await browser.fetch(`/api/tribelist-2573/${astra._id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("clears one server's list and leaves the others", async () => {
    await seedEntries("2411", [
      ["A", 1],
      ["B", null],
    ]);
    await seedEntries("2446", [["C", 1]]);
    const { browser, bearer } = await memberWithToken();
    const live = await listen(browser);
    const res = await pageFetch(`${ORIGIN}/api/tribelist`, { method: "DELETE", headers: bearer });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ deleted: 2 });
    expect(await live.next("tribelist_deleted")).toMatchObject({ type: "tribelist_deleted" });
    live.close();
    expect(await (await browser.fetch("/api/tribelist")).json()).toEqual([]);
    expect(await (await browser.fetch("/api/tribelist-2446")).json()).toHaveLength(1);
    const [audit] = (await audits("tribelist")).results;
    expect(audit).toMatchObject({ action: "clear", entity_id: "2411" });
    expect(JSON.parse(audit.before).map((e: { name: string }) => e.name)).toEqual(["A", "B"]);
    // Clearing an empty list is not a write.
    expect(await (await browser.fetch("/api/tribelist", { method: "DELETE" })).json()).toMatchObject({ deleted: 0 });
    expect((await audits("tribelist")).results).toHaveLength(1);
  });
});

describe("no lost edits on codes and tribelist entries", () => {
  const cases = [
    {
      what: "a code",
      seed: () => seedCodes([1]),
      list: "/api/codes",
      one: (id: unknown) => `/api/codes/${id}`,
      edits: [{ code: "AAA" }, { location: "Lava cave" }],
    },
    {
      what: "a tribelist entry",
      seed: () => seedEntries("2573", [["Bravo", 2]]),
      list: "/api/tribelist-2573",
      one: (id: unknown) => `/api/tribelist-2573/${id}`,
      edits: [
        { name: "Bravo", rank: "Owner" },
        { name: "Bravo", nationality: "English" },
      ],
    },
  ];

  for (const c of cases) {
    it(`refuses a save of ${c.what} based on an older version with 409 and the newer values, changing nothing`, async () => {
      await c.seed();
      const browser = new Browser();
      await browser.signIn(MEMBER);
      const [read] = await (await browser.fetch(c.list)).json<Record<string, unknown>[]>();
      expect(read.version).toBe(1);
      // Two people saved the whole record as they read it, each with one field changed.
      const first = await browser.fetch(c.one(read._id), send("PUT", { ...read, ...c.edits[0] }));
      expect(first.status).toBe(200);
      expect(await first.json()).toMatchObject({ ...c.edits[0], version: 2 });
      const second = await browser.fetch(c.one(read._id), send("PUT", { ...read, ...c.edits[1] }));
      expect(second.status).toBe(409);
      const body = await second.json<{ error: string; message: string; current: Record<string, unknown> }>();
      expect(body.error).toBe("conflict");
      expect(body.message).toMatch(/changed since version 1; it is now at version 2/);
      expect(body.current).toMatchObject({ ...c.edits[0], version: 2 });
      const [now] = await (await browser.fetch(c.list)).json<Record<string, unknown>[]>();
      expect(now).toEqual(body.current);
      // Sent again on the newer version, both edits are kept.
      const again = await browser.fetch(c.one(read._id), send("PUT", { ...body.current, ...c.edits[1] }));
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ ...c.edits[0], ...c.edits[1], version: 3 });
      expect((await audits(c.what === "a code" ? "code" : "tribelist_entry")).results).toHaveLength(2);
    });

    it(`lets one of several racing saves of ${c.what} on the same version win and answers the rest 409, never 500`, async () => {
      await c.seed();
      const browser = new Browser();
      await browser.signIn(MEMBER);
      const [read] = await (await browser.fetch(c.list)).json<Record<string, unknown>[]>();
      const saves = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          browser.fetch(c.one(read._id), send("PUT", { ...read, ...c.edits[i % 2] })),
        ),
      );
      const statuses = saves.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
      const [now] = await (await browser.fetch(c.list)).json<Record<string, unknown>[]>();
      expect(now.version).toBe(2);
    });

    it(`applies racing saves of ${c.what} from old clients (no version) one after another, each on the row as it then is`, async () => {
      await c.seed();
      const browser = new Browser();
      await browser.signIn(MEMBER);
      const [read] = await (await browser.fetch(c.list)).json<Record<string, unknown>[]>();
      const saves = await Promise.all(c.edits.map((edit) => browser.fetch(c.one(read._id), send("PUT", edit))));
      expect(saves.map((r) => r.status)).toEqual([200, 200]);
      const [now] = await (await browser.fetch(c.list)).json<Record<string, unknown>[]>();
      expect(now).toMatchObject({ ...c.edits[0], ...c.edits[1], version: 3 });
    });
  }

  it("refuses a version that is not a whole number with 400", async () => {
    await seedCodes([1]);
    const browser = new Browser();
    await browser.signIn(MEMBER);
    for (const version of [0, 1.5, "one", -1]) {
      const res = await browser.fetch(`/api/codes/${hex(1)}`, send("PUT", { code: "X", version }));
      expect(res.status, String(version)).toBe(400);
      expect(await res.json()).toMatchObject({ error: "validation", field: "version" });
    }
    const entry = await browser.fetch("/api/tribelist", send("POST", { name: "A" }));
    const { _id } = await entry.json<{ _id: string }>();
    expect((await browser.fetch(`/api/tribelist/${_id}`, send("PUT", { name: "B", version: "x" }))).status).toBe(400);
    expect(await stored()).toMatchObject({ code: "1001", version: 1 });
  });
});

const stored = () => env.DB.prepare("select code, version from codes").first<Record<string, unknown>>();
