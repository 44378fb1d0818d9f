// GET /api/health's ping (worker/platform/health.ts): alone, every check reaches the database; a crowd shares one.
import { afterEach, describe, expect, it } from "vitest";
import { forgetPing, HEALTH_PING_REUSE_MS, pingDatabase } from "./health";

/** A D1 stand-in whose pings finish when the test says so. */
function database() {
  const pending: Array<() => void> = [];
  const db = {
    prepare: () => ({
      first: () => new Promise((resolve) => pending.push(() => resolve({ ok: 1 }))),
    }),
  } as unknown as D1Database;
  return { db, pending, finish: () => pending.shift()?.() };
}

afterEach(forgetPing);

describe("the health check's database ping", () => {
  it("pings the database for every check made alone", async () => {
    const { db, pending, finish } = database();
    let clock = 1_000;
    for (let i = 0; i < 3; i++) {
      const ping = pingDatabase(db, () => clock);
      expect(pending).toHaveLength(1);
      finish();
      expect(await ping).toEqual({ ok: true, at: clock });
      clock += 10;
    }
  });

  it("answers a check made while a ping runs with the last ping, if under a second old", async () => {
    const { db, pending, finish } = database();
    let clock = 1_000;
    const first = pingDatabase(db, () => clock);
    finish();
    await first;
    clock += 100;
    const running = pingDatabase(db, () => clock); // its own ping, still running
    expect(pending).toHaveLength(1);
    expect(await pingDatabase(db, () => clock)).toEqual({ ok: true, at: 1_000 });
    expect(pending).toHaveLength(1); // no second ping
    // Older than a second, the last ping is not enough: the check pings too.
    clock = 1_000 + HEALTH_PING_REUSE_MS;
    const late = pingDatabase(db, () => clock);
    expect(pending).toHaveLength(2);
    finish();
    finish();
    expect(await running).toEqual({ ok: true, at: clock });
    expect(await late).toEqual({ ok: true, at: clock });
  });

  it("has nothing to share before the first ping finishes", async () => {
    const { db, pending, finish } = database();
    const a = pingDatabase(db);
    const b = pingDatabase(db);
    expect(pending).toHaveLength(2);
    finish();
    finish();
    expect((await a).ok && (await b).ok).toBe(true);
  });

  it("says the database is unavailable when the ping finds no row, and a failing ping fails the check", async () => {
    const empty = { prepare: () => ({ first: async () => null }) } as unknown as D1Database;
    expect((await pingDatabase(empty)).ok).toBe(false);
    const broken = {
      prepare: () => ({ first: async () => Promise.reject(new Error("D1 down")) }),
    } as unknown as D1Database;
    await expect(pingDatabase(broken)).rejects.toThrow("D1 down");
    // The failed ping left nothing running: the next check pings again.
    const { db, pending } = database();
    void pingDatabase(db);
    expect(pending).toHaveLength(1);
  });
});
