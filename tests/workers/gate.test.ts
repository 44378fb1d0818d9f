// The request gate (worker/platform/gate.ts, ADR 028), driven as an attacker would: foreign or missing origins, wrong
// content types, oversized bodies, non-socket requests on the live room's path. Refusals change nothing; the pages'
// own requests and API tokens still pass.
import { env, SELF } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { MAX_BODY_BYTES } from "#worker/platform/gate";
// @ts-ignore - produced by `remix vite:build` (npm test builds first)
import * as build from "../../build/server/index.js";
import { Browser, dataPath, memberWithToken, ORIGIN, routeOutboundToSelf, signedIn } from "./helpers";

let outbound: MockInstance;
beforeEach(async () => {
  outbound = routeOutboundToSelf();
  await env.DB.batch(["codes", "api_tokens"].map((t) => env.DB.prepare(`delete from ${t}`)));
  await env.DB.prepare(
    `insert into codes (_id, id, username, code, server, avatar, completed, mainserver, location, user)
     values ('00000000000000000000c0de', 1, 'member1', '1001', '2411', null, 0, '2573', 'Red Ob', '700000000000000001')`,
  ).run();
});
afterEach(() => outbound.mockRestore());

const CODE = "00000000000000000000c0de";
const codeRows = async () =>
  (await env.DB.prepare("select _id, code from codes order by _id").all<{ _id: string; code: string }>()).results;
const UNCHANGED = [{ _id: CODE, code: "1001" }];

/** The origins a page of the same site, but not this dashboard, would send. */
const FOREIGN = ["http://localhost:8080", "http://evil.localhost", "https://localhost", "null"];

const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { "Content-Type": "application/json", ...headers },
  body: JSON.stringify(body),
});

