// Shared by the Discord tests: the Discord calls the Worker made, stand-in users with or without an avatar, vouches,
// the Worker under other settings, and Discord's schemas.
import { createExecutionContext, env } from "cloudflare:test";
import { afterEach, beforeEach, type MockInstance } from "vitest";
import worker from "#worker/index";
import { standinUser } from "#worker/discord-standin";
import { MEMBER, ORIGIN, routeOutboundToSelf } from "./helpers";

/** The hooks of a file that reaches Discord's stand-in: empty tables, outbound calls answered by the Worker. */
export function withDiscordOnSelf() {
  beforeEach(async () => {
    outbound = routeOutboundToSelf();
    await env.DB.batch(
      ["vouches", "avatars", "audit_log", "api_tokens"].map((t) => env.DB.prepare(`delete from ${t}`)),
    );
  });
  afterEach(() => outbound.mockRestore());
}

export let outbound: MockInstance;

export const GUILD = "400000000000000001";
export const DAY = 24 * 3600 * 1000;
export const urlOf = (input: unknown) => (input instanceof Request ? input.url : String(input));
export const discordCalls = (part: string) =>
  outbound.mock.calls.filter(([input]) => urlOf(input).includes(`/__discord/api/v10${part}`));
export const headerOf = (call: unknown[], name: string) =>
  new Headers((call[1] as RequestInit | undefined)?.headers).get(name);
export const count = (sql: string) => env.DB.prepare(`select count(*) as n from ${sql}`).first<number>("n");

/** The first snowflake after `from` whose stand-in user has (or has not) an avatar. */
export function userWith(avatar: boolean, from = 800000000000000000n) {
  for (let id = from; ; id++)
    if ((standinUser(String(id)).avatar !== null) === avatar && !String(id).endsWith("9")) return String(id);
}

export async function seedVouches(rows: [string, string][]) {
  await env.DB.batch(
    rows.map(([vouched, status], i) =>
      env.DB.prepare(
        `insert into vouches (_id, id, status, vouched, vouched_at, vouched_at_ms, vouched_by) values (?, ?, ?, ?, '6/1/2025', ?, ?)`,
      ).bind((i + 1).toString(16).padStart(24, "0"), i + 1, status, vouched, Date.UTC(2025, 5, 1), MEMBER),
    ),
  );
}

/** Calls the Worker with settings overridden (as another deployment would have them). */
export const withSettings = (overrides: Record<string, string>, path: string, init: RequestInit) =>
  worker.fetch(new Request(`${ORIGIN}${path}`, init), { ...env, ...overrides } as Env, createExecutionContext());

export type Schema = { required: string[]; properties: Record<string, string | string[]> };
export function conforms(value: Record<string, unknown>, schema: Schema) {
  const problems: string[] = [];
  for (const field of schema.required) if (!(field in value)) problems.push(`missing ${field}`);
  for (const field of Object.keys(value)) if (!(field in schema.properties)) problems.push(`unknown field ${field}`);
  return problems;
}
