// Codes: the API's shape and sorting, validation, 404s, audit rows and live events.
import { describe, expect, it } from "vitest";
import { Browser, listen, MEMBER, memberWithToken, ORIGIN, pageFetch } from "./helpers";
import { withCommunityTables, send, count, audits, hex, seedCodes, CODE_KEYS } from "./api-community-fixtures";

withCommunityTables();

describe("/api/codes", () => {
  it("lists codes sorted by id with the API's fields, for a session or an API token, never for nobody", async () => {
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
