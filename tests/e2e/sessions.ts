// The browser tests' sessions: the global setup writes a pool per demo member into the server's database (wrangler's
// platform proxy) while the server is idle; tests claim them one each, so no test writes the SQLite file while pages
// load (two writers can fail the server's reads).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { drizzle } from "drizzle-orm/d1";
import { sessions, users } from "#drizzle/auth";
import { DEMO_USERS } from "#worker/discord-standin";
import { SESSION_TTL_MS } from "#worker/platform/session";
import type { Member } from "./browser";
import { E2E_STATE } from "./env";

/** Enough for every signed-in context the suite opens for one member. */
const SESSIONS_PER_MEMBER = 160;
const POOL_FILE = `${E2E_STATE}/session-pool.json`;
/** Where each claimed session leaves a file named after it. */
export const SESSION_CLAIMS = `${E2E_STATE}/session-claims`;

export type SessionPool = Record<Member, string[]>;

/** The members of the Discord stand-in's guild, by the name the tests use. */
const MEMBERS = DEMO_USERS.filter((u) => u.member);

export async function writeSessionPool() {
  const { getPlatformProxy, unstable_readConfig } = await import("wrangler");
  const config = unstable_readConfig({ config: "wrangler.toml" });
  const d1 = config.d1_databases.find((d: { binding: string }) => d.binding === "DB");
  if (!d1) throw new Error("wrangler.toml has no D1 binding DB");
  // Only the D1 binding: the Durable Object binding would only warn that its class lives elsewhere.
  const configPath = `${E2E_STATE}/sessions.wrangler.json`;
  writeFileSync(
    configPath,
    JSON.stringify({ name: "e2e-sessions", compatibility_date: config.compatibility_date, d1_databases: [d1] }),
  );
  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    configPath,
    persist: { path: `${E2E_STATE}/v3` },
    envFiles: [],
    remoteBindings: false,
  });
  try {
    const db = drizzle(proxy.env.DB as never);
    const now = new Date();
    // Each member's roles as the stand-in gives them in the settings' first guild (its @everyone role included).
    const guild = /^DISCORD_GUILD_IDS=(\d+)/m.exec(readFileSync(".dev.vars.example", "utf8"))?.[1];
    if (!guild) throw new Error(".dev.vars.example names no DISCORD_GUILD_IDS");
    const pool = {} as SessionPool;
    const statements = [];
    for (const user of MEMBERS) {
      const who = (user.global_name ?? user.username) as Member;
      pool[who] = Array.from({ length: SESSIONS_PER_MEMBER }, () => `e2e-${crypto.randomUUID()}`);
      statements.push(
        db
          .insert(users)
          .values({
            id: user.id,
            username: user.username,
            globalName: user.global_name,
            avatar: user.avatar,
            createdAt: now,
            lastSignInAt: now,
            roles: [guild, ...user.roles],
            rolesCheckedAt: now,
          })
          .onConflictDoNothing(),
      );
      for (const id of pool[who]) {
        statements.push(
          db.insert(sessions).values({
            id,
            userId: user.id,
            username: user.username,
            globalName: user.global_name,
            avatar: user.avatar,
            userAgent: "e2e session fixture",
            createdAt: now,
            lastSeenAt: now,
            expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
          }),
        );
      }
    }
    await db.batch(statements as never);
    mkdirSync(SESSION_CLAIMS, { recursive: true });
    writeFileSync(POOL_FILE, JSON.stringify(pool));
  } finally {
    await proxy.dispose();
  }
}

let cached: SessionPool | undefined;
export const readSessionPool = (): SessionPool =>
  (cached ??= JSON.parse(readFileSync(POOL_FILE, "utf8")) as SessionPool);
