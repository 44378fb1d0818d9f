import { describe, expect, it } from "vitest";
import { fittingTicks } from "./chart";

describe("fittingTicks", () => {
  const months = ["Mar '26", "Apr '26", "May '26", "Jun '26", "Jul '26", "Aug '26", "Sep '26", "Oct '26", "Nov '26"];

  it("keeps every tick when the widest label fits between two", () => {
    expect(fittingTicks(months, 100, months)).toEqual(months);
  });

  it("drops ticks from the oldest end so the labels left are apart, and always keeps the newest", () => {
    // 7 characters need about 63 px: at 21 px apart, every third tick.
    expect(fittingTicks(months, 21, months)).toEqual(["May '26", "Aug '26", "Nov '26"]);
    expect(fittingTicks(months, 40, months)).toEqual(["Mar '26", "May '26", "Jul '26", "Sep '26", "Nov '26"]);
  });

  it("leaves a single tick, or none, as it is", () => {
    expect(fittingTicks(["Nov '26"], 0, ["Nov '26"])).toEqual(["Nov '26"]);
    expect(fittingTicks([], 0, [])).toEqual([]);
  });
});
