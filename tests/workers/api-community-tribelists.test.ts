// The three tribelists: one list per server, sorting, validation, 404s, audit rows and live events.
import { describe, expect, it } from "vitest";
import { Browser, listen, MEMBER, memberWithToken, ORIGIN, pageFetch, stamped } from "./helpers";
import {
  withCommunityTables,
  send,
  count,
  audits,
  hex,
  PATHS,
  ENTRY_KEYS,
  seedEntries,
} from "./api-community-fixtures";

withCommunityTables();

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
