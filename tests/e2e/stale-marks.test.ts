// With HOST_URL: a second Worker (the edge) in front of this suite's server, through a proxy that can start failing.
// When the host fails, every page that shows its data keeps showing the last good data, marked stale with its age,
// with JavaScript on and off; nothing turns into an empty state.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, open, setupBrowser, shot, signIn, type Session } from "./browser";
import { startHostProxy } from "../../scripts/host-proxy.mjs";
import PAGES from "../../scripts/host-data-pages.json";
import { E2E_PORT } from "./env";
import { answered, portFreed, requirePortFree } from "./servers";

setupBrowser();

const EDGE_PORT = E2E_PORT + 50;
const PROXY_PORT = E2E_PORT + 51;
const EDGE = `http://localhost:${EDGE_PORT}`;
const HOST = `http://localhost:${E2E_PORT}`;
const EDGE_STATE = `.wrangler/e2e-edge-${E2E_PORT}`;

let edge: ChildProcess | undefined;
let proxy: Awaited<ReturnType<typeof startHostProxy>> | undefined;

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
  // The host as the edge reaches it: this suite's server, until the test makes it fail.
  proxy = await startHostProxy({ port: PROXY_PORT, target: HOST });
  await requirePortFree(EDGE_PORT); // an earlier run's edge, still stopping, would be taken for this one
  rmSync(EDGE_STATE, { recursive: true, force: true }); // a fresh edge: no cache, KV or sessions of an earlier run
  const migrated = spawnSync(
    "npx",
    ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", EDGE_STATE],
    {
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    },
  );
  if (migrated.status !== 0) throw new Error(`the edge's migrations failed:\n${migrated.stdout}${migrated.stderr}`);
  // Every view asks the host (no fresh window), so the switch to failing is seen on the next view.
  const vars = { HOST_URL: proxy.url, HOST_TOKEN: token, HOST_CACHE_TTL: "0", HOST_CACHE_SWR: "0" };
  edge = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "--port",
      String(EDGE_PORT),
      "--persist-to",
      EDGE_STATE,
      "--env-file",
      ".dev.vars.example",
      ...Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]),
    ],
    { env: { ...process.env, WRANGLER_SEND_METRICS: "false" }, stdio: "ignore", detached: true },
  );
  if (!(await answered(`${EDGE}/login`, 90_000))) throw new Error("the edge did not start within 90 s");
});

afterAll(async () => {
  if (edge?.pid) {
    try {
      process.kill(-edge.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
  await proxy?.close();
  await portFreed(EDGE_PORT); // the next run's edge binds the same port
});

/** A browser signed in on the edge, through the real OAuth flow against the edge's own Discord stand-in. */
async function onEdge(javaScriptEnabled: boolean): Promise<Session> {
  const session = await open({ baseURL: EDGE, javaScriptEnabled });
  await signIn(session.page, "Rex Rider");
  await session.page.waitForURL(/\/dashboard$/);
  return session;
}

describe("a failing external host", () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`keeps every page's last good data on screen, marked stale with its age (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async () => {
      proxy!.setMode("up");
      const { page } = await onEdge(javaScriptEnabled);
      // What each page says is empty while the host answers (this suite's data may leave a list empty): the same and
      // nothing more once it fails.
      const EMPTY = /^No .* (found|yet)\.?$/;
      const FAILED = /Could not load|Failed to load/;
      const emptyWhenUp = new Map<string, string[]>();
      for (const path of PAGES) {
        // The test relies on each page having loaded its data once while the host answers: a host that stalls past
        // the edge's timeout at that moment leaves nothing good to keep (it did once, on a full run), so ask again.
        await expect
          .poll(
            async () => {
              await page.goto(path);
              return page.getByRole("alert").filter({ hasText: FAILED }).count();
            },
            { message: `${path} loads its data while the host answers`, timeout: 30_000 },
          )
          .toBe(0);
        expect(await page.getByText("The host is not answering").count(), path).toBe(0);
        emptyWhenUp.set(path, await page.getByText(EMPTY).allTextContents());
      }
      proxy!.setMode("fail");
      try {
        for (const path of PAGES) {
          await page.goto(path);
          const notice = page.getByText(/The host is not answering:.*as of .*\d/).first();
          // A page without the notice says what it shows instead (it failed once, on a full run only).
          await notice.waitFor().catch(async (error: Error) => {
            const shown = await page
              .locator("main")
              .innerText()
              .catch(() => "(no main)");
            throw new Error(`${path} (at ${page.url()}) shows no stale notice; it shows: ${shown.slice(0, 800)}`, {
              cause: error,
            });
          });
          expect(await page.getByRole("alert").filter({ hasText: FAILED }).count(), path).toBe(0);
          expect(await page.getByText(EMPTY).allTextContents(), path).toEqual(emptyWhenUp.get(path));
          if (javaScriptEnabled || path === "/dashboard/vouches") {
            await shot(page, `stale-${path.slice(1).replace(/\W+/g, "-")}-js-${javaScriptEnabled ? "on" : "off"}`);
          }
        }
      } finally {
        proxy!.setMode("up");
      }
    });
  }
});
