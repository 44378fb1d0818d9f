// Who may do what: each demo member signs in through the Discord stand-in, an owner sets the roles' levels, then every
// page of the Remix build's route table must answer 403 exactly when the member may not use it. The host API's
// routes: access-api-matrix.test.ts.
import { env, SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SECTIONS, type Access, pageNeed, can } from "#contract/access";
import { DEMO_ROLES } from "#worker/discord-standin";
import { forgetUserSessions } from "#worker/platform/session";
import {
  browsers,
  discordOnSelf,
  EXPECTED,
  GUILD,
  pagePaths,
  setLevels,
  setUp,
  signedIn,
  WHO,
} from "./access-fixtures";
import { Browser, listen, MEMBER, ORIGIN } from "./helpers";

discordOnSelf();
// Per test: a test's D1 writes are undone after it.
beforeEach(setUp);

describe("access levels from Discord roles", () => {
  it("gives each demo member signing in through Discord the levels of their roles, owners all of them", async () => {
    for (const [role, id] of Object.entries(WHO)) {
      const browser = new Browser();
      expect((await browser.signIn(id)).status).toBe(302);
      const res = await browser.fetch("/dashboard?_data=routes%2F_shell");
      expect(res.status, role).toBe(200);
      const { access } = await res.json<{ access: Access }>();
      expect(access, role).toEqual(EXPECTED[role]);
    }
  });

  it("answers 403 to every page a member may not view or post to, and only to those", { timeout: 60_000 }, async () => {
    const paths = await pagePaths();
    expect(paths.map((p) => p.path)).toEqual(
      expect.arrayContaining(["/dashboard", "/dashboard/codes", "/dashboard/access", "/settings"]),
    );
    for (const { path, action } of paths) {
      await Promise.all(
        Object.entries(browsers).flatMap(([role, browser]) =>
          (action ? (["GET", "POST"] as const) : (["GET"] as const)).map(async (method) => {
            const need = pageNeed(path, method);
            const allowed = need === "signed-in" || can(EXPECTED[role], need.section, need.level);
            const res = await browser.fetch(
              path,
              method === "POST" ? { method, body: new URLSearchParams({ intent: "none" }) } : {},
            );
            await res.text();
            if (allowed) expect(res.status, `${role} ${method} ${path}`).not.toBe(403);
            else expect(res.status, `${role} ${method} ${path}`).toBe(403);
          }),
        ),
      );
    }
  });

  it("keeps the sidebar to what a member may view, and the global search to the sections they may view", async () => {
    const html = await (await browsers.member.fetch("/dashboard")).text();
    expect(html).not.toContain('href="/dashboard/codes"');
    expect(html).not.toContain('href="/dashboard/access"');
    expect(html).toContain('href="/dashboard/vouches"');
    const officer = await (await browsers.officer.fetch("/dashboard")).text();
    expect(officer).toContain('href="/dashboard/codes"');
    expect(officer).not.toContain('href="/dashboard/access"');

    await env.DB.prepare(
      "insert into codes (_id, id, code, username, user) values ('0123456789abcdef0123ffff', 990001, '4242', 'matrixcode', 'matrix')",
    ).run();
    const found = async (who: string) =>
      (
        await (await browsers[who].fetch("/api/search?q=matrixcode")).json<{ results: { list: string }[] }>()
      ).results.map((r) => r.list);
    expect(await found("officer")).toContain("codes");
    expect(await found("member")).not.toContain("codes");
  });

  it("checks a page by the path the router matches: another case or an encoded letter is the same page", async () => {
    for (const path of ["/dashboard/Access", "/dashboard/%61ccess", "/DASHBOARD/CODES", "/dashboard/co%64es"]) {
      const res = await browsers.member.fetch(path);
      await res.text();
      expect(res.status, path).toBe(403);
    }
    expect(
      (
        await browsers.member.fetch("/dashboard/analytics", {
          method: "POST",
          body: new URLSearchParams({ intent: "delete" }),
        })
      ).status,
    ).toBe(403);
  });

  it("reflects an owner's change on the member's next request, without signing out", async () => {
    const owner = browsers.owner;
    expect((await browsers.member.fetch("/dashboard/codes")).status).toBe(403);
    await setLevels(owner, DEMO_ROLES.member.id, { codes: "view" });
    expect((await browsers.member.fetch("/dashboard/codes")).status).toBe(200);
    expect((await browsers.member.fetch("/api/codes")).status).toBe(200);
    await setLevels(owner, DEMO_ROLES.member.id, {});
    expect((await browsers.member.fetch("/api/codes")).status).toBe(403);
  });

  it("records each change of a role's levels in the audit trail, before and after", async () => {
    await setLevels(browsers.owner, DEMO_ROLES.member.id, { logs: "edit" });
    const row = await env.DB.prepare(
      "select * from audit_log where entity = 'role_access' and entity_id = ? order by id desc limit 1",
    )
      .bind(DEMO_ROLES.member.id)
      .first<{ actor: string; before: string; after: string }>();
    expect(row?.actor).toBe(`user:${MEMBER}`);
    expect(JSON.parse(row!.after)).toMatchObject({ logs: "edit", codes: "none" });
    await setLevels(browsers.owner, DEMO_ROLES.member.id, {});
  });

  it("refuses a level a section does not offer, an owner role, and an unknown role, changing nothing", async () => {
    const owner = browsers.owner;
    const count = async () =>
      (await env.DB.prepare("select count(*) as n from audit_log where entity = 'role_access'").first<{ n: number }>())!
        .n;
    const before = await count();
    const fields = Object.fromEntries(SECTIONS.map((s) => [`level.${s}`, "view"]));
    const kickView = await owner.post("/dashboard/access", { roleId: DEMO_ROLES.member.id, ...fields });
    expect(kickView.status).toBe(400);
    expect(await kickView.text()).toContain("Choose none or edit for Kick");
    const ownerRole = await owner.post("/dashboard/access", { roleId: DEMO_ROLES.owner.id, ...fields });
    expect(ownerRole.status).toBe(400);
    expect(await ownerRole.text()).toContain("owner role");
    const unknown = await owner.post("/dashboard/access", { roleId: "599999999999999999", ...fields });
    expect(unknown.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it("lets an officer change stock but not kick, from the page and from the API", async () => {
    const officer = browsers.officer;
    const kick = await officer.post("/dashboard/vouches", {
      intent: "kick",
      _id: "0123456789abcdef01234567",
      vouchedId: "300000000000000019",
    });
    expect(kick.status).toBe(403);
    expect(await kick.text()).toContain("You may not kick members");
    const api = await officer.fetch("/kick/300000000000000019", { method: "POST" });
    expect(api.status).toBe(403);
    const stock = await officer.fetch("/api/stock-2411/batch", {
      method: "POST",
      body: JSON.stringify({ rows: [] }),
      headers: { "Content-Type": "application/json" },
    });
    expect(stock.status).not.toBe(403);
  });
});

describe("a member's roles", () => {
  it("are read again at once when the bot reports a change, and the member's next request has them", async () => {
    // Tek Breeder's roles as they were before Discord gave him the Breeder role.
    const breeder = await signedIn(WHO.breeder);
    await env.DB.prepare("update users set roles = ? where id = ?")
      .bind(JSON.stringify([GUILD]), WHO.breeder)
      .run();
    forgetUserSessions(WHO.breeder);
    expect(
      (await breeder.fetch("/dashboard/stock-2411", { method: "POST", body: new URLSearchParams({ intent: "none" }) }))
        .status,
    ).toBe(403);

    const json = { "Content-Type": "application/json" };
    const refused = await browsers.officer.fetch("/api/ingest/discord/member-roles", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ userId: WHO.breeder }),
    });
    expect(refused.status).toBe(403);
    const told = await browsers.owner.fetch("/api/ingest/discord/member-roles", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ userId: WHO.breeder }),
    });
    expect(told.status).toBe(200);
    expect((await told.json<{ roles: string[] }>()).roles).toEqual([
      GUILD,
      DEMO_ROLES.breeder.id,
      DEMO_ROLES.member.id,
    ]);
    const shell = await breeder.fetch("/dashboard?_data=routes%2F_shell");
    expect((await shell.json<{ access: Access }>()).access.stock).toBe("edit");
  });
});

