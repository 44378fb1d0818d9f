import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { Browser, location, MEMBER, MEMBER_NO_DISPLAY_NAME, OUTSIDER, routeOutboundToSelf } from "./helpers";

let outbound: MockInstance;
beforeEach(() => {
  outbound = routeOutboundToSelf();
});
afterEach(() => outbound.mockRestore());

const sessionRows = (userId: string) =>
  env.DB.prepare("select * from sessions where user_id = ?").bind(userId).all<Record<string, unknown>>();

describe("sign-in through the Discord stand-in", () => {
  it("creates a session for a guild member and lands on the dashboard", async () => {
    const browser = new Browser();
    const callback = await browser.signIn(MEMBER);
    expect(callback.status).toBe(302);
    expect(location(callback)).toBe("/dashboard");
    const cookie = callback.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // localhost
    expect(cookie).toMatch(/Max-Age=2592000/);

    const { results } = await sessionRows(MEMBER);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ username: "rexrider", global_name: "Rex Rider", avatar: null });
    const expires = Number(results[0].expires_at);
    expect(expires - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    const user = await env.DB.prepare("select * from users where id = ?").bind(MEMBER).first();
    expect(user).toMatchObject({ username: "rexrider", global_name: "Rex Rider" });

    const dashboard = await browser.fetch("/dashboard");
    expect(dashboard.status).toBe(200);
    const html = await dashboard.text();
    expect(html).toMatch(/Good (Morning|Afternoon|Evening)<!-- -->, <!-- -->Rex Rider/);
    expect(html).toContain("Dev Build");
    expect(html).toContain("ID: <!-- -->" + MEMBER);
  });

  it("greets a member without a display name by username", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER_NO_DISPLAY_NAME);
    const html = await (await browser.fetch("/dashboard")).text();
    expect(html).toMatch(/Good (Morning|Afternoon|Evening)<!-- -->, <!-- -->vaultkeeper/);
  });

  it("returns to the page the user first asked for", async () => {
    const browser = new Browser();
    const callback = await browser.signIn(MEMBER, "/settings");
    expect(location(callback)).toBe("/settings");
  });

  it("sends someone outside the guild to /not-authorized without a session", async () => {
    const browser = new Browser();
    const callback = await browser.signIn(OUTSIDER);
    expect(location(callback)).toBe("/not-authorized");
    expect(browser.cookies.has("__session")).toBe(false);
    expect((await sessionRows(OUTSIDER)).results).toHaveLength(0);

    const page = await browser.fetch("/not-authorized");
    const html = await page.text();
    expect(html).toContain("You are not authorized");
    expect(html).toContain("Rex Rider");
    expect(html).toContain("Redirecting you in 5 seconds...");
    expect(html).toContain('http-equiv="refresh" content="5;url=https://video.example/watch"');
    expect((await browser.fetch("/dashboard")).status).toBe(302);
  });

  it("refuses a callback whose state does not match", async () => {
    const browser = new Browser();
    await browser.post("/auth/discord", { redirectTo: "/dashboard" });
    const forged = await browser.fetch(`/auth/callback?code=standin-code.${MEMBER}.x&state=forged`);
    expect(location(forged)).toBe("/login?reason=failed");
    expect((await sessionRows(MEMBER)).results).toHaveLength(0);
  });

  it("ignores a redirectTo that leaves our origin", async () => {
    for (const target of ["//evil.example/steal", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"]) {
      const browser = new Browser();
      const callback = await browser.signIn(MEMBER, target);
      expect(location(callback)).toBe("/dashboard");
      const login = await browser.fetch(`/login?redirectTo=${encodeURIComponent(target)}`);
      expect(location(login)).toBe("/dashboard");
    }
  });
});

