// The breeder page's side tables: FFA raising and codes given to (list, single-field PATCH, create, delete).
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { Browser, listen, MEMBER, memberWithToken, ORIGIN, pageFetch, routeOutboundToSelf, stamped } from "./helpers";

let outbound: MockInstance;
beforeEach(async () => {
  outbound = routeOutboundToSelf();
  await env.DB.batch(
    ["ffa_raising", "codes_given", "audit_log", "api_tokens"].map((t) => env.DB.prepare(`delete from ${t}`)),
  );
});
afterEach(() => outbound.mockRestore());

const send = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});
const UNKNOWN = "ffffffffffffffffffffffff";
const EVENT = { type: "breeder_update", message: "A breeder entry was updated! Live update received." };

async function member() {
  const browser = new Browser();
  await browser.signIn(MEMBER);
  return browser;
}

const auditRows = async (entity: string) =>
  (
    await env.DB.prepare("select * from audit_log where entity = ? order by id")
      .bind(entity)
      .all<Record<string, string>>()
  ).results;

/** The two tables share their rules; each runs the same tests with its own fields. */
const TABLES = [
  {
    path: "/api/ffa-raising",
    table: "ffa_raising",
    entity: "ffa_raising",
    create: {
      breeder: "TekBreeder",
      creature: "Rex",
      server: "2411",
      startDate: "3/1/2026",
      expectedCompletion: "3/8/2026",
      notes: "imprint 100%",
    },
    keys: ["_id", "breeder", "creature", "server", "status", "startDate", "expectedCompletion", "notes"],
    defaultStatus: "In Progress",
    required: "creature",
    otherStatus: "Completed",
  },
  {
    path: "/api/codes-given-to",
    table: "codes_given",
    entity: "codes_given",
    create: { breeder: "TekBreeder", code: "GC-4411", server: "2573", dateGiven: "3/2/2026", notes: "first line" },
    keys: ["_id", "breeder", "code", "server", "dateGiven", "status", "notes"],
    defaultStatus: "Active",
    required: "code",
    otherStatus: "Revoked",
  },
] as const;

