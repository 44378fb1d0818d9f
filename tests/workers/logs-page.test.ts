// The Logs page's loader: one page of the join or leave log, searched and paged by the host in SQL, with the avatars
// of that page's users only; nothing for a signed-out visitor.
import { env, SELF } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { Browser, dataPath, location, memberWithToken, ORIGIN, routeOutboundToSelf } from "./helpers";

let outbound: MockInstance;
beforeEach(async () => {
  outbound = routeOutboundToSelf();
  await env.DB.batch(
    ["join_log", "removed_members", "avatars", "audit_log"].map((t) => env.DB.prepare(`delete from ${t}`)),
  );
});
afterEach(() => outbound.mockRestore());

const T0 = Date.UTC(2025, 5, 1, 12, 0, 0);
const id = (n: number) => `7200000000000${String(n).padStart(5, "0")}`;
type Data = {
  tab: string;
  join: {
    rows: { id: string; inviterId: string | null }[];
    total: number;
    page: number;
    pageCount: number;
    from: number;
    to: number;
  } | null;
  leave: { rows: { id: string }[]; total: number } | null;
  avatars: Record<string, string>;
};

async function seeded() {
  const { browser, bearer } = await memberWithToken();
  const joins = Array.from({ length: 60 }, (_, i) => ({
    id: id(i),
    displayName: `Joiner ${i}`,
    joinedAt: T0 + i * 1000,
    inviterId: id(100 + (i % 30)),
  }));
  const res = await SELF.fetch(`${ORIGIN}/api/ingest/discord/joins`, {
    method: "POST",
    headers: { ...bearer, "Content-Type": "application/json" },
    body: JSON.stringify(joins),
  });
  expect(res.status).toBe(200);
  // Avatars of every inviter are known; a page carries only those of its own rows.
  await env.DB.batch(
    Array.from({ length: 30 }, (_, i) =>
      env.DB.prepare("insert into avatars (discord_id, url, hash, timestamp) values (?, ?, 'h', ?)").bind(
        id(100 + i),
        `https://cdn.example/${i}.png`,
        T0,
      ),
    ),
  );
  return browser;
}

const load = async (browser: Browser, search: string) =>
  (await browser.fetch(dataPath(`/dashboard/logs${search}`))).json<Data>();

describe("the Logs loader", () => {
  it("shows one page of the join log in order, with the avatars of that page's inviters only", async () => {
    const browser = await seeded();
    const data = await load(browser, "?tab=join-log&page=2&size=25");
    expect(data.join).toMatchObject({ total: 60, page: 2, pageCount: 3, from: 26, to: 50 });
    expect(data.join!.rows.map((r) => r.id)).toEqual(Array.from({ length: 25 }, (_, i) => id(25 + i)));
    const inviters = new Set(data.join!.rows.map((r) => r.inviterId));
    expect(Object.keys(data.avatars).sort()).toEqual([...inviters].sort());
  });

  it("searches in the host and keeps a page past the end on the last page", async () => {
    const browser = await seeded();
    const found = await load(browser, "?tab=join-log&q=joiner 5");
    expect(found.join!.rows.map((r) => r.id)).toEqual([
      id(5),
      id(50),
      id(51),
      id(52),
      id(53),
      id(54),
      id(55),
      id(56),
      id(57),
      id(58),
      id(59),
    ]);
    expect((await load(browser, "?tab=join-log&page=99")).join).toMatchObject({ page: 3, from: 51, to: 60 });
    expect((await load(browser, "?tab=leave-log")).leave).toMatchObject({ total: 0, rows: [] });
  });

  it("remembers the tab asked for, so the next visit without one opens it (and its CSV exports it)", async () => {
    const browser = await seeded();
    expect((await load(browser, "")).tab).toBe("join-log");
    const asked = await browser.fetch(dataPath("/dashboard/logs?tab=leave-log"));
    expect(asked.headers.getSetCookie()).toContain(
      "logs-tab=leave-log; Path=/dashboard/logs; Max-Age=31536000; SameSite=Lax",
    );
    const next = await load(browser, "");
    expect(next.tab).toBe("leave-log");
    expect(next.join).toBeNull();
    expect((await browser.fetch("/dashboard/logs/export")).headers.get("Content-Disposition")).toContain("leave-log");
  });

  it("sends a signed-out visitor to sign in", async () => {
    const res = await new Browser().fetch("/dashboard/logs");
    expect(res.status).toBe(302);
    expect(location(res)).toMatch(/^\/login/);
  });
});
