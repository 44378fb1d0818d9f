// With HOST_URL: a second Worker (the edge) in front of this suite's server, through a proxy that can start failing.
// When the host fails, every page that shows its data keeps showing the last good data, marked stale with its age,
// with JavaScript on and off; nothing turns into an empty state.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, open, setupBrowser, shot, type Session } from "./browser";
import { E2E_PORT } from "./env";

setupBrowser();

const EDGE_PORT = E2E_PORT + 50;
const PROXY_PORT = E2E_PORT + 51;
const EDGE = `http://localhost:${EDGE_PORT}`;
const HOST = `http://localhost:${E2E_PORT}`;
const EDGE_STATE = `.wrangler/e2e-edge-${E2E_PORT}`;
const PAGES = [
  "/dashboard",
  "/dashboard/vouches",
  "/dashboard/codes",
  "/dashboard/tribelists",
  "/dashboard/logs",
  "/dashboard/stock-2411",
  "/dashboard/breeder-stats",
  "/dashboard/server-stats-2411",
  "/dashboard/weekly-members",
];

let failing = false;
let edge: ChildProcess | undefined;
let proxy: http.Server | undefined;

/** The host as the edge reaches it: this suite's server, or a 500 once it is failing. */
function startProxy() {
  proxy = http.createServer((req, res) => {
    if (failing) {
      res.writeHead(500, { "Content-Type": "application/json" });
      return res.end(JSON.stringify({ error: "internal", message: "Database is restarting" }));
    }
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const upstream = await fetch(`${HOST}${req.url}`, {
        method: req.method,
        headers: { Authorization: req.headers.authorization ?? "", "Content-Type": req.headers["content-type"] ?? "application/json" },
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      res.writeHead(upstream.status, { "Content-Type": upstream.headers.get("content-type") ?? "application/json" });
      res.end(Buffer.from(await upstream.arrayBuffer()));
    });
  });
  return new Promise<void>((resolve) => proxy!.listen(PROXY_PORT, "127.0.0.1", resolve));
}

beforeAll(async () => {
  // The edge's service token, made through the suite's server's own API (no second process writes its database).
  const cookie = `__session=${await createSession("Rex Rider")}`;
  const created = await fetch(`${HOST}/api/tokens`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/json", Origin: HOST },
    body: JSON.stringify({ name: "e2e edge" }),
  });
  expect(created.status).toBe(201);
  const { token } = (await created.json()) as { token: string };
  await startProxy();
  const migrated = spawnSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", EDGE_STATE], {
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  if (migrated.status !== 0) throw new Error(`the edge's migrations failed:\n${migrated.stdout}${migrated.stderr}`);
  // Every view asks the host (no fresh window), so the switch to failing is seen on the next view.
  const vars = { HOST_URL: `http://127.0.0.1:${PROXY_PORT}`, HOST_TOKEN: token, HOST_CACHE_TTL: "0", HOST_CACHE_SWR: "0" };
  edge = spawn(
    "npx",
    ["wrangler", "dev", "--port", String(EDGE_PORT), "--persist-to", EDGE_STATE, "--env-file", ".dev.vars.example", ...Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`])],
    { env: { ...process.env, WRANGLER_SEND_METRICS: "false" }, stdio: "ignore", detached: true },
  );
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${EDGE}/login`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the edge did not start within 90 s");
    await new Promise((r) => setTimeout(r, 300)); // the pause between two tries of the condition above
  }
});

afterAll(async () => {
  if (edge?.pid) {
    try {
      process.kill(-edge.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
  await new Promise((r) => (proxy ? proxy.close(r) : r(undefined)));
});

/** A browser signed in on the edge, through the Discord stand-in there. */
async function onEdge(javaScriptEnabled: boolean): Promise<Session> {
  const session = await open({ baseURL: EDGE, javaScriptEnabled });
  const { page } = session;
  // The real OAuth flow against the edge's own Discord stand-in: plain forms, with or without JavaScript.
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue with Discord" }).click();
  await page.waitForURL(/\/__discord\/oauth2\/authorize/);
  await page.getByRole("button", { name: /Rex Rider/ }).click();
  await page.waitForURL(/\/dashboard$/);
  return session;
}

describe("a failing external host", () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`keeps every page's last good data on screen, marked stale with its age (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async () => {
      failing = false;
      const { page } = await onEdge(javaScriptEnabled);
      for (const path of PAGES) {
        await page.goto(path);
        expect(await page.getByText("The host is not answering").count(), path).toBe(0);
      }
      failing = true;
      try {
        for (const path of PAGES) {
          await page.goto(path);
          const notice = page.getByText(/The host is not answering:.*as of .*\d/).first();
          await notice.waitFor();
          expect(await page.getByRole("alert").filter({ hasText: /Could not load|Failed to load/ }).count(), path).toBe(0);
        }
        await page.goto("/dashboard/vouches");
        await shot(page, `stale-vouches-js-${javaScriptEnabled ? "on" : "off"}`);
      } finally {
        failing = false;
      }
    });
  }
});
