// Shared by the claim sessions and session statistics tests: sessions and statistics rows, a bot's POST, table and
// audit look-ups, a member with an API token, and a check that no live event arrived.
import { env } from "cloudflare:test";
import { afterEach, beforeEach, expect, type MockInstance } from "vitest";
import { memberWithToken, routeOutboundToSelf } from "./helpers";

/** The hooks of a file that calls the breeder sessions API: empty tables, outbound calls answered by the Worker. */
export function withSessionTables() {
  let outbound: MockInstance;
  beforeEach(async () => {
    outbound = routeOutboundToSelf();
    await env.DB.batch(
      ["claim_sessions", "breeder_session_stats", "audit_log", "api_tokens"].map((t) =>
        env.DB.prepare(`delete from ${t}`),
      ),
    );
  });
  afterEach(() => outbound.mockRestore());
}

export const post = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { ...headers, "Content-Type": "application/json" },
  body: JSON.stringify(body),
});
export const EVENT = { type: "breeder_update", message: "A breeder entry was updated! Live update received." };
export const BREEDER = "300000000000000002";
export const CLAIMERS = ["500000000000000001", "500000000000000002", "500000000000000003"];
export const T0 = Date.UTC(2026, 2, 1, 12);

export const session = (n: number, over: Record<string, unknown> = {}) => ({
  _id: n.toString(16).padStart(24, "0"),
  dinoName: "Rex",
  instructions: "Bring a cryopod",
  max: 5,
  claims: CLAIMERS.slice(0, 2),
  completed: CLAIMERS.slice(0, 1),
  ended: false,
  breederId: BREEDER,
  createdAt: T0 + n * 3600_000,
  updatedAt: T0 + n * 3600_000 + 600_000,
  ...over,
});

export const stat = (breederId: string, totalSessions: number, over: Record<string, unknown> = {}) => ({
  breederId,
  totalCreatedSessions: totalSessions + 1,
  totalSessions,
  totalClaims: totalSessions * 3,
  averageSessionDuration: 1_800_000,
  totalCompletions: totalSessions * 2,
  averageCompletionRate: 66.7,
  totalEndedSessions: totalSessions,
  totalRemovals: 1,
  ...over,
});

export const count = async (table: string) => env.DB.prepare(`select count(*) as n from ${table}`).first<number>("n");
export const auditRows = async (entity: string) =>
  (
    await env.DB.prepare("select * from audit_log where entity = ? order by id")
      .bind(entity)
      .all<Record<string, string>>()
  ).results;

/** Waits a moment and checks that no breeder_update arrived meanwhile. */
export async function quiet(live: { received: Record<string, unknown>[] }) {
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(live.received.filter((e) => e.type === "breeder_update")).toEqual([]);
}

export async function tokenHeaders() {
  const { browser, bearer } = await memberWithToken();
  return { browser, bearer };
}
