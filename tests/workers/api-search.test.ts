import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { Browser, MEMBER, routeOutboundToSelf } from "./helpers";
import { MAX_QUERY } from "#contract/search";

let outbound: MockInstance;
beforeEach(async () => {
  outbound = routeOutboundToSelf();
  await env.DB.batch(
    ["vouches", "tribelist_entries", "join_log", "removed_members", "codes"].map((t) =>
      env.DB.prepare(`delete from ${t}`),
    ),
  );
  await env.DB.batch([
    env.DB.prepare(
      `insert into vouches (_id, id, username, display_name, notes, ig_name, status, vouched, vouched_at, vouched_at_ms, vouched_by)
       values ('000000000000000000000001', 1, 'frostbite', 'Frost Bite', 'Known from Astraeos', 'Zzzyx', 'Complete', '700000000000000001', '1/2/2026', 0, '700000000000000002')`,
    ),
    env.DB.prepare(
      `insert into tribelist_entries (_id, server, name, discord_id) values ('000000000000000000000002', '2573', 'Ember Queen', '700000000000000003')`,
    ),
    env.DB.prepare(
      `insert into join_log (id, display_name, username, joined_at) values ('700000000000000004', 'Shadow Walker', 'shadow', 1)`,
    ),
    env.DB.prepare(
      `insert into removed_members (id, display_name, username, left_at) values ('700000000000000005', 'Gone Girl', 'gone', 2)`,
    ),
    env.DB.prepare(
      `insert into codes (_id, id, username, code, user) values ('000000000000000000000003', 1, 'raptorking', '4521', '700000000000000006')`,
    ),
  ]);
});
afterEach(() => outbound.mockRestore());

async function searchFor(q: string) {
  const browser = new Browser();
  await browser.signIn(MEMBER);
  const res = await browser.fetch(`/api/search?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return (await res.json<{ results: { tab: string; name: string }[] }>()).results;
}

describe("global search", () => {
  it("finds each list by the fields the product searches, case-insensitively", async () => {
    expect(await searchFor("ASTRAEOS")).toEqual([expect.objectContaining({ tab: "Vouches", name: "Frost Bite" })]);
    expect(await searchFor("700000000000000003")).toEqual([
      expect.objectContaining({ tab: "Tribelists", name: "Ember Queen", server: "2573" }),
    ]);
    expect(await searchFor("shadow")).toEqual([expect.objectContaining({ tab: "Join Log", name: "Shadow Walker" })]);
    expect(await searchFor("gone")).toEqual([expect.objectContaining({ tab: "Leave Log", name: "Gone Girl" })]);
    expect(await searchFor("4521")).toEqual([expect.objectContaining({ tab: "Codes", name: "raptorking" })]);
  });

  it("says what each result is: the field the query was found in, its time and its server", async () => {
    await env.DB.prepare(
      `insert into join_log (id, display_name, username, joined_at) values ('700000000000000007', 'Shadow Walker', 'walker2', 86400000)`,
    ).run();
    const twins = await searchFor("shadow walker");
    expect(twins).toEqual([
      expect.objectContaining({ tab: "Join Log", name: "Shadow Walker", matched: "display name", at: 1 }),
      expect.objectContaining({ tab: "Join Log", name: "Shadow Walker", matched: "display name", at: 86400000 }),
    ]);
    expect(await searchFor("700000000000000004")).toEqual([
      expect.objectContaining({ name: "Shadow Walker", matched: "Discord id" }),
    ]);
    expect(await searchFor("astraeos")).toEqual([expect.objectContaining({ tab: "Vouches", matched: "notes", at: 0 })]);
    expect(await searchFor("Ember")).toEqual([
      expect.objectContaining({ server: "2573", matched: "name", at: expect.any(Number) }),
    ]);
    expect(await searchFor("4521")).toEqual([expect.objectContaining({ tab: "Codes", matched: "code" })]);
  });

  it("does not search fields outside the product's list, nor treat LIKE wildcards as wildcards", async () => {
    expect(await searchFor("zzzyx")).toEqual([]); // an in-game name is not a searched vouch field
    expect(await searchFor("%")).toEqual([]);
    expect(await searchFor("_")).toEqual([]);
  });

  it("takes quotes and LIKE's characters literally in an indexed query too", async () => {
    await env.DB.prepare(`update codes set username = 'raptor "king" 50%_off' where id = 1`).run();
    expect(await searchFor('"king"')).toEqual([expect.objectContaining({ tab: "Codes" })]);
    expect(await searchFor("50%_")).toEqual([expect.objectContaining({ tab: "Codes" })]);
    expect(await searchFor("5%0")).toEqual([]);
    expect(await searchFor('"kin')).toEqual([expect.objectContaining({ tab: "Codes" })]);
  });

  it("follows every write: an edit is found by its new words only, a deleted row not at all", async () => {
    await env.DB.prepare(
      `update tribelist_entries set name = 'Ash Princess' where _id = '000000000000000000000002'`,
    ).run();
    expect(await searchFor("ember")).toEqual([]);
    expect(await searchFor("princess")).toEqual([expect.objectContaining({ tab: "Tribelists", name: "Ash Princess" })]);
    await env.DB.prepare(`delete from join_log where id = '700000000000000004'`).run();
    expect(await searchFor("shadow")).toEqual([]);
    await env.DB.prepare(
      `insert into vouches (_id, id, username, status, vouched, vouched_at, vouched_at_ms, vouched_by)
       values ('000000000000000000000009', 9, 'shadowfax', 'Complete', '700000000000000009', '1/2/2026', 0, '700000000000000002')`,
    ).run();
    expect((await searchFor("shadow")).map((r) => r.name)).toEqual(["shadowfax"]);
  });

  it("never matches across two fields of a row", async () => {
    // 'Ember Queen' then the Discord id '7000...3': the name's end and the id's start are two fields.
    expect(await searchFor("queen7000")).toEqual([]);
    expect(await searchFor("een")).toEqual([expect.objectContaining({ name: "Ember Queen" })]);
  });

  it("finds a vouch by its voucher's id too", async () => {
    expect((await searchFor("700000000000000002")).map((r) => r.tab)).toEqual(["Vouches"]);
  });

  it("the results page renders without JavaScript and links each hit to its page", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const html = await (await browser.fetch("/dashboard/search?q=ember")).text();
    expect(html).toContain('href="/dashboard/tribelists?tab=2573&amp;q=Ember%20Queen"');
    expect(html).toContain("Tribelists");
  });

  it("refuses an overlong query", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const res = await browser.fetch(`/api/search?q=${"x".repeat(MAX_QUERY + 1)}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ field: "q" });
    // As long as any list's search takes: answered, finding nothing.
    const longest = await browser.fetch(`/api/search?q=${"x".repeat(MAX_QUERY)}`);
    expect(longest.status).toBe(200);
    expect(await longest.json()).toEqual({ results: [] });
  });
});
