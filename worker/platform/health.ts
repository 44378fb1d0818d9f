// GET /api/health's database ping: a lone request pings D1 itself; concurrent ones reuse the last ping finished within
// HEALTH_PING_REUSE_MS, so a crowd makes one ping at a time. Per isolate; no promise is shared across requests
// (ADR 044).

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
