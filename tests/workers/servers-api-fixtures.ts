// What the servers API's tests share: a signed-in member with a collector's token and typed JSON calls, a socket on the
// live room, the host's players, and the counts and audit rows they check.
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { hostPlayer } from "./cron-fixtures";
import { Browser, MEMBER, ORIGIN, pageFetch } from "./helpers";

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

export type Player = {
  eosId: string;
  displayName: string;
  name: string;
  status: string;
  tribe: string;
  platform: string;
  lastArkLaunch?: string;
  steamProfileLink?: string;
};
export const player = (n: number, status: string, tribe = "", platform = "xbl"): Player =>
  hostPlayer(n, status, tribe, platform);

/** A signed-in member with an API token (the collectors' credential); `json` reads a body as the type asked for. */
export async function session() {
  const browser = new Browser();
  await browser.signIn(MEMBER);
  const created = await browser.fetch("/api/tokens", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "collector" }),
  });
  expect(created.status).toBe(201);
  const { token } = (await created.json()) as { token: string };
  const api = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("Authorization", `Bearer ${token}`);
    if (init.body) headers.set("Content-Type", "application/json");
    return pageFetch(new URL(path, ORIGIN), { ...init, headers });
  };
  const json = async <T = unknown>(path: string, init?: RequestInit) => {
    const res = await api(path, init);
    return { status: res.status, body: (await res.json()) as T };
  };
  const post = <T = unknown>(path: string, body?: unknown) =>
    json<T>(path, { method: "POST", body: body === undefined ? undefined : JSON.stringify(body) });
  return { browser, token, api, json, post };
}

/** A socket on the live room, and the events it received. */
export async function listen(browser: Browser) {
  const res = await pageFetch(`${ORIGIN}/parties/live/main`, {
    headers: { Upgrade: "websocket", Cookie: browser.cookieHeader(), Origin: ORIGIN },
  });
  expect(res.status).toBe(101);
  const socket = res.webSocket!;
  socket.accept();
  const messages: { type: string; serverId?: string }[] = [];
  socket.addEventListener("message", (e) => {
    messages.push(JSON.parse(String(e.data)));
  });
  return {
    messages,
    /** Waits until every named event arrived (with this serverId), then a moment more for any stragglers. */
    async received(types: string[], serverId?: string) {
      const has = () => types.every((t) => messages.some((m) => m.type === t && m.serverId === serverId));
      for (let i = 0; i < 200 && !has(); i++) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 50));
      return messages.filter((m) => m.serverId === serverId).map((m) => m.type);
    },
    clear: () => messages.splice(0),
    close: () => socket.close(),
  };
}

export const count = async (sql: string, ...bind: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...bind)
    .first<{ n: number }>())!.n;

/** An audit row as stored, with its `after` parsed. */
export type AuditRow = Record<string, unknown> & { after: Record<string, unknown> | null };
export const audits = async (entity: string): Promise<AuditRow[]> =>
  (
    await env.DB.prepare("select * from audit_log where entity = ? order by id")
      .bind(entity)
      .all<Record<string, unknown>>()
  ).results.map((r) => ({
    ...r,
    after: typeof r.after === "string" && r.after ? JSON.parse(r.after) : null,
  }));
