// Shared by the Weekly Members search tests: members written straight into D1 (every kind of stored value), a
// session opened directly, the API as a signed-in browser calls it, and the whole list split, searched and paged the
// page's way.
import { env, SELF } from "cloudflare:test";
import { afterEach, beforeEach, expect, vi } from "vitest";
import { ACTIVITY, type Tab } from "#app/routes/_shell.dashboard.weekly-members/weekly-members";
import { activityOf, weeklyRow } from "#app/routes/_shell.dashboard.weekly-members/weekly-members.server";
import type { WeeklyMember } from "#contract/servers";
import { matches } from "#app/utils/table";
import { getConfig } from "#worker/platform/config";
import { createSession } from "#worker/platform/session";
import { eos } from "./cron-fixtures";
import { MEMBER, ORIGIN } from "./helpers";

/** The hooks of a file that reads Weekly Members: an empty table, and every mock restored after each test. */
export function withWeeklyMembers() {
  beforeEach(async () => {
    await env.DB.batch(["weekly_members", "audit_log"].map((t) => env.DB.prepare(`delete from ${t}`)));
  });
  afterEach(() => vi.restoreAllMocks());
}

export const T0 = Date.UTC(2026, 4, 10, 12, 30);
export const HOUR = 3600_000;

export type Seed = {
  n: number;
  active: boolean;
  eventType?: "active" | "inactive";
  time?: number | null;
  name?: string | null;
  display?: string | null;
  tribe?: string | null;
  member?: boolean;
  platform?: string | null;
  launch?: string | null;
};

/** Writes members as stored rows (eventType follows the flag unless given). */
export async function seed(members: Seed[]) {
  await env.DB.batch(
    members.map((m) =>
      env.DB.prepare(
        `insert into weekly_members (eos_id, display_name, member_name, is_active_this_week, is_tribe_member, tribe, platform,
           event_type, event_time, last_ark_launch, steam_profile_link, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, null, ?)`,
      ).bind(
        eos(m.n),
        m.display === undefined ? `Survivor${m.n}` : m.display,
        m.name === undefined ? `Member${m.n}` : m.name,
        m.active ? 1 : 0,
        m.member ? 1 : 0,
        m.tribe === undefined ? "GC" : m.tribe,
        m.platform === undefined ? "steam" : m.platform,
        m.eventType ?? (m.active ? "active" : "inactive"),
        m.time === undefined ? T0 : m.time,
        m.launch === undefined ? "2026-05-01T18:00:00.000Z" : m.launch,
        T0,
      ),
    ),
  );
}

export const PLATFORMS = [
  "steam",
  "xbl",
  "XBOX",
  "psn",
  "PlayStation",
  "epic",
  "Nintendo",
  "stadia",
  null,
  "",
  "  ",
  "Steam",
];
export const TRIBES = ["GC", "ALPHA", null, "100%_Tamers", "gc"];
export const NAMES = ["rex Rider", "Rex rider", "alpha", "Beta", "beta", "Zed", "100%_Tamer", null];

/** 48 members with every kind of stored value: flags that disagree with eventType, equal times and names, nulls. */
export const varied = (): Seed[] =>
  Array.from({ length: 48 }, (_, i) => {
    const n = i + 1;
    const active = n % 3 !== 0;
    return {
      n,
      active,
      // The flag decides the tab, as the page's activityOf reads it first.
      eventType: n % 11 === 0 ? (active ? "inactive" : "active") : undefined,
      time: n % 7 === 0 ? null : T0 - (n % 5) * HOUR,
      name: NAMES[n % NAMES.length],
      display: n % 6 === 0 ? null : `Survivor${n}`,
      member: n % 2 === 0,
      tribe: TRIBES[n % TRIBES.length],
      platform: PLATFORMS[n % PLATFORMS.length],
    };
  });

/** A signed-in browser's cookie, from a session opened directly (the sign-in pages are Remix routes). */
export async function sessionCookie() {
  const setCookie = await createSession(new Request(ORIGIN), env, getConfig(env), {
    id: MEMBER,
    username: "rexrider",
    globalName: "Rex Rider",
    avatar: null,
    roles: [],
  });
  return setCookie.split(";")[0];
}

export type Counts = { total: number; active: number; inactive: number };
export type Answer = {
  rows: WeeklyMember[];
  total: number;
  page: number;
  pageCount: number;
  size: number;
  counts: Counts;
};

export async function api() {
  const cookie = await sessionCookie();
  const get = async <T = Answer>(path: string) => {
    const res = await SELF.fetch(`${ORIGIN}${path}`, { headers: { Cookie: cookie } });
    return { status: res.status, body: await res.json<T>() };
  };
  const search = async (query: string) => {
    const { status, body } = await get(`/api/weeklymembers/search?${query}`);
    expect(status, query).toBe(200);
    return body;
  };
  const whole = async () => (await get<WeeklyMember[]>("/api/weeklymembers")).body;
  return { get, search, whole };
}

/** The page's search over the stored fields it shows (not the formatted times), and the stored platform as the host has. */
export const STORED_FIELDS = [
  (r: ReturnType<typeof weeklyRow>) => r.eosId,
  (r: ReturnType<typeof weeklyRow>) => r.displayName,
  (r: ReturnType<typeof weeklyRow>) => r.name,
  (r: ReturnType<typeof weeklyRow>) => r.statusLabel,
  (r: ReturnType<typeof weeklyRow>) => r.tribe,
  (r: ReturnType<typeof weeklyRow>) => r.platformLabel,
  (r: ReturnType<typeof weeklyRow>) => ACTIVITY[r.activity].label,
];

/** The whole list split, searched and paged the page's way (as the page did before the host paged it). */
export function expected(all: WeeklyMember[], tab: Tab, q: string, page: number, size: number): Answer {
  const counts = { total: all.length, active: 0, inactive: 0 };
  for (const m of all) counts[activityOf(m)]++;
  const found = all
    .filter((m) => activityOf(m) === tab)
    .filter((m, i) => matches(weeklyRow(m, i, "UTC"), q, STORED_FIELDS) || matches(m, q, ["platform"]));
  const pageCount = Math.max(1, Math.ceil(found.length / size));
  const current = Math.min(page, pageCount);
  return {
    rows: found.slice((current - 1) * size, current * size),
    total: found.length,
    page: current,
    pageCount,
    size,
    counts,
  };
}
