// The rate limits (worker/platform/limits.ts, ADR 031), reached and recovered: the Worker gets TEST_TIGHT_LIMIT (3 a
// key per 10 seconds) in place of the limit under test, and each test counts under keys of its own.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import worker from "#worker/index";
import { RATE_LIMIT_PERIOD_SECONDS, type LimitName } from "#worker/platform/limits";
import { DEMO_ROLES } from "#worker/discord-standin";
import { Browser, fromPage, grant, memberWithToken, ORIGIN, routeOutboundToSelf, signedIn } from "./helpers";

const TIGHT = (env as unknown as { TEST_TIGHT_LIMIT: RateLimit }).TEST_TIGHT_LIMIT;
const ALLOWED = 3;

let outbound: MockInstance;
beforeEach(async () => {
  outbound = routeOutboundToSelf();
  await env.DB.prepare("delete from codes").run();
});
afterEach(() => outbound.mockRestore());

/** A request to the Worker with one of its limits tight, as a page sends it (with the browser's cookies, if any). */
async function limited(limit: LimitName, path: string, init: RequestInit = {}, browser?: Browser) {
  const headers = new Headers(init.headers);
  if (browser?.cookies.size) headers.set("Cookie", browser.cookieHeader());
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(new URL(path, ORIGIN), fromPage({ ...init, headers, redirect: "manual" })),
    { ...env, [limit]: TIGHT },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

/**
 * Local rate limiters count in windows of their period aligned to the clock (miniflare's ratelimit worker). A test
 * that counts to the limit starts with at least 5 of its 10 seconds ahead, so its counts fall in one window.
 */
async function freshWindow() {
  const left = () => 10_000 - (Date.now() % 10_000);
  if (left() >= 5_000) return;
  const window = Math.floor(Date.now() / 10_000);
  await vi.waitFor(() => expect(Math.floor(Date.now() / 10_000)).toBeGreaterThan(window), {
    timeout: 6_000,
    interval: 50,
  });
}

/** A fresh client address (Cloudflare's CF-Connecting-IP). */
const address = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}-${crypto.randomUUID().slice(0, 8)}`;

async function expectRefused(res: Response, words: string, json: boolean) {
  expect(res.status).toBe(429);
  expect(res.headers.get("Retry-After")).toBe(String(RATE_LIMIT_PERIOD_SECONDS));
  if (json)
    expect(await res.json()).toEqual({ error: "rate_limited", message: `${words}. Wait a minute, then try again.` });
  else expect(await res.text()).toBe(`${words}. Wait a minute, then try again.`);
}

const codeCount = async () => (await env.DB.prepare("select count(*) n from codes").first<{ n: number }>())!.n;
const newCode = (code: string) => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify({ code, username: "member1" }),
});

describe("rate limits", () => {
  it("count sign-in starts and callbacks per address, refuse past the limit, and let it go when the window turns", async () => {
    const ip = address();
    await freshWindow();
    const start = () =>
      limited("SIGN_IN_LIMIT", "/auth/discord", {
        method: "POST",
        body: new URLSearchParams({ redirectTo: "/dashboard" }),
        headers: { "CF-Connecting-IP": ip },
      });
    for (let i = 0; i < ALLOWED - 1; i++) expect((await start()).status).toBe(302);
    // A callback is the flow's other step, counted under the same address.
    const callback = await limited("SIGN_IN_LIMIT", "/auth/callback?code=x&state=y", {
      headers: { "CF-Connecting-IP": ip },
    });
    expect(callback.status).not.toBe(429);
    await expectRefused(await start(), "Too many sign-in attempts from this address", false);
    // Another address is counted apart.
    const other = await limited("SIGN_IN_LIMIT", "/auth/discord", {
      method: "POST",
      body: new URLSearchParams({ redirectTo: "/dashboard" }),
      headers: { "CF-Connecting-IP": address() },
    });
    expect(other.status).toBe(302);
    // The limit counts per window: the same address may start again once it turns.
    await vi.waitFor(async () => expect((await start()).status).toBe(302), { timeout: 12_000, interval: 500 });
  }, 20_000);

  it("count wrong API tokens per address: 401 up to the limit, then 429, while a right token from there still works", async () => {
    const ip = address();
    const { token } = await memberWithToken();
    await freshWindow();
    const wrong = () =>
      limited("BAD_TOKEN_LIMIT", "/api/codes", {
        headers: { Authorization: "Bearer atd_not-a-real-token", "CF-Connecting-IP": ip },
      });
    for (let i = 0; i < ALLOWED; i++) expect((await wrong()).status).toBe(401);
    await expectRefused(
      await wrong(),
      "Too many requests with an unknown or revoked API token from this address",
      true,
    );
    const right = await limited("BAD_TOKEN_LIMIT", "/api/codes", {
      headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": ip },
    });
    expect(right.status).toBe(200);
  }, 20_000);

  it("count API calls per token, apart from other tokens", async () => {
    const first = await memberWithToken();
    const second = await memberWithToken();
    await freshWindow();
    const call = (bearer: Record<string, string>) => limited("TOKEN_LIMIT", "/api/health", { headers: bearer });
    for (let i = 0; i < ALLOWED; i++) expect((await call(first.bearer)).status).toBe(200);
    await expectRefused(await call(first.bearer), "Too many API calls with this token", true);
    expect((await call(second.bearer)).status).toBe(200);
  }, 20_000);

  it("count a session's API calls, but not its pages, and not another session's calls", async () => {
    const browser = await signedIn();
    await freshWindow();
    for (let i = 0; i < ALLOWED; i++)
      expect((await limited("SESSION_API_LIMIT", "/api/health", {}, browser)).status).toBe(200);
    await expectRefused(
      await limited("SESSION_API_LIMIT", "/api/health", {}, browser),
      "Too many API calls from this session",
      true,
    );
    expect((await limited("SESSION_API_LIMIT", "/settings", {}, browser)).status).toBe(200);
    expect((await limited("SESSION_API_LIMIT", "/api/health", {}, await signedIn())).status).toBe(200);
  }, 20_000);

  it("count a member's changes across their sessions and tokens, and write nothing past the limit", async () => {
    await grant(DEMO_ROLES.breeder.id, { codes: "edit" });
    const { browser, bearer } = await memberWithToken("300000000000000002");
    const another = await signedIn("300000000000000002");
    const stranger = await signedIn();
    await freshWindow();
    expect((await limited("WRITE_LIMIT", "/api/codes", newCode("1001"), browser)).status).toBe(201);
    expect(
      (
        await limited("WRITE_LIMIT", "/api/codes", {
          ...newCode("1002"),
          headers: { ...newCode("").headers, ...bearer },
        })
      ).status,
    ).toBe(201);
    expect((await limited("WRITE_LIMIT", "/api/codes", newCode("1003"), another)).status).toBe(201);
    expect(await codeCount()).toBe(3);
    // The fourth change, by any of the member's ways in: a page action, the API with a session, the API with a token.
    await expectRefused(
      await limited(
        "WRITE_LIMIT",
        "/dashboard/codes",
        { method: "POST", body: new URLSearchParams({ intent: "create", code: "1004" }) },
        browser,
      ),
      "Too many changes in a short time",
      false,
    );
    await expectRefused(
      await limited("WRITE_LIMIT", "/api/codes", newCode("1005"), another),
      "Too many changes in a short time",
      true,
    );
    await expectRefused(
      await limited("WRITE_LIMIT", "/api/codes", {
        ...newCode("1006"),
        headers: { ...newCode("").headers, ...bearer },
      }),
      "Too many changes in a short time",
      true,
    );
    expect(await codeCount()).toBe(3);
    // Reading is not a change.
    expect((await limited("WRITE_LIMIT", "/api/codes", {}, browser)).status).toBe(200);
    // Another member is counted apart.
    expect((await limited("WRITE_LIMIT", "/api/codes", newCode("1007"), stranger)).status).toBe(201);
  }, 20_000);
});
