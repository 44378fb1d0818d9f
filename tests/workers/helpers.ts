// Drives the Worker the way a browser would: cookies carried between requests, redirects read one at a time.
import { env, SELF } from "cloudflare:test";
import { expect, vi } from "vitest";
import { TOAST_COOKIE, toastCookie } from "#app/utils/toast.server";
import { isToast, type Toast } from "#app/utils/toast";
import type { Access } from "#contract/access";
import { forgetRoleMapping } from "#worker/platform/access";
import { getConfig } from "#worker/platform/config";

/** What a page's fetchers add to their fields (app/utils/action.ts): the action answers them with JSON. */
import { FETCHER_FIELDS } from "#app/utils/action";
export { FETCHER_FIELDS };

export const ORIGIN = "http://localhost";
export const MEMBER = "300000000000000001";
export const MEMBER_NO_DISPLAY_NAME = "300000000000000003";
export const OUTSIDER = "300000000000000009";

/**
 * The Worker reaches Discord over HTTP at the configured URLs. Here "Discord" is the stand-in on the Worker itself,
 * so the Worker's outbound calls to its own origin are handed back to it, as the network does under `npm start`.
 */
export function routeOutboundToSelf() {
  const realFetch = globalThis.fetch;
  return vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const request = new Request(input as RequestInfo, init);
    if (request.url.startsWith(`${ORIGIN}/`)) return SELF.fetch(request);
    return realFetch(request);
  });
}

/**
 * `init` as one of this dashboard's pages sends it: a request that is not a GET or HEAD names the page's origin (the
 * request gate checks it, ADR 028), and every request names its host (Remix compares it with a form POST's origin).
 */
export function fromPage(init: RequestInit = {}): RequestInit {
  const headers = new Headers(init.headers);
  const method = (init.method ?? "GET").toUpperCase();
  if (method !== "GET" && method !== "HEAD" && !headers.has("Origin")) headers.set("Origin", ORIGIN);
  if (!headers.has("Host")) headers.set("Host", new URL(ORIGIN).host);
  return { ...init, headers };
}

/** A request to the Worker as one of its pages sends it, with whatever credentials `init` carries (or none). */
export const pageFetch = (input: string | URL, init?: RequestInit) => SELF.fetch(input, fromPage(init));

export class Browser {
  cookies = new Map<string, string>();

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(/;\s*/);
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const expired = attrs.some((a) => /^max-age=0$/i.test(a) || /^expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async fetch(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("Cookie", this.cookieHeader());
    if (!headers.has("User-Agent"))
      headers.set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36");
    const response = await SELF.fetch(new URL(path, ORIGIN), fromPage({ ...init, headers, redirect: "manual" }));
    this.remember(response);
    return response;
  }

  post(path: string, fields: Record<string, string>) {
    return this.fetch(path, { method: "POST", body: new URLSearchParams(fields) });
  }

  /** The whole Discord sign-in, through the stand-in's authorize page, as the chosen demo user. */
  async signIn(userId: string, redirectTo = "/dashboard") {
    const start = await this.post("/auth/discord", { redirectTo });
    const authorize = new URL(location(start));
    const page = await SELF.fetch(authorize);
    if (page.status !== 200) throw new Error(`authorize page answered ${page.status}`);
    await page.text();
    const consent = await SELF.fetch(new URL("/__discord/oauth2/authorize", ORIGIN), {
      method: "POST",
      body: new URLSearchParams({
        user_id: userId,
        redirect_uri: authorize.searchParams.get("redirect_uri")!,
        state: authorize.searchParams.get("state")!,
        scope: authorize.searchParams.get("scope")!,
      }),
      redirect: "manual",
    });
    const callback = new URL(location(consent));
    return this.fetch(callback.pathname + callback.search);
  }
}

/**
 * The id of the route module a page's path is served by, as Remix names it: /dashboard is
 * routes/_shell.dashboard._index, /dashboard/codes is routes/_shell.dashboard.codes, /settings is routes/_shell.settings.
 */
export function routeIdOf(path: string) {
  const { pathname } = new URL(path, ORIGIN);
  return pathname === "/dashboard" ? "routes/_shell.dashboard._index" : `routes/_shell${pathname.replace(/\//g, ".")}`;
}

/**
 * A page's path asking for one route's data only, as Remix's router in the browser asks for it: a GET answers the
 * loader's data, a POST the action's answer as a fetcher (or a form driven by JavaScript) gets it.
 */
export function dataPath(path: string, route = routeIdOf(path)) {
  const url = new URL(path, ORIGIN);
  url.searchParams.set("_data", route);
  return url.pathname + url.search;
}

/** A page's loader data as the browser's router asks for it (answered 200). */
export async function loadData<T>(browser: Browser, path: string) {
  const res = await browser.fetch(dataPath(path));
  expect(res.status).toBe(200);
  return res.json<T>();
}

/** A page's action as one of its fetchers calls it: the status and the JSON answer. */
export async function fetcherPost(browser: Browser, path: string, fields: Record<string, string>) {
  const res = await browser.post(dataPath(path), { ...fields, ...FETCHER_FIELDS });
  return { status: res.status, body: await res.json<Record<string, unknown>>() };
}

/**
 * The toast the browser holds for the next page (the flash cookie an action set), read as the shell reads it, and
 * dropped as the shell drops it: null when there is none.
 */
export async function toastOf(browser: Browser): Promise<Toast | null> {
  const raw = browser.cookies.get(TOAST_COOKIE);
  if (!raw) return null;
  browser.cookies.delete(TOAST_COOKIE);
  const value = await toastCookie(getConfig(env).SESSION_SECRETS).parse(`${TOAST_COOKIE}=${raw}`);
  if (!isToast(value)) throw new Error(`the toast cookie holds no toast: ${raw}`);
  return value;
}

export function location(response: Response) {
  const to = response.headers.get("Location");
  if (!to) throw new Error(`expected a redirect, got ${response.status}`);
  return to;
}

/** An event as the room sends it for a write: stamped with who made the change (worker/platform/deps.ts). */
export const stamped = <T extends object>(event: T) => ({ ...event, by: expect.any(String), byId: expect.any(String) });

/** Opens the live socket as a signed-in browser; `next(type)` waits for the next event of that type. */
export async function listen(browser: Browser, path = "/parties/live/main") {
  const res = await SELF.fetch(new URL(path, ORIGIN), {
    headers: { Upgrade: "websocket", Cookie: browser.cookieHeader(), Origin: ORIGIN },
  });
  const socket = res.webSocket;
  if (!socket) throw new Error(`socket refused: ${res.status}`);
  socket.accept();
  const received: Record<string, unknown>[] = [];
  const waiters: { type: string; resolve: (e: Record<string, unknown>) => void }[] = [];
  socket.addEventListener("message", (m) => {
    const event = JSON.parse(String(m.data));
    const i = waiters.findIndex((w) => w.type === event.type);
    if (i >= 0) waiters.splice(i, 1)[0].resolve(event);
    else received.push(event);
  });
  return {
    received,
    next(type: string, timeoutMs = 2000) {
      const i = received.findIndex((e) => e.type === type);
      if (i >= 0) return Promise.resolve(received.splice(i, 1)[0]);
      return new Promise<Record<string, unknown>>((resolve, reject) => {
        const waiter = { type, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const at = waiters.indexOf(waiter);
          if (at < 0) return;
          waiters.splice(at, 1); // a timed-out wait must not swallow a later event
          reject(new Error(`no ${type} event within ${timeoutMs} ms`));
        }, timeoutMs);
      });
    },
    send: (message: unknown) => socket.send(typeof message === "string" ? message : JSON.stringify(message)),
    close: () => socket.close(),
  };
}