describe("the request gate", () => {
  it("refuses a write from another origin, or from none, to a page action and to the API, and changes nothing", async () => {
    const browser = await signedIn();
    const pageDelete = () => new URLSearchParams({ intent: "delete", _id: CODE });
    for (const origin of FOREIGN) {
      const action = await browser.fetch(dataPath("/dashboard/codes"), {
        method: "POST",
        body: pageDelete(),
        headers: { Origin: origin },
      });
      expect(action.status, origin).toBe(403);
      expect(await action.text()).toMatch(/did not come from this dashboard's own pages/);
      const api = await browser.fetch("/api/codes", json("POST", { code: "6666" }, { Origin: origin }));
      expect(api.status, origin).toBe(403);
      expect(await api.json()).toMatchObject({ error: "forbidden_origin" });
      const remove = await browser.fetch(`/api/codes/${CODE}`, { method: "DELETE", headers: { Origin: origin } });
      expect(remove.status, origin).toBe(403);
    }
    // No Origin: only a browser's Sec-Fetch-Site of this origin stands in for it.
    for (const site of [null, "same-site", "cross-site", "none"]) {
      const headers = new Headers({ "Content-Type": "application/json", Cookie: browser.cookieHeader() });
      if (site) headers.set("Sec-Fetch-Site", site);
      const res = await SELF.fetch(new URL("/api/codes", ORIGIN), {
        method: "POST",
        headers,
        body: JSON.stringify({ code: "6666" }),
      });
      expect(res.status, String(site)).toBe(403);
    }
    expect(await codeRows()).toEqual(UNCHANGED);

    // The dashboard's own pages pass: their Origin, or Sec-Fetch-Site: same-origin without one.
    const own = await SELF.fetch(new URL("/api/codes", ORIGIN), {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: browser.cookieHeader(), "Sec-Fetch-Site": "same-origin" },
      body: JSON.stringify({ code: "7777" }),
    });
    expect(own.status).toBe(201);
    const action = await browser.fetch("/dashboard/codes", { method: "POST", body: pageDelete() });
    expect(action.status).toBe(302);
    expect((await codeRows()).map((r) => r.code)).toEqual(["7777"]);
  });

  it("lets an API token call from anywhere, and still checks the token", async () => {
    const { bearer } = await memberWithToken();
    const res = await SELF.fetch(new URL("/api/codes", ORIGIN), json("POST", { code: "8888" }, bearer));
    expect(res.status).toBe(201);
    const wrong = await SELF.fetch(
      new URL("/api/codes", ORIGIN),
      json("POST", { code: "9999" }, { Authorization: "Bearer atd_wrong" }),
    );
    expect(wrong.status).toBe(401);
    expect((await codeRows()).map((r) => r.code).sort()).toEqual(["1001", "8888"]);
  });

  it("answers reads from anywhere (another origin cannot read the answer without CORS, which is never granted)", async () => {
    const browser = await signedIn();
    const res = await browser.fetch("/api/codes", { headers: { Origin: "http://evil.localhost" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("takes only JSON bodies on the API (415), and changes nothing", async () => {
    const browser = await signedIn();
    const bodies: [string, BodyInit][] = [
      ["application/x-www-form-urlencoded", new URLSearchParams({ code: "6666" })],
      ["text/plain", "code=6666"],
      [
        "multipart/form-data; boundary=x",
        '--x\r\nContent-Disposition: form-data; name="code"\r\n\r\n6666\r\n--x--\r\n',
      ],
      ["application/jsonp", '{"code":"6666"}'],
    ];
    for (const [type, body] of bodies) {
      for (const [method, path] of [
        ["POST", "/api/codes"],
        ["PUT", `/api/codes/${CODE}`],
      ]) {
        const res = await browser.fetch(path, { method, headers: { "Content-Type": type }, body });
        expect(res.status, `${method} ${type}`).toBe(415);
        expect(await res.json()).toMatchObject({
          error: "unsupported_media_type",
          message: expect.stringMatching(/application\/json/),
        });
      }
    }
    // No Content-Type at all is not JSON either.
    const bare = await browser.fetch("/api/codes", { method: "POST", body: new Blob(['{"code":"6666"}']) });
    expect(bare.status).toBe(415);
    expect(await codeRows()).toEqual(UNCHANGED);
    // JSON with a charset is JSON.
    const ok = await browser.fetch(
      `/api/codes/${CODE}`,
      json("PUT", { code: "2002" }, { "Content-Type": "application/json; charset=utf-8" }),
    );
    expect(ok.status).toBe(200);
  });

  it("refuses a body over the limit (413), whether it says its length or not, and takes one under it sent in chunks", async () => {
    const browser = await signedIn();
    const big = JSON.stringify({ code: "6666", location: "x".repeat(MAX_BODY_BYTES) });
    const stated = await browser.fetch("/api/codes", json("POST", JSON.parse(big)));
    expect(stated.status).toBe(413);
    expect(await stated.json()).toMatchObject({ error: "payload_too_large" });
    const page = await browser.fetch("/dashboard/codes", {
      method: "POST",
      body: new URLSearchParams({ intent: "delete", _id: CODE, pad: big }),
    });
    expect(page.status).toBe(413);

    // Sent in chunks, with no length: counted as it arrives.
    const chunked = (text: string) => {
      const bytes = new TextEncoder().encode(text);
      return new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 64 * 1024) controller.enqueue(bytes.slice(at, at + 64 * 1024));
          controller.close();
        },
      });
    };
    const streamed = await browser.fetch("/api/codes", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
      body: chunked(big),
      // @ts-expect-error - a streamed request body needs duplex in the fetch types
      duplex: "half",
    });
    expect(streamed.status).toBe(413);
    expect(await codeRows()).toEqual(UNCHANGED);
    const small = await browser.fetch("/api/codes", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
      body: chunked(JSON.stringify({ code: "5555" })),
      // @ts-expect-error - as above
      duplex: "half",
    });
    expect(small.status).toBe(201);
  });

  it("answers only websocket upgrades from this origin on the live room's path, and keeps serving", async () => {
    const browser = await signedIn();
    for (const method of ["GET", "POST", "PUT", "DELETE"]) {
      const init: RequestInit = { method, headers: { Cookie: browser.cookieHeader(), Origin: ORIGIN } };
      if (method !== "GET") init.body = "x".repeat(10_000);
      const res = await SELF.fetch(new URL("/parties/live/main", ORIGIN), init);
      expect(res.status, method).toBe(405);
      expect(res.headers.get("Allow")).toBe("GET");
      expect(await res.json()).toMatchObject({ message: "The live room only accepts websocket connections." });
    }
    const upgrade = (headers: Record<string, string>) =>
      SELF.fetch(new URL("/parties/live/main", ORIGIN), {
        headers: { Upgrade: "websocket", Cookie: browser.cookieHeader(), ...headers },
      });
    for (const origin of FOREIGN) expect((await upgrade({ Origin: origin })).status, origin).toBe(403);
    expect((await upgrade({})).status).toBe(403);
    const own = await upgrade({ Origin: ORIGIN });
    expect(own.status).toBe(101);
    own.webSocket!.accept();
    own.webSocket!.close();
    // Without a session, this origin's upgrade is still refused (401), as before the gate.
    const anonymous = await SELF.fetch(new URL("/parties/live/main", ORIGIN), {
      headers: { Upgrade: "websocket", Origin: ORIGIN },
    });
    expect(anonymous.status).toBe(401);
    expect((await new Browser().fetch("/api/health")).status).toBe(401);
    expect((await browser.fetch("/api/health")).status).toBe(200);
  });

  it("lets only form bodies reach a page's action: every action answers 415 or 400 to anything else, never 5xx, and writes nothing", async () => {
    const browser = await signedIn();
    const routes = (
      build as { routes: Record<string, { parentId?: string; path?: string; module: { action?: unknown } }> }
    ).routes;
    const pathOf = (id: string | undefined): string =>
      id === undefined ? "" : `${pathOf(routes[id].parentId)}${routes[id].path ? `/${routes[id].path}` : ""}`;
    const actions = Object.keys(routes)
      .filter((id) => routes[id].module.action)
      .map((id) => [pathOf(id) || "/", id] as const);
    // Every page that writes: the sheets, the lists, the settings, sign-in and sign-out among them.
    expect(actions.map(([path]) => path)).toEqual(
      expect.arrayContaining(["/dashboard/codes", "/dashboard/stock-2411", "/settings", "/auth/discord", "/signout"]),
    );
    const audits = async () => env.DB.prepare("select count(*) as n from audit_log").first<number>("n");
    const before = await audits();
    const bodies: [string, string, number][] = [
      ["application/json", JSON.stringify({ intent: "delete", _id: CODE }), 415],
      ["text/plain", "intent=delete", 415],
      ["multipart/form-data", "intent=delete", 415],
      ["multipart/form-data; boundary=cut", '--cut\r\nContent-Disposition: form-data; name="intent"\r\n\r\ndel', 400],
    ];
    // Sign-out reads no form (any POST signs out), so it comes last, and a form it cannot read still signs out.
    const SIGN_OUT = "/signout";
    actions.sort(([a], [b]) => Number(a === SIGN_OUT) - Number(b === SIGN_OUT));
    for (const [path, id] of actions) {
      for (const [type, body, status] of bodies) {
        for (const target of [path, dataPath(path, id)]) {
          const res = await browser.fetch(target, { method: "POST", headers: { "Content-Type": type }, body });
          if (path === SIGN_OUT && status === 400) {
            expect(res.status, `${target} ${type}`).toBeLessThan(500);
            continue;
          }
          expect(res.status, `${target} ${type}`).toBe(status);
          expect(await res.text(), `${target} ${type}`).toMatch(
            status === 415 ? /form submissions only/ : /could not be read/,
          );
        }
      }
    }
    expect(await codeRows()).toEqual(UNCHANGED);
    expect(await audits()).toBe(before);
  });
});