for (const t of TABLES) {
  describe(t.path, () => {
    it("creates an entry with the default status, lists it in the API's shape, audits and announces", async () => {
      const browser = await member();
      const live = await listen(browser);
      const res = await browser.fetch(t.path, send("POST", t.create));
      expect(res.status).toBe(201);
      const created = await res.json<Record<string, unknown>>();
      expect(created).toMatchObject({ ...t.create, status: t.defaultStatus });
      expect(created._id).toMatch(/^[0-9a-f]{24}$/);
      expect(await live.next("breeder_update")).toEqual(stamped(EVENT));
      live.close();

      const list = await (await browser.fetch(t.path)).json<Record<string, unknown>[]>();
      expect(list).toHaveLength(1);
      expect(Object.keys(list[0]).sort()).toEqual([...t.keys].sort());
      expect(await auditRows(t.entity)).toMatchObject([
        { entity_id: created._id, action: "create", actor: `user:${MEMBER}` },
      ]);
    });

    it("lists entries in the order they were added", async () => {
      const browser = await member();
      await env.DB.batch(
        ["000000000000000000000003", "000000000000000000000001", "000000000000000000000002"].map((id) =>
          env.DB.prepare(`insert into ${t.table} (_id, breeder) values (?, ?)`).bind(id, `b${id.slice(-1)}`),
        ),
      );
      const list = await (await browser.fetch(t.path)).json<{ breeder: string }[]>();
      expect(list.map((r) => r.breeder)).toEqual(["b1", "b2", "b3"]);
    });

    it("GET .../search pages, searches every shown field and counts in SQL, in the list's order", async () => {
      const browser = await member();
      // 30 entries; every third names a different breeder, and one has the search text only in its notes.
      const ids = Array.from({ length: 30 }, (_, i) => `0000000000000000000000${String(i).padStart(2, "0")}`);
      await env.DB.batch(
        ids.map((id, i) =>
          env.DB.prepare(`insert into ${t.table} (_id, breeder, server, notes) values (?, ?, ?, ?)`).bind(
            id,
            i % 3 === 0 ? `Tek_Breeder${i}` : `Other${i}`,
            "2411",
            i === 7 ? "ask TEK_breeder first" : null,
          ),
        ),
      );
      const search = async (query: string) => {
        const res = await browser.fetch(`${t.path}/search?${query}`);
        expect(res.status).toBe(200);
        return res.json<{
          rows: { _id: string; breeder: string }[];
          total: number;
          all: number;
          page: number;
          pageCount: number;
          size: number;
        }>();
      };
      const whole = await (await browser.fetch(t.path)).json<{ _id: string }[]>();
      const first = await search("page=1&size=25");
      expect(first).toMatchObject({ total: 30, all: 30, page: 1, pageCount: 2, size: 25 });
      expect(first.rows.map((r) => r._id)).toEqual(whole.slice(0, 25).map((r) => r._id));
      expect(Object.keys(first.rows[0])).toEqual([...t.keys]);
      // Case-insensitive, any field (the notes too), "_" taken literally; the count is of what was found, `all` of the table.
      const found = await search("q=tek_breeder&size=5");
      expect(found).toMatchObject({ total: 11, all: 30, pageCount: 3 });
      expect(found.rows.map((r) => r._id)).toEqual([ids[0], ids[3], ids[6], ids[7], ids[9]]);
      expect((await search("q=tek%25breeder")).total).toBe(0);
      // A page past the end is the last.
      const past = await search("q=tek_breeder&size=5&page=99");
      expect(past.page).toBe(3);
      expect(past.rows.map((r) => r._id)).toEqual([ids[27]]);
      expect((await search("q=nothing-like-this")).rows).toEqual([]);
      // Bad paging is refused.
      for (const bad of ["size=500", "page=0", "size=abc"]) {
        const res = await browser.fetch(`${t.path}/search?${bad}`);
        expect(res.status).toBe(400);
      }
      expect((await pageFetch(`${ORIGIN}${t.path}/search`)).status).toBe(401);
    });

    it("PATCH changes one field, any status text, and falls back to the default status", async () => {
      const browser = await member();
      const { _id } = await (await browser.fetch(t.path, send("POST", t.create))).json<{ _id: string }>();
      const live = await listen(browser);
      const res = await browser.fetch(`${t.path}/${_id}`, send("PATCH", { status: t.otherStatus }));
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ _id, status: t.otherStatus, breeder: "TekBreeder" });
      expect(await live.next("breeder_update")).toEqual(stamped(EVENT));
      live.close();
      const [, update] = await auditRows(t.entity);
      expect(update).toMatchObject({
        action: "update",
        before: `{"status":"${t.defaultStatus}"}`,
        after: `{"status":"${t.otherStatus}"}`,
      });

      expect(
        await (await browser.fetch(`${t.path}/${_id}`, send("PATCH", { status: "On hold" }))).json(),
      ).toMatchObject({ status: "On hold" });
      expect(await (await browser.fetch(`${t.path}/${_id}`, send("PATCH", { status: "" }))).json()).toMatchObject({
        status: t.defaultStatus,
      });
      expect(await (await browser.fetch(`${t.path}/${_id}`, send("PATCH", { notes: null }))).json()).toMatchObject({
        notes: null,
      });
    });

    it("PATCH refuses two fields, unknown fields and bad values, naming them, and changes nothing", async () => {
      const browser = await member();
      const { _id } = await (await browser.fetch(t.path, send("POST", t.create))).json<{ _id: string }>();
      for (const [body, field] of [
        [{ status: "Completed", notes: "x" }, "body"],
        [{ colour: "red" }, "colour"],
        [{ notes: 5 }, "notes"],
        [{}, "body"],
      ] as const) {
        const res = await browser.fetch(`${t.path}/${_id}`, send("PATCH", body));
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect((await res.json<{ field: string }>()).field).toBe(field);
      }
      const [row] = await (await browser.fetch(t.path)).json<Record<string, unknown>[]>();
      expect(row).toMatchObject({ ...t.create, status: t.defaultStatus });
      expect(await auditRows(t.entity)).toHaveLength(1);
    });

    it("POST needs the breeder and the " + t.required, async () => {
      const browser = await member();
      const res = await browser.fetch(t.path, send("POST", { ...t.create, [t.required]: " " }));
      expect(res.status).toBe(400);
      expect((await res.json<{ field: string }>()).field).toBe(t.required);
      const unknown = await browser.fetch(t.path, send("POST", { ...t.create, priority: 1 }));
      expect((await unknown.json<{ field: string }>()).field).toBe("priority");
      expect(await env.DB.prepare(`select count(*) as n from ${t.table}`).first("n")).toBe(0);
    });

    it("DELETE removes the entry; unknown ids answer 404, malformed ones 400", async () => {
      const browser = await member();
      const { _id } = await (await browser.fetch(t.path, send("POST", t.create))).json<{ _id: string }>();
      const live = await listen(browser);
      expect((await browser.fetch(`${t.path}/${_id}`, { method: "DELETE" })).status).toBe(200);
      await live.next("breeder_update");
      live.close();
      expect(await env.DB.prepare(`select count(*) as n from ${t.table}`).first("n")).toBe(0);
      expect((await auditRows(t.entity)).map((a) => a.action)).toEqual(["create", "delete"]);
      expect((await browser.fetch(`${t.path}/${_id}`, { method: "DELETE" })).status).toBe(404);
      expect((await browser.fetch(`${t.path}/${UNKNOWN}`, send("PATCH", { notes: "x" }))).status).toBe(404);
      const bad = await browser.fetch(`${t.path}/xyz`, send("PATCH", { notes: "x" }));
      expect(bad.status).toBe(400);
      expect((await bad.json<{ field: string }>()).field).toBe("id");
    });

    it("needs credentials; an API token works", async () => {
      expect((await pageFetch(`${ORIGIN}${t.path}`)).status).toBe(401);
      expect((await pageFetch(`${ORIGIN}${t.path}`, send("POST", t.create))).status).toBe(401);
      expect((await pageFetch(`${ORIGIN}${t.path}/${UNKNOWN}`, send("PATCH", { notes: "x" }))).status).toBe(401);
      expect((await pageFetch(`${ORIGIN}${t.path}/${UNKNOWN}`, { method: "DELETE" })).status).toBe(401);
      expect(await env.DB.prepare(`select count(*) as n from ${t.table}`).first("n")).toBe(0);

      const { bearer } = await memberWithToken();
      const headers = { ...bearer, "Content-Type": "application/json" };
      const created = await pageFetch(`${ORIGIN}${t.path}`, { ...send("POST", t.create), headers });
      expect(created.status).toBe(201);
      const { _id } = await created.json<{ _id: string }>();
      const patched = await pageFetch(`${ORIGIN}${t.path}/${_id}`, { ...send("PATCH", { server: "2446" }), headers });
      expect(await patched.json()).toMatchObject({ server: "2446" });
      expect((await pageFetch(`${ORIGIN}${t.path}`, { headers: bearer })).status).toBe(200);
      expect((await auditRows(t.entity))[1].actor).toMatch(/^token:/);
    });
  });
}