describe("sessions", () => {
  it("sign-out deletes the session row and the cookie stops working", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const stolen = browser.cookieHeader();
    const out = await browser.post("/signout", {});
    expect(location(out)).toBe("/");
    expect(browser.cookies.has("__session")).toBe(false);
    expect((await sessionRows(MEMBER)).results).toHaveLength(0);

    const replay = new Browser();
    replay.cookies.set("__session", stolen.match(/__session=([^;]+)/)![1]);
    const denied = await replay.fetch("/dashboard");
    expect(location(denied)).toBe("/login?reason=expired");
  });

  it("an expired session sends the user to /login with the reason", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    await env.DB.prepare("update sessions set expires_at = ? where user_id = ?")
      .bind(Date.now() - 1000, MEMBER)
      .run();
    const res = await browser.fetch("/settings");
    expect(location(res)).toBe("/login?reason=expired&redirectTo=%2Fsettings");
    expect(browser.cookies.has("__session")).toBe(false); // the dead cookie is cleared
    const login = await (await browser.fetch(location(res))).text();
    expect(login).toContain("Session expired or invalid. Please log in again.");
    expect((await sessionRows(MEMBER)).results).toHaveLength(0);
  });

  it("slides the expiry forward when the session is used", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const old = Date.now() - 2 * 24 * 3600 * 1000;
    await env.DB.prepare("update sessions set last_seen_at = ?, expires_at = ? where user_id = ?")
      .bind(old, old + 28 * 24 * 3600 * 1000, MEMBER)
      .run();
    const res = await browser.fetch("/dashboard");
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(true);
    const row = (await sessionRows(MEMBER)).results[0];
    expect(Number(row.expires_at) - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });

  it("refuses a tampered cookie", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const [value, signature] = browser.cookies.get("__session")!.split(".");
    browser.cookies.set("__session", `${value.slice(0, -2)}AA.${signature}`);
    expect(location(await browser.fetch("/dashboard"))).toBe("/login?reason=expired");
    browser.cookies.set("__session", `${value}.${signature.slice(0, -3)}abc`);
    expect(location(await browser.fetch("/dashboard"))).toBe("/login?reason=expired");
    expect(browser.cookies.has("__session")).toBe(false);
    browser.cookies.set("__session", `${value}.${signature.slice(0, -3)}abc`);
    const api = await browser.fetch("/api/health");
    expect(api.status).toBe(401);
  });

  it("Settings lists the user's sessions and signs out the others", async () => {
    const laptop = new Browser();
    const phone = new Browser();
    await laptop.signIn(MEMBER);
    await phone.signIn(MEMBER);
    const html = await (await laptop.fetch("/settings")).text();
    expect(html.match(/data-testid="session-row"/g)).toHaveLength(2);
    expect(html).toContain("This session");
    expect(html).not.toContain(laptop.cookies.get("__session")!.split(".")[0]);

    const res = await laptop.post("/settings", { intent: "revoke-others" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Signed out 1 other session.");
    expect(location(await phone.fetch("/dashboard"))).toBe("/login?reason=expired");
    expect((await laptop.fetch("/dashboard")).status).toBe(200);
  });

  it("a bad session handle on Settings changes nothing", async () => {
    const a = new Browser();
    const b = new Browser();
    await a.signIn(MEMBER);
    await b.signIn(MEMBER);
    const res = await a.post("/settings", { intent: "revoke", session: "not-a-handle" });
    expect(res.status).toBe(400);
    expect((await sessionRows(MEMBER)).results).toHaveLength(2);
  });
});

describe("every protected route checks who is asking", () => {
  it("pages redirect to /login without a session", async () => {
    const browser = new Browser();
    for (const path of ["/dashboard", "/settings"]) {
      const res = await browser.fetch(path);
      expect(res.status).toBe(302);
      const to = location(res);
      expect(to.startsWith("/login?reason=unauthenticated")).toBe(true);
      if (path !== "/dashboard") expect(to).toContain(`redirectTo=${encodeURIComponent(path)}`);
    }
    const login = await (await browser.fetch("/login?reason=unauthenticated")).text();
    expect(login).toContain("You are not authenticated. Please log in.");
    expect(login).toContain("Continue with Discord");
  });

  it("a settings action without a session changes nothing", async () => {
    const res = await new Browser().post("/settings", { intent: "revoke-others" });
    expect(res.status).toBe(302);
    expect(location(res)).toMatch(/^\/login/);
  });

  it("API routes answer 401 JSON without a session, and work with one", async () => {
    const anonymous = new Browser();
    for (const [method, path] of [
      ["GET", "/api/health"],
      ["GET", "/api/vouches"],
      ["DELETE", "/api/codes/1"],
      ["POST", "/kick/123"],
      ["GET", "/avatar/123"],
    ]) {
      const res = await anonymous.fetch(path, { method });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
      expect(await res.json()).toMatchObject({ error: "unauthorized" });
    }
    const member = new Browser();
    await member.signIn(MEMBER);
    const health = await member.fetch("/api/health");
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", database: "ok" });
  });
});
