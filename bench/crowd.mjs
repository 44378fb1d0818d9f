#!/usr/bin/env node
// The live room's audience for bench/run.mjs: N signed-in sockets in a process of their own, so receiving does not hold
// up the benchmark's timers. Reports over IPC { type: "open" } once all are open, then { type: "arrived", index, at,
// first } when message `index` has reached every socket (wall-clock ms of the last and the first arrival).
import WebSocket from "ws";

const { url, cookie, count } = JSON.parse(process.argv[2]);
const now = () => performance.timeOrigin + performance.now();
const arrivals = [];

// Without per-message deflate: in production the Worker refuses it (no_web_socket_compression in wrangler.toml), but
// under wrangler dev its own proxy, in front of the Worker, accepts whatever a client offers.
const sockets = await Promise.all(
  Array.from(
    { length: count },
    () =>
      new Promise((resolve, reject) => {
        // A browser names the page's origin when it opens a socket (the request gate checks it: ADR 028).
        const ws = new WebSocket(url, {
          headers: { Cookie: cookie, Origin: new URL(url).origin.replace(/^ws/, "http") },
          perMessageDeflate: false,
        });
        let received = 0;
        ws.on("message", () => {
          const index = received++;
          const at = now();
          const seen = (arrivals[index] ??= { count: 0, at: 0, first: at });
          seen.count++;
          seen.at = Math.max(seen.at, at);
          if (seen.count === count) process.send({ type: "arrived", index, at: seen.at, first: seen.first });
        });
        ws.on("open", () => resolve(ws));
        ws.on("error", reject);
      }),
  ),
);
process.send({ type: "open" });
// Closes every socket and waits for each close to complete (at most 5 s), so that the room no longer holds them when
// the next turn of the benchmark starts.
process.on("message", async (m) => {
  if (m?.type !== "close") return;
  const closed = sockets.map(
    (ws) => new Promise((resolve) => (ws.readyState === WebSocket.CLOSED ? resolve() : ws.once("close", resolve))),
  );
  for (const ws of sockets) ws.close();
  await Promise.race([Promise.all(closed), new Promise((resolve) => setTimeout(resolve, 5000))]);
  process.exit(0);
});
