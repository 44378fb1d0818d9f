import { describe, expect, it } from "vitest";
import { addToBurst, burstToast, toastForEvent, type Burst } from "./toasts";

describe("a burst of one sheet's live changes", () => {
  it("is summed up in one toast that names who changed most, and how many others", () => {
    let burst: Burst = { sheet: "2411 Stock", changes: new Map() };
    burst = addToBurst(burst, { type: "stock_2411_update", by: "Tek Breeder", count: 2 });
    for (let i = 0; i < 9; i++) burst = addToBurst(burst, { type: "stock_2411_update", by: "vaultkeeper" });
    burst = addToBurst(burst, { type: "stock_2411_update", by: "Rex Rider", count: 1 });
    expect(burstToast(burst)).toEqual({
      type: "success",
      message: "2411 Stock: 12 changes by vaultkeeper and 2 others",
    });
  });

  it("of one person's one change reads as such", () => {
    const burst = addToBurst(
      { sheet: "Breeder List", changes: new Map() },
      { type: "breeder_list_update", by: "vaultkeeper" },
    );
    expect(burstToast(burst).message).toBe("Breeder List: 1 change by vaultkeeper");
  });
});

describe("a watched player coming online", () => {
  it("is a warning in the event's words, sent only to the watchers' browsers", () => {
    const message = "Watched player Rex Rider [GC] came online on 2573";
    expect(toastForEvent({ type: "watch_online", serverId: "2573", message })).toEqual({ type: "warning", message });
    expect(toastForEvent({ type: "watch_online", serverId: "2411" })?.message).toBe(
      "A watched player came online on 2411",
    );
    expect(toastForEvent({ type: "enemy_online", serverId: "2411" })?.message).toBe("An enemy came online on 2411");
  });
});
