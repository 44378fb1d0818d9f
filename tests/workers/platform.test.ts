import { createExecutionContext, env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { publish } from "#party/live";
import { CHANGELOG_VERSION } from "#app/components/changelog/seen";
import worker from "#worker/index";
import { domainDeps } from "#worker/platform/deps";
import { Browser, fromPage, MEMBER, ORIGIN, pageFetch, routeOutboundToSelf, stamped } from "./helpers";

let outbound: MockInstance;
beforeEach(() => {
  outbound = routeOutboundToSelf();
});
afterEach(() => outbound.mockRestore());

function withEnv(overrides: Record<string, string | undefined>) {
  return worker.fetch(new Request(`${ORIGIN}/dashboard`), { ...env, ...overrides } as Env, createExecutionContext());
}

describe("configuration", () => {
  it("lists every missing or malformed setting on one readable page", async () => {
    const res = await withEnv({ SESSION_SECRETS: undefined, DISCORD_GUILD_IDS: "not-a-guild", ENVIRONMENT: "staging" });
    expect(res.status).toBe(500);
    expect(res.headers.get("Content-Type")).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain("Configuration error");
    expect(html).toContain("<code>SESSION_SECRETS</code> is required");
    expect(html).toContain("<code>DISCORD_GUILD_IDS</code> must be a Discord id (17 to 20 digits)");
    expect(html).toContain("<code>ENVIRONMENT</code> must be &#34;development&#34; or &#34;production&#34;");
    expect(html).not.toMatch(/at \w+ \(|\.ts:\d+/); // no stack trace
  });

  it("refuses the Discord stand-in in production", async () => {
    const res = await withEnv({ ENVIRONMENT: "production", DISCORD_STANDIN: "true" });
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain("the local Discord stand-in cannot be enabled when ENVIRONMENT is production");
    expect(html).toContain("<code>DISCORD_BOT_TOKEN</code> is required in production");
  });

  it("needs a service token to use an external host", async () => {
    const res = await withEnv({ HOST_URL: "https://old-backend.example" });
    expect(await res.text()).toContain("<code>HOST_TOKEN</code> is required when HOST_URL is set");
  });

  it("does not serve the stand-in when it is off, and signs in against Discord's URLs", async () => {
    const production = {
      ENVIRONMENT: "production",
      DISCORD_STANDIN: "false",
      DISCORD_BOT_TOKEN: "bot-token",
      OFFICIAL_SERVER_LIST_URL: "https://official.example/servers.json",
    };
    const authorize = await worker.fetch(
      new Request(`${ORIGIN}/__discord/oauth2/authorize?client_id=100000000000000000&response_type=code`),
      { ...env, ...production } as Env,
      createExecutionContext(),
    );
    expect(authorize.status).toBe(404);
    const start = await worker.fetch(
      new Request(
        `${ORIGIN}/auth/discord`,
        fromPage({ method: "POST", body: new URLSearchParams({ redirectTo: "/" }) }),
      ),
      { ...env, ...production } as Env,
      createExecutionContext(),
    );
    expect(start.status).toBe(302);
    expect(start.headers.get("Location")).toMatch(/^https:\/\/discord\.com\/oauth2\/authorize\?/);
    expect(start.headers.get("Location")).toContain("scope=identify+guilds");
  });

  it("shows no Dev Build label in production", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const res = await worker.fetch(
      new Request(`${ORIGIN}/dashboard`, { headers: { Cookie: browser.cookieHeader() } }),
      {
        ...env,
        ENVIRONMENT: "production",
        DISCORD_STANDIN: "false",
        DISCORD_BOT_TOKEN: "bot-token",
        OFFICIAL_SERVER_LIST_URL: "https://official.example/servers.json",
      } as Env,
      createExecutionContext(),
    );
    const html = await res.text();
    expect(html).toContain("Rex Rider");
    expect(html).not.toContain("Dev Build");
  });
});

describe("the live room", () => {
  const connect = (browser?: Browser) =>
    pageFetch(`${ORIGIN}/parties/live/main`, {
      headers: { Upgrade: "websocket", Origin: ORIGIN, ...(browser ? { Cookie: browser.cookieHeader() } : {}) },
    });

  it("refuses an anonymous socket", async () => {
    const res = await connect();
    expect(res.status).toBe(401);
    expect(res.webSocket).toBeNull();
  });

  it("delivers a published event to a signed-in socket", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const res = await connect(browser);
    expect(res.status).toBe(101);
    const socket = res.webSocket!;
    socket.accept();
    const received = new Promise<string>((resolve) =>
      socket.addEventListener("message", (e) => resolve(String(e.data))),
    );
    const reached = await publish(env, { type: "vouches_update", message: "Vouches updated!" });
    expect(reached).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(await received)).toEqual({ type: "vouches_update", message: "Vouches updated!" });
    socket.close();
  });

  it("answers a write before its event reaches the sockets: the fan-out runs after the response", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const res = await connect(browser);
    const socket = res.webSocket!;
    socket.accept();
    const received = new Promise<string>((resolve) =>
      socket.addEventListener("message", (e) => resolve(String(e.data))),
    );
    const later: Promise<unknown>[] = [];
    const deps = domainDeps(env, { id: MEMBER, name: "member" }, { waitUntil: (p) => void later.push(p) });
    await deps.announce({ type: "codes_update" });
    expect(later).toHaveLength(1);
    await Promise.all(later);
    expect(JSON.parse(await received)).toEqual(stamped({ type: "codes_update" }));
    socket.close();
  });

  it("rejects an event that is not in the shared message type", async () => {
    await expect(publish(env, { type: "not_an_event" } as never)).rejects.toThrow();
  });

  it("serves no plain HTTP requests into the room", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const res = await browser.fetch("/parties/live/main");
    expect(res.status).toBe(405);
  });
});

