// Test data made through the host API (docs/api.md, docs/api/*.md) with a signed-in browser's request context: every
// test creates the rows it asserts on, marked so that a search finds only them.
import type { APIRequestContext } from "playwright-core";
import { expect } from "vitest";
import type { Code } from "#contract/codes";
import type { Vouch } from "#contract/community";
import type { WeeklyMember } from "#contract/servers";
import type { TribelistEntry } from "#contract/tribelists";
import { FROM_PAGE } from "./browser";

let sequence = 0;

/**
 * A Discord id (snowflake, 18 digits) no demo row and no other test has. It never ends in 9: the Discord stand-in
 * answers Unknown Member for those (worker/discord-standin.ts), so a kick of this id succeeds.
 */
export function snowflake(): string {
  sequence = (sequence + 1) % 1000;
  const digits = `7${String(Date.now()).slice(-10)}${String(sequence).padStart(3, "0")}${Math.floor(Math.random() * 100)
    .toString()
    .padStart(2, "0")}`;
  return digits + String(Math.floor(Math.random() * 9)); // 0-8
}

/** 32 hex characters, an EOS id nobody else has. */
export const eosId = () =>
  Array.from({ length: 32 }, () => "0123456789abcdef"[Math.floor(Math.random() * 16)]).join("");

async function ok<T>(res: Promise<import("playwright-core").APIResponse>, status = 200): Promise<T> {
  const r = await res;
  expect(r.status(), `${r.url()}: ${await r.text()}`).toBe(status);
  return r.json();
}

export type VouchInput = {
  vouched?: string;
  vouchedUsername: string;
  vouchedBy?: string;
  vouchedByUsername?: string;
  status?: "Complete" | "Invalid" | "Not Provided" | "Remove Pending";
  vouchedAt?: string;
  igName?: string;
};

/**
 * Vouches through the Discord bot's ingestion call, in order (numeric ids ascending); answers them as
 * GET /api/vouches/search finds them by their vouched username.
 */
export async function createVouches(request: APIRequestContext, inputs: VouchInput[]): Promise<Vouch[]> {
  const body = inputs.map((v) => ({
    sourceMessageId: snowflake(),
    vouched: v.vouched ?? snowflake(),
    vouchedBy: v.vouchedBy ?? "300000000000000001",
    vouchedByUsername: v.vouchedByUsername ?? "rexrider",
    status: v.status ?? "Complete",
    ...v,
  }));
  for (let i = 0; i < body.length; i += 100) {
    const answer = await ok<{ inserted: number }>(
      request.post("/api/ingest/discord/vouches", { headers: FROM_PAGE, data: body.slice(i, i + 100) }),
    );
    expect(answer.inserted).toBe(body.slice(i, i + 100).length);
  }
  const found: Vouch[] = [];
  for (const name of new Set(body.map((v) => v.vouchedUsername))) {
    const page = await ok<{ rows: Vouch[] }>(request.get(`/api/vouches/search?q=${encodeURIComponent(name)}&size=100`));
    found.push(...page.rows.filter((r) => r.vouchedUsername === name));
  }
  return found.sort((a, b) => a.id - b.id);
}

/** How many vouches there are now. */
export async function vouchTotal(request: APIRequestContext): Promise<number> {
  return (await ok<{ total: number }>(request.get("/api/vouches/search?size=1"))).total;
}

/** Codes through POST /api/codes, in order (ids ascending). */
export async function createCodes(
  request: APIRequestContext,
  bodies: Partial<Omit<Code, "_id" | "id">>[],
): Promise<Code[]> {
  const created: Code[] = [];
  for (const body of bodies)
    created.push(await ok<Code>(request.post("/api/codes", { headers: FROM_PAGE, data: body }), 201));
  return created;
}

export const TRIBELISTS: Record<string, string> = {
  "2411": "/api/tribelist",
  "2573": "/api/tribelist-2573",
  "2446": "/api/tribelist-2446",
};

/** Tribelist entries through POST {list}. */
export async function createEntries(
  request: APIRequestContext,
  server: string,
  bodies: { name: string; discordId?: string; rank?: string; nationality?: string }[],
): Promise<TribelistEntry[]> {
  const created: TribelistEntry[] = [];
  for (const body of bodies)
    created.push(await ok<TribelistEntry>(request.post(TRIBELISTS[server], { headers: FROM_PAGE, data: body }), 201));
  return created;
}

/** Discord join log entries through the bot's ingestion call. */
export async function ingestJoins(
  request: APIRequestContext,
  joins: { id: string; displayName: string; joinedAt: number; inviteCode?: string }[],
) {
  for (let i = 0; i < joins.length; i += 500) {
    await ok(request.post("/api/ingest/discord/joins", { headers: FROM_PAGE, data: joins.slice(i, i + 500) }));
  }
}

/** Discord leave log entries through the bot's ingestion call. */
export async function ingestLeaves(
  request: APIRequestContext,
  leaves: { id: string; displayName: string; leftAt: number; leaveReason?: string }[],
) {
  for (let i = 0; i < leaves.length; i += 500) {
    await ok(request.post("/api/ingest/discord/leaves", { headers: FROM_PAGE, data: leaves.slice(i, i + 500) }));
  }
}

export type ServerEvent = {
  eventType: "join" | "leave";
  eosId: string;
  eventTime: number;
  displayName?: string;
  status?: string;
  tribe?: string;
  platform?: string;
};

/** A game server's join and leave events through the collectors' ingestion call. */
export async function ingestServerEvents(request: APIRequestContext, serverId: string, events: ServerEvent[]) {
  const answer = await ok<{ inserted: number }>(
    request.post(`/api/ingest/servers/${serverId}/events`, { headers: FROM_PAGE, data: { events } }),
  );
  expect(answer.inserted).toBe(events.length);
}

/** A member as the collectors send it: the EOS id, and any of the fields the list answers. */
export type WeeklyMemberInput = Pick<WeeklyMember, "eosId"> & Partial<Omit<WeeklyMember, "eventType">>;

/** Weekly members through the collectors' ingestion call (an upsert on eosId; announces weeklymembers_update). */
export async function ingestWeeklyMembers(request: APIRequestContext, members: WeeklyMemberInput[]) {
  await ok(request.post("/api/ingest/weekly-members", { headers: FROM_PAGE, data: { members } }));
}
