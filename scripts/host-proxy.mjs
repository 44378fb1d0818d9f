// A stand-in for a far and fallible external host (HOST_URL): forwards to a host API after `latencyMs`, or answers 500
// ("fail") or never ("hang"), recording each call. Used by bench/run.mjs and tests/e2e/stale-marks.test.ts.
import http from "node:http";

/**
 * Starts the proxy on 127.0.0.1:`port` in front of `target`. Answers { url, calls, setMode(mode), close() }; each call
 * is { at, path, method, mode }.
 */
export async function startHostProxy({ port, target, latencyMs = 0 }) {
  let mode = "up";
  const calls = [];
  const server = http.createServer((req, res) => {
    calls.push({ at: Date.now(), path: req.url, method: req.method, mode });
    if (mode === "hang") return; // never answers: the caller's timeout ends it
    const answer = () => {
      if (mode === "fail") {
        res.writeHead(500, { "Content-Type": "application/json" });
        return res.end(JSON.stringify({ error: "internal", message: "Database is restarting" }));
      }
      const chunks = [];
      req.on("data", (c) => chunks.push(c));
      req.on("end", async () => {
        try {
          const upstream = await fetch(`${target}${req.url}`, {
            method: req.method,
            headers: {
              Authorization: req.headers.authorization ?? "",
              "Content-Type": req.headers["content-type"] ?? "application/json",
            },
            body: chunks.length ? Buffer.concat(chunks) : undefined,
          });
          res.writeHead(upstream.status, {
            "Content-Type": upstream.headers.get("content-type") ?? "application/json",
          });
          res.end(Buffer.from(await upstream.arrayBuffer()));
        } catch (error) {
          // The host behind the proxy is not there: a gateway error, as a real proxy answers (not a crashed process).
          res.writeHead(502, { "Content-Type": "application/json" });
          res.end(JSON.stringify({ error: "bad_gateway", message: `The proxy could not reach ${target}: ${error}` }));
        }
      });
    };
    if (latencyMs > 0) setTimeout(answer, latencyMs);
    else answer();
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    setMode: (next) => void (mode = next),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