describe("display preferences", () => {
  it("stores the theme in a cookie and renders it on first paint", async () => {
    const browser = new Browser();
    const set = await browser.post("/preferences", { intent: "theme", theme: "dark", redirectTo: "/login" });
    expect(set.status).toBe(302);
    expect(set.headers.get("Location")).toBe("/login");
    expect(browser.cookies.get("vite-ui-theme")).toBe("dark");
    const html = await (await browser.fetch("/login")).text();
    expect(html).toContain('<html lang="en" class="theme-dark">');
  });

  it("remembers the collapsed sidebar", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    await browser.post("/preferences", { intent: "sidebar", collapsed: "true", redirectTo: "/dashboard" });
    const html = await (await browser.fetch("/dashboard")).text();
    expect(html).toContain('data-collapsed="true"');
  });

  it("renders What's New open until it is read, then never again (ADR 067)", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const dialog = 'data-testid="changelog"';
    expect(await (await browser.fetch("/dashboard/vouches")).text()).toContain(dialog);
    const stale = await browser.post("/preferences", {
      intent: "changelog",
      version: "1.0.0",
      redirectTo: "/dashboard/vouches",
    });
    expect(stale.status).toBe(400);
    expect(browser.cookies.has("changelog-seen")).toBe(false);
    const read = await browser.post("/preferences", {
      intent: "changelog",
      version: CHANGELOG_VERSION,
      redirectTo: "/dashboard/vouches?q=rex",
    });
    expect([read.status, read.headers.get("Location")]).toEqual([302, "/dashboard/vouches?q=rex"]);
    expect(browser.cookies.get("changelog-seen")).toBe(CHANGELOG_VERSION);
    expect(await (await browser.fetch("/dashboard/vouches")).text()).not.toContain(dialog);
    // The top bar's button without JavaScript still shows it on demand.
    expect(await (await browser.fetch("/dashboard/vouches?changelog=1")).text()).toContain(dialog);
  });

  it("rejects a bad choice with a message and changes nothing", async () => {
    const browser = new Browser();
    const res = await browser.post("/preferences", { intent: "theme", theme: "neon", redirectTo: "/" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Theme must be light, dark or system." });
    expect(browser.cookies.has("vite-ui-theme")).toBe(false);
  });

  it("never redirects off our origin", async () => {
    const res = await new Browser().post("/preferences", {
      intent: "theme",
      theme: "light",
      redirectTo: "https://evil.example/",
    });
    expect(res.headers.get("Location")).toBe("/dashboard");
  });
});
