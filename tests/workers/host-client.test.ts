// The BFF's host client against a fake external host: edge caching, invalidation, and stale answers in an outage.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hostClient, HostError, type HostDeps } from "../../app/host/client.server";
import { dropCachedForEvent } from "../../worker/platform/host-cache";

const HOST = "http://fake-host.test";
let mode: "up" | "down" | "slow" = "up";
let version = 1;
const calls: string[] = [];

beforeEach(async () => {
  mode = "up";
  version = 1;
  calls.length = 0;
  const cache = (caches as unknown as { default: Cache }).default;
  for (const p of ["/api/codes", "/api/vouches", "/api/vouches/card-cache", "/api/tokens"]) await cache.delete(`${HOST}${p}`);
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    const path = new URL(request.url).pathname;
    calls.push(`${request.method} ${path} ${request.headers.get("Authorization")}`);
    if (mode === "down") return new Response("upstream error", { status: 502 });
    if (mode === "slow") {
      await new Promise((resolve, reject) => {
        const t = setTimeout(resolve, 2000);
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
afterEach(() => vi.restoreAllMocks());

function client(ttlSeconds: number, swrSeconds = 0, timeoutMs = 500) {
  const waits: Promise<unknown>[] = [];
  const published: unknown[] = [];
  const deps: HostDeps = {
    api: () => Promise.reject(new Error("in-process API must not be used with HOST_URL")),
    origin: "http://localhost",
    env: {} as Env,
    ctx: { waitUntil: (p: Promise<unknown>) => void waits.push(p) },
    external: { url: HOST, token: "service-token", ttlSeconds, swrSeconds, timeoutMs },
    publish: async (event) => void published.push(event),
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

  it("drops cached answers on a live event", async () => {
    const { host, external } = client(60);
    await host.get("/api/vouches/card-cache");
    await dropCachedForEvent(external, { type: "vouches_update" });
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
