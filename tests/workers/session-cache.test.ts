// The warm path of a session (ADR 034): a session read from D1 is kept in the isolate's memory for
// SESSION_CACHE_TTL_MS, so a warm request resolves it with no D1 query; a sign-out or a revocation handled here drops it
// at once; one ended elsewhere (its row gone behind this isolate's back) is refused at the latest after the TTL.
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { SESSION_CACHE_TTL_MS } from "#worker/platform/session";
import { Browser, MEMBER, location, routeOutboundToSelf } from "./helpers";

let outbound: MockInstance;
beforeEach(() => {
  outbound = routeOutboundToSelf();
});
afterEach(() => {
  outbound.mockRestore();
  vi.useRealTimers();
});

/** The SQL of every D1 statement the Worker's requests prepare while `run` runs (each request through its D1 session). */
async function statementsDuring(run: () => Promise<unknown>) {
  const sql: string[] = [];
  const withSession = env.DB.withSession.bind(env.DB);
  const spy = vi.spyOn(env.DB, "withSession").mockImplementation((start) => {
    const session = withSession(start);
    const prepare = session.prepare.bind(session);
    session.prepare = (query: string) => (sql.push(query), prepare(query));
    return session;
  });
  await run();
  spy.mockRestore();
  return sql;
}
const sessionReads = (sql: string[]) => sql.filter((q) => /from "sessions"/.test(q));

describe("the session's warm path", () => {
  it("resolves a session read in the last 30 seconds with no D1 query", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const cold = await statementsDuring(() => browser.fetch("/api/health"));
    const warm = await statementsDuring(async () => {
      for (let i = 0; i < 5; i++) expect((await browser.fetch("/api/health")).status).toBe(200);
    });
    expect(sessionReads(cold).length + sessionReads(warm).length).toBeLessThanOrEqual(1);
    expect(sessionReads(warm)).toEqual([]);
    // What was seen is what the requests sent: the health check's own ping, five times.
    expect(warm.filter((q) => q === "select 1 as ok")).toHaveLength(5);
  });

  it("checks a cookie's signature once per value, and still refuses a tampered one", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    expect((await browser.fetch("/api/health")).status).toBe(200);
    const verify = vi.spyOn(crypto.subtle, "verify");
    for (let i = 0; i < 3; i++) expect((await browser.fetch("/api/health")).status).toBe(200);
    expect(verify).not.toHaveBeenCalled();

    // The signed payload's first character changed (a plain base64 letter: the signature after the "." stays well
    // formed, so the check runs): a value never verified, so its signature is checked, and fails.
    const value = browser.cookies.get("__session")!;
    browser.cookies.set("__session", (value[0] === "A" ? "B" : "A") + value.slice(1));
    expect((await browser.fetch("/api/health")).status).toBe(401);
    expect(verify).toHaveBeenCalled();
    verify.mockRestore();
  });

  it("refuses a session ended in another isolate at the latest SESSION_CACHE_TTL_MS after it was read", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    expect((await browser.fetch("/settings")).status).toBe(200);
    // Another isolate signed it out: the row is gone, and nothing told this one.
    await env.DB.prepare("delete from sessions where user_id = ?").bind(MEMBER).run();
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start + SESSION_CACHE_TTL_MS - 1000 });
    expect((await browser.fetch("/settings")).status).toBe(200); // still inside the bound
    vi.setSystemTime(start + SESSION_CACHE_TTL_MS + 1);
    const refused = await browser.fetch("/settings");
    expect(location(refused)).toBe("/login?reason=expired&redirectTo=%2Fsettings");
  });

  it("refuses a session signed out or revoked in this isolate at once", async () => {
    const phone = new Browser();
    await phone.signIn(MEMBER);
    const laptop = new Browser();
    await laptop.signIn(MEMBER);
    expect((await phone.fetch("/settings")).status).toBe(200);
    expect((await laptop.fetch("/settings")).status).toBe(200);
    // The laptop signs out every other session: the phone's, which this isolate has just kept, ends now.
    const settings = await laptop.post("/settings", { intent: "revoke-others" });
    expect(await settings.text()).toContain("Signed out 1 other session.");
    expect(location(await phone.fetch("/settings"))).toBe("/login?reason=expired&redirectTo=%2Fsettings");
    // And the laptop signs out: its own kept session ends now too.
    await laptop.post("/signout", {});
    expect(location(await laptop.fetch("/settings"))).toMatch(/^\/login/);
  });
});