describe("a member's roles when Discord fails", () => {
  it("is not asked again for them within a minute of a failed read", async () => {
    // The officer's roles, never read yet (a user from before roles were kept): the next request reads them.
    await env.DB.prepare("update users set roles = null, roles_checked_at = null where id = ?").bind(WHO.officer).run();
    forgetUserSessions(WHO.officer);
    const down = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(async () => Response.json({ message: "Service Unavailable" }, { status: 503 }));
    try {
      const levels = async () =>
        (await (await browsers.officer.fetch("/dashboard?_data=routes%2F_shell")).json<{ access: Access }>()).access;
      // Unread roles give nothing until Discord answers.
      expect((await levels()).codes).toBe("none");
      const asked = down.mock.calls.length;
      expect(asked).toBeGreaterThan(0);
      expect((await levels()).codes).toBe("none");
      expect(down.mock.calls.length).toBe(asked);
      // The bot's report of a change is always read at once.
      const json = { "Content-Type": "application/json" };
      const told = await browsers.owner.fetch("/api/ingest/discord/member-roles", {
        method: "POST",
        headers: json,
        body: JSON.stringify({ userId: WHO.officer }),
      });
      expect(told.status).toBe(502);
      expect(down.mock.calls.length).toBeGreaterThan(asked);
    } finally {
      down.mockRestore();
    }
  });
});

