// GET /api/health's database ping (ADR 044). A request that finds no ping running pings D1 itself, so a health check
// made alone always reaches the database. While a ping is running, a concurrent request answers with the last ping
// that finished, if it finished less than HEALTH_PING_REUSE_MS ago: a crowd of health checks makes one ping at a time,
// not one each. Module state, so per isolate; no promise is shared between requests (the Workers runtime forbids
// settling one request's promise from another's I/O).

export const HEALTH_PING_REUSE_MS = 1000;

export type Ping = { ok: boolean; at: number };

let last: Ping | null = null;
let running = 0;

export async function pingDatabase(db: D1Database, now: () => number = Date.now): Promise<Ping> {
  if (running > 0 && last && now() - last.at < HEALTH_PING_REUSE_MS) return last;
  running++;
  try {
    const row = await db.prepare("select 1 as ok").first<{ ok: number }>();
    last = { ok: row?.ok === 1, at: now() };
    return last;
  } finally {
    running--;
  }
}

/** For tests: forget the last ping. */
export function forgetPing() {
  last = null;
  running = 0;
}
