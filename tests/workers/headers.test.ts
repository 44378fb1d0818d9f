// The security headers of every answer (worker/platform/headers.ts, ADR 030): CSP nonce matching the page's inline
// scripts, framing and sniffing refused, unused permissions refused, HSTS under https only, signed-in answers uncached.
import { env, SELF } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { contentSecurityPolicy, PERMISSIONS_POLICY, PRIVATE_NO_STORE } from "#worker/platform/headers";
import { getConfig } from "#worker/platform/config";
import { ORIGIN, pageFetch, routeOutboundToSelf, signedIn } from "./helpers";

let outbound: MockInstance;
beforeEach(() => {
  outbound = routeOutboundToSelf();
});
afterEach(() => outbound.mockRestore());

/** The policy's directives by name. */
function directives(res: Response): Map<string, string> {
  const policy = res.headers.get("Content-Security-Policy");
  expect(policy, `${res.url} has a content security policy`).toBeTruthy();
  return new Map(
    policy!.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values.join(" ")];
    }),
  );
}

function expectHardened(res: Response, what: string) {
  expect(res.headers.get("X-Content-Type-Options"), what).toBe("nosniff");
  expect(res.headers.get("X-Frame-Options"), what).toBe("DENY");
  expect(res.headers.get("Permissions-Policy"), what).toBe(PERMISSIONS_POLICY);
  expect(res.headers.get("Referrer-Policy"), what).toBe("same-origin");
  expect(directives(res).get("frame-ancestors"), what).toBe("'none'");
}

describe("security headers", () => {
  it("give a signed-in page a policy whose nonce is on every inline script, and keep it out of shared caches", async () => {
    const browser = await signedIn();
    const res = await browser.fetch("/dashboard/codes");
    expect(res.status).toBe(200);
    expectHardened(res, "the codes page");
    const csp = directives(res);
    const nonce = /'nonce-([^']+)'/.exec(csp.get("script-src") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(csp.get("script-src")).toBe(`'self' 'nonce-${nonce}'`);
    expect(csp.get("default-src")).toBe("'self'");
    expect(csp.get("object-src")).toBe("'none'");
    expect(csp.get("connect-src")).toBe("'self' ws://localhost");
    expect(csp.get("form-action")).toBe("'self'");
    expect(res.headers.get("Cache-Control")).toBe(PRIVATE_NO_STORE);
    expect(res.headers.has("Strict-Transport-Security")).toBe(false);

    const html = await res.text();
    const inline = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]).filter((attrs) => !/\bsrc=/.test(attrs));
    expect(inline.length).toBeGreaterThanOrEqual(3); // the time zone, Remix's context and its module loader
    for (const attrs of inline) expect(attrs).toContain(`nonce="${nonce}"`);

    // Every answer has its own nonce.
    const again = directives(await browser.fetch("/dashboard/codes")).get("script-src");
    expect(again).not.toBe(csp.get("script-src"));
  });

  it("harden the API's JSON, its refusals and the live room's, signed in or not", async () => {
    const browser = await signedIn();
    const cases: [string, Response][] = [
      ["a signed-in API read", await browser.fetch("/api/health")],
      ["a page's data request", await browser.fetch("/dashboard/codes?_data=routes%2F_shell.dashboard.codes")],
      ["an anonymous API read (401)", await pageFetch(`${ORIGIN}/api/codes`)],
      [
        "a foreign write (403)",
        await SELF.fetch(`${ORIGIN}/api/codes`, { method: "POST", headers: { Origin: "http://evil.localhost" } }),
      ],
      ["a non-upgrade to the live room (405)", await pageFetch(`${ORIGIN}/parties/live/main`)],
      ["a page nobody has (404)", await browser.fetch("/no-such-page")],
    ];
    for (const [what, res] of cases) {
      expectHardened(res, what);
      expect(res.headers.get("Cache-Control"), what).toBe(PRIVATE_NO_STORE);
    }
  });

  it("keep the sign-in page and its redirects out of every cache too", async () => {
    for (const path of ["/login", "/auth/callback?code=x&state=y"]) {
      const res = await pageFetch(`${ORIGIN}${path}`, { redirect: "manual" });
      expectHardened(res, path);
      expect(res.headers.get("Cache-Control"), path).toBe(PRIVATE_NO_STORE);
    }
  });

  it("add HSTS, secure sockets and upgraded requests under https only", async () => {
    const res = await SELF.fetch("https://dashboard.example/login", { headers: { Host: "dashboard.example" } });
    expect(res.headers.get("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains");
    const csp = directives(res);
    expect(csp.get("connect-src")).toBe("'self' wss://dashboard.example");
    expect(csp.has("upgrade-insecure-requests")).toBe(true);
  });

  it("let the sign-in form's answer go on to Discord's authorize page, and nowhere else", () => {
    const config = getConfig({
      ...env,
      DISCORD_STANDIN: "false",
      DISCORD_AUTHORIZE_URL: "https://discord.com/oauth2/authorize",
    } as Env);
    const csp = contentSecurityPolicy(new URL("https://dashboard.example/login"), "n0nce", config);
    expect(csp).toContain("form-action 'self' https://discord.com;");
    // With the stand-in, Discord is this origin.
    const standin = contentSecurityPolicy(new URL("http://localhost/login"), "n0nce", getConfig(env));
    expect(standin).toContain("form-action 'self';");
    // Without settings (a configuration error page), the policy still stands.
    expect(contentSecurityPolicy(new URL("http://localhost/"), "n0nce", undefined)).toContain("frame-ancestors 'none'");
  });
});