describe("the live room by access level", () => {
  it("sends a section's events only to the sockets of members who may view it", async () => {
    // The member's socket names a section as its connection id (partyserver's _pk, a tag of the socket): the Worker
    // replaces it, so it cannot tag itself into codes.
    const member = await listen(browsers.member, "/parties/live/main?_pk=section%3Acodes");
    const officer = await listen(browsers.officer);
    try {
      // A code saved by the officer: codes_update reaches the officer, never the member (codes: none).
      const made = await browsers.officer.fetch("/api/codes", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ code: "7777", username: "live-matrix" }),
      });
      expect(made.status).toBe(201);
      await officer.next("codes_update");
      // A tribelist entry added after it reaches both: the room sends in order, so the member would have had the
      // code's event by then.
      const added = await browsers.officer.fetch("/api/tribelist", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "live-matrix" }),
      });
      expect(added.status).toBe(201);
      await member.next("tribelist_added");
      await officer.next("tribelist_added");
      expect(member.received.map((e) => e.type)).not.toContain("codes_update");
    } finally {
      member.close();
      officer.close();
    }
  });
});

describe("API tokens carry scopes", () => {
  it("acts within the scopes chosen at creation, and never beyond its maker", async () => {
    const breeder = browsers.breeder;
    const json = { "Content-Type": "application/json" };
    const tooMuch = await breeder.fetch("/api/tokens", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ name: "greedy", scopes: { codes: "edit" } }),
    });
    expect(tooMuch.status).toBe(400);
    expect((await tooMuch.json<{ message: string }>()).message).toContain("a token cannot have edit");

    const made = await breeder.fetch("/api/tokens", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ name: "stock bot", scopes: { stock: "edit" } }),
    });
    expect(made.status).toBe(201);
    const { token, scopes } = await made.json<{ token: string; scopes: Access }>();
    expect(scopes).toMatchObject({ stock: "edit", vouches: "none" });
    const bearer = (path: string) => SELF.fetch(`${ORIGIN}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await bearer("/api/stock-2411")).status).toBe(200);
    expect((await bearer("/api/vouches")).status).toBe(403);
  });
});
