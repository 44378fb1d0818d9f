// The live events' own check, used by the room before it sends and by every browser on receipt.
import { describe, expect, it } from "vitest";
import { parseLiveEvent, toLiveEvent } from "./events";

describe("live events", () => {
  it("keep a known type, its message and a per-server event's server id, and nothing else", () => {
    expect(toLiveEvent({ type: "codes_update", message: "Code updated", extra: 1 })).toEqual({
      type: "codes_update",
      message: "Code updated",
    });
    expect(toLiveEvent({ type: "joinlog_update", serverId: "2411" })).toEqual({
      type: "joinlog_update",
      serverId: "2411",
    });
    expect(parseLiveEvent(JSON.stringify({ type: "vouches_update" }))).toEqual({ type: "vouches_update" });
  });

  it("keep who made the change and how many rows it touched, when well formed", () => {
    const event = {
      type: "stock_2411_update",
      message: "War Room Vaults: 3 rows saved by vaultkeeper",
      by: "vaultkeeper",
      byId: "user:3",
      count: 3,
    };
    expect(toLiveEvent(event)).toEqual(event);
    expect(toLiveEvent({ type: "stock_2411_update", by: 7, byId: null, count: 1.5 })).toEqual({
      type: "stock_2411_update",
    });
    expect(toLiveEvent({ type: "stock_2411_update", count: 0 })).toEqual({ type: "stock_2411_update" });
  });

  it("drop anything malformed", () => {
    expect(toLiveEvent({ type: "joinlog_update" })).toBeNull(); // no server id
    expect(toLiveEvent({ type: "nope" })).toBeNull();
    expect(toLiveEvent({ type: "codes_update", message: 5 })).toBeNull();
    expect(toLiveEvent(null)).toBeNull();
    expect(parseLiveEvent("{not json")).toBeNull();
    expect(parseLiveEvent(42)).toBeNull();
  });
});
