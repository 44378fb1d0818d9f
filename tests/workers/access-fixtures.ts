// The access matrix tests (access-matrix.test.ts, access-api-matrix.test.ts): the demo members, the levels an owner
// gives their roles, and what each should then be able to do.
import { env } from "cloudflare:test";
import { afterAll, beforeAll, expect, type MockInstance } from "vitest";
import { SECTIONS, type Access, type Level } from "#contract/access";
import { DEMO_ROLES, DEMO_USERS } from "#worker/discord-standin";
import { getConfig } from "#worker/platform/config";
import { createSession } from "#worker/platform/session";
import { hostApi } from "#worker/api";
import { Browser, MEMBER, ORIGIN, routeOutboundToSelf } from "./helpers";

export const GUILD = "400000000000000001";
const OFFICER = "300000000000000003";
const BREEDER = "300000000000000002";
const PLAIN = "300000000000000004";

const all = (level: Level) => Object.fromEntries(SECTIONS.map((s) => [s, level])) as Access;
const CONTENT = SECTIONS.filter((s) => s !== "kick" && s !== "admin");

/** What the owner sets below, and what each member should then be able to do (written out, not computed). */
export const EXPECTED: Record<string, Access> = {
  owner: all("edit"),
  officer: { ...all("edit"), kick: "none", admin: "none" },
  breeder: { ...all("view"), stock: "edit", breeder: "edit", kick: "none", admin: "none" },
  member: { ...all("view"), codes: "none", kick: "none", admin: "none" },
};
export const WHO: Record<keyof typeof EXPECTED, string> = {
  owner: MEMBER,
  officer: OFFICER,
  breeder: BREEDER,
  member: PLAIN,
};

export const browsers: Record<string, Browser> = {};

/** The Access page's form for one role, as the owner posts it. */
export async function setLevels(owner: Browser, roleId: string, levels: Partial<Access>) {
  const fields: Record<string, string> = { roleId };
  for (const s of SECTIONS) fields[`level.${s}`] = levels[s] ?? "none";
  const res = await owner.post("/dashboard/access", fields);
  expect(res.status).toBe(200);
  expect(await res.text()).toContain("Saved the levels");
}

/**
 * A browser signed in as a demo member with the roles the stand-in gives them. The first test signs each in through the
 * whole Discord flow; the others open sessions directly, as sign-in does, so the suite stays under the sign-in limit.
 */
export async function signedIn(userId: string) {
  const browser = new Browser();
  const demo = DEMO_USERS.find((u) => u.id === userId)!;
  const who = {
    id: demo.id,
    username: demo.username,
    globalName: demo.global_name,
    avatar: demo.avatar,
    roles: [GUILD, ...demo.roles],
  };
  browser.remember(
    new Response(null, {
      headers: { "Set-Cookie": await createSession(new Request(ORIGIN), env, getConfig(env), who) },
    }),
  );
  return browser;
}

/** The owner gives the roles their levels, and each member signs in. Per test: a test's D1 writes are undone after it. */
export async function setUp() {
  for (const k of Object.keys(browsers)) delete browsers[k];
  const owner = await signedIn(MEMBER);
  await setLevels(owner, DEMO_ROLES.officer.id, { ...Object.fromEntries(CONTENT.map((s) => [s, "edit"])) });
  await setLevels(owner, DEMO_ROLES.breeder.id, { stock: "edit", breeder: "edit", codes: "view" });
  await setLevels(owner, GUILD, { ...Object.fromEntries(CONTENT.map((s) => [s, "view"])), codes: "none" });
  for (const [role, id] of Object.entries(WHO)) browsers[role] = await signedIn(id);
}

/** The Worker's calls to Discord reach the stand-in on itself. */
export function discordOnSelf() {
  let outbound: MockInstance;
  beforeAll(() => {
    outbound = routeOutboundToSelf();
  });
  afterAll(() => outbound.mockRestore());
}

/**
 * Every page path of the build (nested paths joined) under the signed-in shell, and whether its route has an action
 * (a post to one without answers 405 before anything runs).
 */
export async function pagePaths() {
  // @ts-ignore - produced by `remix vite:build`
  const build = await import("../../build/server/index.js");
  const routes = build.routes as Record<string, { path?: string; parentId?: string; module: { action?: unknown } }>;
  const full = (id: string): string => {
    const r = routes[id];
    const parent = r.parentId ? full(r.parentId) : "";
    return r.path ? `${parent.replace(/\/$/, "")}/${r.path}` : parent;
  };
  const underShell = (id: string): boolean =>
    id === "routes/_shell" || (!!routes[id].parentId && underShell(routes[id].parentId!));
  return Object.keys(routes)
    .filter((id) => id !== "routes/_shell" && underShell(id))
    .map((id) => ({ path: full(id), action: typeof routes[id].module.action === "function" }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** Every host API route, its parameters filled in with harmless values. */
export function apiRoutes() {
  const fill = (path: string) =>
    path
      .replace(":serverId", "2411")
      .replace(/:(vouchedId|discordId|userId)/, "300000000000000019")
      .replace(/:_?id/, "0123456789abcdef01234567");
  const seen = new Set<string>();
  return hostApi.routes
    .filter(
      (r) =>
        r.method !== "ALL" &&
        !r.path.includes("*") &&
        (r.path.startsWith("/api/") || r.path.startsWith("/kick/") || r.path.startsWith("/avatar/")),
    )
    .map((r) => ({ method: r.method, path: fill(r.path) }))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`));
}
