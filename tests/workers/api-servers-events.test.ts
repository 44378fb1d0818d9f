// The servers API's bulk event ingestion inside workerd with the real D1 and live room, and the join/leave logs and
// activity tabs it fills.
import { describe, expect, it } from "vitest";
import { statusClass, type ServerActivity, type ServerJoin, type ServerLeave } from "#contract/servers";
import { eos, withServerTables } from "./cron-fixtures";
import { audits, count, DAY, listen, MINUTE, player, session, type Player } from "./servers-api-fixtures";

withServerTables();

describe("POST /api/ingest/servers/{serverId}/events and the lists", () => {
  const CODES = ["2", "1", "0", "-1", "-2", "-3", "unknown", "Unknown", "", "7"];

  it("is idempotent on (server, EOS id, type, time) and counts what it did", async () => {
    const { browser, post } = await session();
    const live = await listen(browser);
    const t = Date.now() - DAY;
    const events = [
      { eventType: "join", ...player(1, "-2", "RAID"), eventTime: t },
      { eventType: "leave", ...player(1, "-2", "RAID"), eventTime: t + 30 * MINUTE },
      { eventType: "join", ...player(2, "2", "GC"), eventTime: new Date(t).toISOString() },
      { eventType: "join", ...player(2, "2", "GC"), eventTime: t }, // the same as the one before
    ];
    const res = await post("/api/ingest/servers/2446/events", { events });
    expect(res).toEqual({ status: 200, body: { received: 4, inserted: 3, unchanged: 1 } });
    const again = await post("/api/ingest/servers/2446/events", { events });
    expect(again.body).toEqual({ received: 4, inserted: 0, unchanged: 4 });
    expect(await count("select count(*) as n from server_events")).toBe(3);
    const rows = await audits("server_events");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entity_id: "2446", action: "ingest" });
    expect(rows[0].after).toEqual({ received: 4, inserted: 3, unchanged: 1, joins: 2, leaves: 1 });
    const types = await live.received(
      ["joinlog_update", "leavelog_update", "enemies_update", "tribemembers_update"],
      "2446",
    );
    expect(types.sort()).toEqual(["enemies_update", "joinlog_update", "leavelog_update", "tribemembers_update"]);
    live.close();
  });

  it("files every status code under the right activity tab, newest first, and GC under tribemembers", async () => {
    const { post, json } = await session();
    const base = Date.now() - 2 * DAY;
    const events: (Player & { eventType: "join" | "leave"; eventTime: number; memberName?: string })[] = CODES.flatMap(
      (status, i) => [
        { eventType: "join", ...player(i + 1, status, "ALPHA"), eventTime: base + i * MINUTE },
        { eventType: "leave", ...player(i + 1, status, "ALPHA"), eventTime: base + i * MINUTE + 30_000 },
      ],
    );
    events.push({ eventType: "join", ...player(99, "-1", "GC"), eventTime: base + 99 * MINUTE });
    events.push({
      eventType: "join",
      ...player(98, "unknown", ""),
      memberName: "Alias",
      name: "ignored",
      eventTime: base + 98 * MINUTE,
    });
    expect((await post<{ inserted: number }>("/api/ingest/servers/2411/events", { events })).body.inserted).toBe(
      events.length,
    );

    for (const cls of ["tribemembers", "unknowns", "enemies", "friendlys"] as const) {
      const list = (await json<ServerActivity[]>(`/api/${cls}/2411`)).body;
      const expected = events
        .filter((e) => statusClass(e.status, e.tribe) === cls)
        .map((e) => ({ eosId: e.eosId, eventType: e.eventType, eventTime: e.eventTime }))
        .sort((a, b) => b.eventTime - a.eventTime);
      expect(
        list.map((e) => ({ eosId: e.eosId, eventType: e.eventType, eventTime: e.eventTime })),
        cls,
      ).toEqual(expected);
      expect(list.length, cls).toBeGreaterThan(0);
      for (const entry of list) {
        expect(Object.keys(entry).sort()).toEqual([
          "displayName",
          "eosId",
          "eventTime",
          "eventType",
          "id",
          "isTribeMember",
          "lastArkLaunch",
          "memberName",
          "platform",
          "status",
          "steamProfileLink",
          "tribe",
        ]);
      }
    }
    const tribe = (await json<ServerActivity[]>("/api/tribemembers/2411")).body;
    expect(tribe[0]).toMatchObject({ eosId: eos(99), status: "-1", tribe: "GC", isTribeMember: true });
    expect((await json<ServerActivity[]>("/api/enemies/2411")).body.some((e) => e.eosId === eos(99))).toBe(false);
    const unknowns = (await json<ServerActivity[]>("/api/unknowns/2411")).body;
    expect(unknowns.find((e) => e.eosId === eos(98))?.memberName).toBe("Alias");
    // '0' (neutral) and '7' (shown raw) belong to no activity tab but are in the logs.
    const joins = (await json<ServerJoin[]>("/api/joinlog/2411")).body;
    expect(joins).toHaveLength(CODES.length + 2);
    expect(joins.map((j) => j.joinTime)).toEqual([...joins.map((j) => j.joinTime)].sort((a, b) => b - a));
    expect((await json<ServerLeave[]>("/api/leavelog/2411")).body.length).toBe(CODES.length);
    // Other servers see none of it.
    expect((await json("/api/joinlog/2573")).body).toEqual([]);
  });

  it("lists only the last 30 days", async () => {
    const { post, json } = await session();
    const events = [
      { eventType: "join", ...player(1, "2", "GC"), eventTime: Date.now() - 31 * DAY },
      { eventType: "join", ...player(2, "2", "GC"), eventTime: Date.now() - 29 * DAY },
    ];
    await post("/api/ingest/servers/2411/events", { events });
    const joins = (await json<ServerJoin[]>("/api/joinlog/2411")).body;
    expect(joins.map((j) => j.eosId)).toEqual([eos(2)]);
    expect((await json<ServerActivity[]>("/api/tribemembers/2411")).body.map((j) => j.eosId)).toEqual([eos(2)]);
  });

  it("answers 400 naming the field and stores nothing", async () => {
    const { post } = await session();
    const ok = { eventType: "join", ...player(1, "2"), eventTime: Date.now() - MINUTE };
    const cases: [unknown, string][] = [
      [{}, "events"],
      [{ events: [] }, "events"],
      [{ events: [ok, { ...ok, eventType: "kick" }] }, "events.1.eventType"],
      [{ events: [{ ...ok, eosId: "123" }] }, "events.0.eosId"],
      [{ events: [{ ...ok, eventTime: undefined }] }, "events.0.eventTime"],
      [{ events: [{ ...ok, eventTime: "2026-13-45" }] }, "events.0.eventTime"],
      [{ events: Array.from({ length: 2001 }, () => ok) }, "events"],
    ];
    for (const [body, field] of cases) {
      const res = await post("/api/ingest/servers/2411/events", body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "validation", field });
    }
    expect(await count("select count(*) as n from server_events")).toBe(0);
    expect(await count("select count(*) as n from audit_log where entity = 'server_events'")).toBe(0);
  });
});
