// The dashboard's vouch aggregates are kept until a vouch changes: a view reads the stored answer, and any write to
// vouches (whatever its path) makes it due.
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { Browser, MEMBER, routeOutboundToSelf } from "./helpers";

let outbound: MockInstance;
beforeEach(async () => {
  outbound = routeOutboundToSelf();
  await env.DB.batch(["vouches", "aggregate_cache"].map((t) => env.DB.prepare(`delete from ${t}`)));
});
afterEach(() => outbound.mockRestore());

const addVouch = (id: number, status = "Complete") =>
  env.DB.prepare(
    `insert into vouches (_id, id, status, vouched, vouched_at, vouched_at_ms, vouched_by, vouched_by_username)
     values (?, ?, ?, '700000000000000001', '1/2/2026', ?, '700000000000000002', 'rexrider')`,
  )
    .bind(id.toString(16).padStart(24, "0"), id, status, Date.now())
    .run();

async function read(path: string) {
  const browser = new Browser();
  await browser.signIn(MEMBER);
  return (await browser.fetch(path)).json<Record<string, unknown>>();
}

describe.each(["/api/vouches/stats", "/api/vouches/card-cache"])("%s", (path) => {
  it("answers from the stored aggregate until a vouch is written, then from the vouches again", async () => {
    await addVouch(1);
    const first = await read(path);
    // Mark the stored answer: a second view that answers the mark was served from the store.
    await env.DB.prepare(`update aggregate_cache set value = json_set(value, '$.marked', 1)`).run();
    expect(await read(path)).toEqual({ ...first, marked: 1 });

    await addVouch(2, "Invalid");
    const after = await read(path);
    expect(after).not.toHaveProperty("marked");
    if (path.endsWith("/stats")) expect(after).toMatchObject({ total: 2, completed: 1, uncompleted: 1 });
    else
      expect(after.voucherStats).toEqual([
        expect.objectContaining({ totalCount: 2, completedCount: 1, uncompletedCount: 1 }),
      ]);

    await env.DB.prepare(`update aggregate_cache set value = json_set(value, '$.marked', 1)`).run();
    await env.DB.prepare(`update vouches set status = 'Complete' where id = 2`).run();
    expect(await read(path)).not.toHaveProperty("marked");
    await env.DB.prepare(`update aggregate_cache set value = json_set(value, '$.marked', 1)`).run();
    await env.DB.prepare(`delete from vouches where id = 2`).run();
    expect(await read(path)).not.toHaveProperty("marked");
  });
});
