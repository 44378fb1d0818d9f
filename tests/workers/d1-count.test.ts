// The load benchmark's D1 counter (worker/platform/d1-count.ts): with COUNT_D1_QUERIES on, an answer says how many D1
// round trips it made (a statement run alone or a batch, one each); off, nothing is said; production refuses it.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import worker from "#worker/index";
import { countingD1, D1_QUERIES_HEADER } from "#worker/platform/d1-count";
import { Browser, fromPage, MEMBER, ORIGIN, routeOutboundToSelf } from "./helpers";

let outbound: MockInstance;
beforeEach(() => {
  outbound = routeOutboundToSelf();
});
afterEach(() => outbound.mockRestore());

async function counted(
  path: string,
  browser: Browser,
  overrides: Record<string, string> = { COUNT_D1_QUERIES: "true" },
  init: RequestInit = {},
) {
  const ctx = createExecutionContext();
  const headers = new Headers({
    Cookie: browser.cookieHeader(),
    ...(init.body ? { "Content-Type": "application/json" } : {}),
  });
  const res = await worker.fetch(
    new Request(new URL(path, ORIGIN), fromPage({ ...init, headers, redirect: "manual" })),
    { ...env, ...overrides } as Env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  await res.arrayBuffer();
  return res;
}

describe("the D1 round-trip counter", () => {
  it("counts a statement run alone and a batch as one round trip each", async () => {
    const count = { n: 0 };
    const db = countingD1(env.DB, count);
    await db.prepare("select 1").first();
    await db.prepare("select ?").bind(2).all();
    await db.batch([db.prepare("select 1"), db.prepare("select 2"), db.prepare("select 3")]);
    expect(count.n).toBe(3);
    // Bound statements, as Drizzle sends them, go to the real batch too.
    const [[one], [two]] = (
      await db.batch([db.prepare("select ? as v").bind(1), db.prepare("select ? as v").bind(2)])
    ).map((r) => r.results);
    expect([one, two]).toEqual([{ v: 1 }, { v: 2 }]);
    expect(count.n).toBe(4);
  });

  it("says how many round trips an answer made: a warm session costs none", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    await counted("/api/health", browser); // the session is read once, then kept
    const health = await counted("/api/health", browser);
    expect(health.status).toBe(200);
    expect(health.headers.get(D1_QUERIES_HEADER)).toBe("1"); // its ping
    const page = await counted("/dashboard/codes", browser);
    expect(Number(page.headers.get(D1_QUERIES_HEADER))).toBeGreaterThan(0);
    // Off (as everywhere but the benchmark), nothing is said.
    expect((await counted("/api/health", browser, {})).headers.has(D1_QUERIES_HEADER)).toBe(false);
  });

  it("a code's save reads the code once: its read, then the write and its audit in one batch", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const created = await browser.fetch("/api/codes", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "counted", code: "1234" }),
    });
    const { _id } = await created.json<{ _id: string }>();
    const save = await counted(`/api/codes/${_id}`, browser, undefined, {
      method: "PUT",
      body: JSON.stringify({ location: "Swamp cave" }),
    });
    expect(save.status).toBe(200);
    expect(save.headers.get(D1_QUERIES_HEADER)).toBe("2");
    const stored = await env.DB.prepare("select location, version from codes where _id = ?").bind(_id).first();
    expect(stored).toEqual({ location: "Swamp cave", version: 2 });
  });

  it("cannot be turned on in production", async () => {
    const res = await worker.fetch(
      new Request(`${ORIGIN}/dashboard`),
      { ...env, ENVIRONMENT: "production", DISCORD_STANDIN: "false", COUNT_D1_QUERIES: "true" } as Env,
      createExecutionContext(),
    );
    expect(res.status).toBe(500);
    expect(await res.text()).toContain("<code>COUNT_D1_QUERIES</code> counts D1 queries for the benchmark");
  });
});
