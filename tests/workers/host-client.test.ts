// The BFF's host client against a fake external host: edge caching, invalidation, and stale answers in an outage.
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hostClient, HostError, type HostDeps } from "#app/host/client.server";
import { edgeCache, forgetIsolateCopies, invalidateForEvent } from "#worker/platform/host-cache";
import { services } from "#worker/platform/services";

const HOST = "http://fake-host.test";
let mode: "up" | "down" | "slow" | "hang" = "up";
let version = 1;
const calls: string[] = [];

beforeEach(async () => {
  mode = "up";
  version = 1;
  calls.length = 0;
  const cache = (caches as unknown as { default: Cache }).default;
  for (const p of [...CACHED, "/__ark-dashboard/breaker"]) await cache.delete(`${HOST}${p}`);
  forgetIsolateCopies();
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    const url = new URL(request.url);
    const path = url.pathname + url.search;
    calls.push(`${request.method} ${path} ${request.headers.get("Authorization")}`);
    if (mode === "down") return new Response("upstream error", { status: 502 });
    if (mode === "slow" || mode === "hang") {
      await new Promise((resolve, reject) => {
        const t = setTimeout(resolve, mode === "hang" ? 60_000 : 2000);
        request.signal.addEventListener("abort", () => {
          clearTimeout(t);
          reject(request.signal.reason);
        });
      });
    }
    if (path === "/api/missing") return Response.json({ error: "not_found", message: "nope" }, { status: 404 });
    if (request.method !== "GET") {
      version++;
      return Response.json({ ok: true });
    }
    return Response.json([{ path, version }]);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** Every path these tests cache, so each test starts from an empty edge cache. */
const CACHED = [
  "/api/codes",
  "/api/vouches",
  "/api/vouches/card-cache",
  "/api/tokens",
  "/api/vouches/search?q=rex&page=1",
  "/api/vouches/search?q=rex&page=2",
  "/api/join-log/search?page=1",
  "/api/sources",
];

function client(ttlSeconds: number, swrSeconds = 0, timeoutMs = 500) {
  const waits: Promise<unknown>[] = [];
  const published: unknown[] = [];
  const deps: HostDeps = {
    api: () => Promise.reject(new Error("in-process API must not be used with HOST_URL")),
    origin: "http://localhost",
    env,
    ctx: { waitUntil: (p: Promise<unknown>) => void waits.push(p) },
    external: { url: HOST, token: "service-token", ttlSeconds, swrSeconds, timeoutMs },
    publish: async (event) => void published.push(event),
    services,
  };
  return { host: hostClient(deps), waits, published, external: deps.external };
}

describe("the host client with HOST_URL", () => {
  it("calls the host with the service token and serves repeat reads from the edge cache", async () => {
    const { host } = client(60);
    const first = await host.get("/api/codes");
    const second = await host.get("/api/codes");
    expect(first).toEqual({ data: [{ path: "/api/codes", version: 1 }], stale: false });
    expect(second).toEqual(first);
    expect(calls).toEqual(["GET /api/codes Bearer service-token"]);
  });

  it("serves a fresh answer from this isolate's own copy, without a round trip to the data centre's cache", async () => {
    const { host } = client(60);
    const first = await host.get("/api/codes");
    await edgeCache().delete(`${HOST}/api/codes`); // the data centre's copy is gone, this isolate's is not
    expect(await host.get("/api/codes")).toEqual(first);
    expect(calls).toHaveLength(1);
    forgetIsolateCopies();
    await host.get("/api/codes");
    expect(calls).toHaveLength(2); // neither copy left: the host is asked
  });

  it("serves this isolate's copy only while it is younger than the TTL", async () => {
    const { host } = client(60);
    await host.get("/api/codes");
    await edgeCache().delete(`${HOST}/api/codes`);
    const later = Date.now() + 61_000;
    vi.spyOn(Date, "now").mockReturnValue(later);
    await host.get("/api/codes");
    expect(calls).toHaveLength(2);
  });

  it("asks the data centre's cache again after a few seconds, and finds what another isolate stored there", async () => {
    const { host } = client(60);
    await host.get("/api/codes");
    // Another isolate of the data centre fetched a newer answer under the same generation, and stored it.
    const stored = (await edgeCache().match(`${HOST}/api/codes`))!;
    const headers = new Headers(stored.headers);
    headers.set("x-host-fetched-at", String(Date.now()));
    await edgeCache().put(
      `${HOST}/api/codes`,
      new Response(JSON.stringify([{ path: "/api/codes", version: 7 }]), { headers }),
    );
    expect((await host.get("/api/codes")).data).toEqual([{ path: "/api/codes", version: 1 }]); // this isolate's copy
    const later = Date.now() + 6_000;
    vi.spyOn(Date, "now").mockReturnValue(later);
    expect((await host.get("/api/codes")).data).toEqual([{ path: "/api/codes", version: 7 }]);
    expect(calls).toHaveLength(1);
  });

  it("gives every view of the isolate the same answer, frozen: a view that tries to change it throws, and the next reads it unchanged", async () => {
    const { host } = client(60);
    const first = await host.get<{ path: string; version: number }[]>("/api/codes");
    expect(() => (first.data[0].version = 99)).toThrow(TypeError);
    expect(() => first.data.push({ path: "/elsewhere", version: 0 })).toThrow(TypeError);
    const next = await host.get("/api/codes");
    expect(next.data).toBe(first.data);
    expect(next.data).toEqual([{ path: "/api/codes", version: 1 }]);
    expect(calls).toHaveLength(1);
    // Read from the data centre's cache (another isolate, or this one after a few seconds), it is frozen as well.
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 6_000);
    const fromCache = await host.get<{ path: string; version: number }[]>("/api/codes");
    expect(Object.isFrozen(fromCache.data[0])).toBe(true);
    expect(fromCache.data).toEqual([{ path: "/api/codes", version: 1 }]);
    expect(calls).toHaveLength(1);
  });

  it("drops the cached answers a write makes stale and announces the write", async () => {
    const { host, published, waits } = client(60);
    await host.get("/api/codes");
    await host.send("PUT", "/api/codes/abc", { code: "1234" });
    await Promise.all(waits);
    const after = await host.get("/api/codes");
    expect(after.data).toEqual([{ path: "/api/codes", version: 2 }]);
    expect(calls.filter((c) => c.startsWith("GET"))).toHaveLength(2);
    expect(published).toEqual([{ type: "codes_update" }]);
  });

  it("caches each source's last report (every logs, weekly members and server page reads it) until an interval is set", async () => {
    const { host, waits } = client(60);
    await host.get("/api/sources");
    expect((await host.get("/api/sources")).data).toEqual([{ path: "/api/sources", version: 1 }]);
    expect(calls).toEqual(["GET /api/sources Bearer service-token"]);
    await host.send("PUT", "/api/sources/discord-bot/interval", { intervalMs: 600_000 });
    await Promise.all(waits);
    expect((await host.get("/api/sources")).data).toEqual([{ path: "/api/sources", version: 2 }]);
  });

  it("drops cached answers on a live event", async () => {
    const { host, external } = client(60);
    await host.get("/api/vouches/card-cache");
    await invalidateForEvent(env, external, { type: "vouches_update" });
    await host.get("/api/vouches/card-cache");
    expect(calls).toHaveLength(2);
  });

  it("serves the last good answer marked stale when the host is down", async () => {
    const { host } = client(0);
    const before = Date.now();
    await host.get("/api/vouches");
    mode = "down";
    const answer = await host.get("/api/vouches");
    expect(answer.stale).toBe(true);
    expect(answer.data).toEqual([{ path: "/api/vouches", version: 1 }]);
    if (answer.stale) expect(answer.asOf).toBeGreaterThanOrEqual(before);
  });

  it("serves the last good answer when the host is slower than the timeout", async () => {
    const { host } = client(0, 0, 100);
    await host.get("/api/vouches");
    mode = "slow";
    const answer = await host.get("/api/vouches");
    expect(answer.stale).toBe(true);
  });

  it("fails clearly when the host is down and nothing was cached", async () => {
    const { host } = client(60);
    mode = "down";
    await expect(host.get("/api/vouches")).rejects.toBeInstanceOf(HostError);
  });

  it("revalidates in the background once the answer is older than the TTL", async () => {
    const { host, waits } = client(0, 300);
    await host.get("/api/codes");
    await host.send("POST", "/api/somewhere-else", {}); // the host's data changes behind our back
    const served = await host.get("/api/codes");
    expect(served.data).toEqual([{ path: "/api/codes", version: 1 }]);
    await Promise.all(waits);
    expect(calls.filter((c) => c.startsWith("GET /api/codes"))).toHaveLength(2);
    const next = await host.get("/api/codes");
    expect(next.data).toEqual([{ path: "/api/codes", version: 2 }]);
  });

  it("never caches answers that differ per user", async () => {
    const { host } = client(60);
    await host.get("/api/tokens");
    await host.get("/api/tokens");
    expect(calls).toHaveLength(2);
  });

  it("passes the host's 4xx through instead of serving a stale answer", async () => {
    const { host } = client(60);
    const error = await host.get("/api/missing").catch((e) => e);
    expect(error).toBeInstanceOf(HostError);
    expect(error.status).toBe(404);
  });
});

describe("the edge cache keyed by path and query", () => {
  it("caches each page of a search apart and serves repeats of each from the cache", async () => {
    const { host } = client(60);
    const one = await host.get("/api/vouches/search?q=rex&page=1");
    const two = await host.get("/api/vouches/search?q=rex&page=2");
    expect(one.data).toEqual([{ path: "/api/vouches/search?q=rex&page=1", version: 1 }]);
    expect(two.data).toEqual([{ path: "/api/vouches/search?q=rex&page=2", version: 1 }]);
    await host.get("/api/vouches/search?q=rex&page=1");
    await host.get("/api/vouches/search?q=rex&page=2");
    expect(calls).toHaveLength(2);
  });

  it("a write makes every cached query of what it changed due, and leaves other reads cached", async () => {
    const { host } = client(60);
    await host.get("/api/vouches/search?q=rex&page=1");
    await host.get("/api/vouches/search?q=rex&page=2");
    await host.get("/api/join-log/search?page=1");
    await host.send("POST", "/api/vouches", { user: "x" });
    expect((await host.get("/api/vouches/search?q=rex&page=1")).data).toEqual([
      { path: "/api/vouches/search?q=rex&page=1", version: 2 },
    ]);
    expect((await host.get("/api/vouches/search?q=rex&page=2")).data).toEqual([
      { path: "/api/vouches/search?q=rex&page=2", version: 2 },
    ]);
    expect((await host.get("/api/join-log/search?page=1")).data).toEqual([
      { path: "/api/join-log/search?page=1", version: 1 },
    ]);
    expect(calls.filter((c) => c.startsWith("GET"))).toHaveLength(5);
  });

  it("follows a generation bumped in another data centre (the shared KV store)", async () => {
    const { host } = client(60);
    await host.get("/api/codes");
    await env.HOST_CACHE!.put("gen:/api/codes", String(Date.now() + 60_000));
    await host.get("/api/codes");
    expect(calls).toHaveLength(2);
  });

  it("keeps an invalidated answer as the last good one while the host is down", async () => {
    const { host } = client(60);
    await host.get("/api/codes");
    await invalidateForEvent(env, client(60).external, { type: "codes_update" });
    mode = "down";
    const answer = await host.get("/api/codes");
    expect(answer).toMatchObject({ stale: true, data: [{ path: "/api/codes", version: 1 }] });
  });
});

describe("a failing host", () => {
  it("re-caches the last good answer as stale: the failing host is asked once per TTL, not once per view", async () => {
    const { host } = client(0);
    await host.get("/api/vouches");
    mode = "down";
    const views = [];
    for (let i = 0; i < 5; i++) views.push(await host.get("/api/vouches"));
    expect(views.every((v) => v.stale)).toBe(true);
    expect(calls.filter((c) => c.startsWith("GET /api/vouches"))).toHaveLength(2);
  });

  it("opens the circuit after a timeout: other reads answer at once, stale or with a clear error, without calling", async () => {
    const { host } = client(30, 0, 100);
    await host.get("/api/codes");
    await host.get("/api/vouches");
    await invalidateForEvent(env, client(30).external, { type: "codes_update" });
    await invalidateForEvent(env, client(30).external, { type: "vouches_update" });
    mode = "hang";
    expect(await host.get("/api/codes")).toMatchObject({ stale: true });
    const before = calls.length;
    expect(await host.get("/api/vouches")).toMatchObject({ stale: true, data: [{ path: "/api/vouches", version: 1 }] });
    const uncached = await host.get("/api/tokens").catch((e) => e);
    expect(uncached).toBeInstanceOf(HostError);
    expect(uncached.status).toBe(503);
    expect(uncached.message).toBe("The host did not answer within 100 ms.");
    expect(calls.length).toBe(before);
  });

  it("half-open after the window: one probe goes to the host, and its success closes the circuit", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { host } = client(1, 0, 100);
    await host.get("/api/vouches");
    mode = "down";
    await host.get("/api/tokens").catch(() => undefined); // the failure that opens the circuit
    expect(await host.get("/api/tokens").catch((e) => e.status)).toBe(503);
    expect(calls.filter((c) => c.includes("/api/tokens"))).toHaveLength(1);

    vi.setSystemTime(Date.now() + 1500);
    mode = "up";
    const probe = host.get("/api/tokens");
    const whileProbing = await host.get("/api/vouches"); // answered from the cache, without a second call
    expect(whileProbing.stale).toBe(true);
    expect((await probe).data).toEqual([{ path: "/api/tokens", version: 1 }]);
    expect((await host.get("/api/vouches")).stale).toBe(false);
    expect(calls.filter((c) => c.includes("/api/tokens"))).toHaveLength(2);
  });

  it("revalidates a path once at a time in the background, however many views come while the host is slow", async () => {
    const { host, waits } = client(0, 300, 5000);
    await host.get("/api/codes");
    mode = "slow";
    for (let i = 0; i < 5; i++) expect((await host.get("/api/codes")).stale).toBe(false);
    await Promise.all(waits);
    expect(calls.filter((c) => c.startsWith("GET /api/codes"))).toHaveLength(2);
  });

  it("marks the answer served while revalidating stale once the host is known to fail, and stops asking it", async () => {
    const { host, waits } = client(0, 300, 100);
    await host.get("/api/codes");
    mode = "down";
    await host.get("/api/codes"); // its background revalidation finds the host failing
    await Promise.all(waits);
    const before = calls.length;
    const answer = await host.get("/api/codes");
    expect(answer).toMatchObject({ stale: true, data: [{ path: "/api/codes", version: 1 }] });
    expect(calls.length).toBe(before);
  });
});