/** A browser signed in as a demo member (by default the guild member Rex Rider). */
export async function signedIn(userId = MEMBER) {
  const browser = new Browser();
  await browser.signIn(userId);
  return browser;
}

/** A browser signed in as a member that also holds a fresh API token. */
export async function memberWithToken(userId = MEMBER) {
  const browser = await signedIn(userId);
  const res = await browser.fetch("/api/tokens", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "test bot" }),
  });
  const { token } = await res.json<{ token: string }>();
  return { browser, token, bearer: { Authorization: `Bearer ${token}` } };
}

/** A Mongo-style 24-hex-digit _id for the n-th seeded row. */
export const hexId = (n: number) => n.toString(16).padStart(24, "0");

export type VouchSeed = {
  id: number;
  igName?: string | null;
  igNameServer2?: string | null;
  igNameServer3?: string | null;
  status?: string;
  vouched?: string;
  vouchedAt?: string;
  vouchedBy?: string;
  vouchedByUsername?: string | null;
  vouchedUsername?: string | null;
  vouchedAvatar?: string | null;
  vouchedAvatarHash?: string | null;
  notes?: string | null;
};

/** Inserts vouches straight into D1 (the n-th row gets _id hexId(n)); `defaults` fill what a row leaves out. */
export async function seedVouches(rows: VouchSeed[], defaults: Partial<VouchSeed> = {}) {
  await env.DB.batch(
    rows.map((row, i) => {
      const v = { ...defaults, ...row };
      return env.DB.prepare(
        `insert into vouches (_id, id, ig_name, ig_name_server2, ig_name_server3, status, vouched, vouched_at, vouched_at_ms,
           vouched_by, vouched_by_username, vouched_username, vouched_avatar, vouched_avatar_hash, notes)
         values (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)`,
      ).bind(
        hexId(i + 1),
        v.id,
        v.igName ?? null,
        v.igNameServer2 ?? null,
        v.igNameServer3 ?? null,
        v.status ?? "Not Provided",
        v.vouched ?? `5000000000000000${String(v.id).padStart(2, "0")}`,
        v.vouchedAt ?? "1/2/2026",
        v.vouchedBy ?? MEMBER,
        v.vouchedByUsername ?? null,
        v.vouchedUsername ?? null,
        v.vouchedAvatar ?? null,
        v.vouchedAvatarHash ?? null,
        v.notes ?? null,
      );
    }),
  );
}

/**
 * Gives a Discord role levels (as the Access page does), for tests whose members other than the owner change data:
 * the stand-in's demo users hold their roles (worker/discord-standin.ts DEMO_ROLES), the owner (MEMBER) every level.
 */
export async function grant(roleId: string, levels: Partial<Access>) {
  await env.DB.batch(
    Object.entries(levels).map(([section, level]) =>
      env.DB.prepare("insert or replace into role_access (role_id, section, level) values (?, ?, ?)").bind(
        roleId,
        section,
        level,
      ),
    ),
  );
  forgetRoleMapping();
}
