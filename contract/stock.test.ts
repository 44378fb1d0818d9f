// The stock sheet's pure rules: typed cells, derived columns, the history figure and vault colours.
import { describe, expect, it } from "vitest";
import {
  derivedFields,
  figureKey,
  difference,
  isEmptyItemName,
  needsRaised,
  normalizeCells,
  parseStockNumber,
  percentage,
  sumCells,
  vaultCellState,
  type TabKind,
} from "./stock";

describe("parseStockNumber", () => {
  it("takes numbers as they are", () => {
    expect(parseStockNumber(350)).toBe(350);
    expect(parseStockNumber(0)).toBe(0);
    expect(parseStockNumber(-4)).toBe(-4);
    expect(parseStockNumber(12.5)).toBe(12.5);
  });
  it("reads numeric text", () => {
    expect(parseStockNumber("350")).toBe(350);
    expect(parseStockNumber("  42 ")).toBe(42);
    expect(parseStockNumber("1,250")).toBe(1250);
    expect(parseStockNumber("-3.5")).toBe(-3.5);
  });
  it("keeps empty input empty", () => {
    expect(parseStockNumber("")).toBeNull();
    expect(parseStockNumber("   ")).toBeNull();
    expect(parseStockNumber(null)).toBeNull();
    expect(parseStockNumber(undefined)).toBeNull();
  });
  it("turns non-numeric text into 0", () => {
    expect(parseStockNumber("lots")).toBe(0);
    expect(parseStockNumber("12abc")).toBe(0);
    expect(parseStockNumber("1,25")).toBe(0);
    expect(parseStockNumber(true)).toBe(0);
  });
});

describe("derived values", () => {
  it("sums cells with empty ones as 0, and pads or cuts stored cells", () => {
    expect(sumCells([350, null, 100, 0])).toBe(450);
    expect(normalizeCells([1, "x", null], 5)).toEqual([1, null, null, null, null]);
    expect(normalizeCells(Array(20).fill(1), 18)).toHaveLength(18);
    expect(normalizeCells(undefined, 2)).toEqual([null, null]);
  });

  it("rounds the percentage and answers 0 without a denominator", () => {
    expect(percentage(350, 700)).toBe(50);
    expect(percentage(2, 3)).toBe(67);
    expect(percentage(1, 3)).toBe(33);
    expect(percentage(1200, 1000)).toBe(120);
    expect(percentage(50, 0)).toBe(0);
    expect(percentage(50, null)).toBe(0);
    expect(percentage(null, 10)).toBe(0);
  });

  it("needs raised never goes below 0; differences need both sides", () => {
    expect(needsRaised(40, 25)).toBe(15);
    expect(needsRaised(10, 25)).toBe(0);
    expect(needsRaised(null, 3)).toBe(0);
    expect(difference(80, 100)).toBe(-20);
    expect(difference(80, null)).toBeNull();
  });

  it("war room vaults: current stock is the sum of the 18 columns, % of maxcount", () => {
    const counts = [350, 350, 200, ...Array(15).fill(null)];
    const row = derivedFields("war-vault", { item: "Element", counts, maxcount: 1400, todo: "farm" }, 600);
    expect(row).toMatchObject({
      item: "Element",
      currentStock: 900,
      maxcount: 1400,
      percentage: 64,
      prevStock: 600,
      todo: "farm",
    });
    expect(row.counts).toHaveLength(18);
  });

  it("defense room vaults use maxStock; admin vaults have 12 columns, stock and target", () => {
    expect(derivedFields("defense-vault", { item: "Cryopod", counts: [100, 50], maxStock: 300 }, null)).toMatchObject({
      currentStock: 150,
      maxStock: 300,
      percentage: 50,
    });
    const admin = derivedFields("admin-vault", { item: "Polymer", counts: Array(14).fill(10), target: 240 }, 100);
    expect(admin).toMatchObject({ stock: 120, currentStock: 120, target: 240, percentage: 50, prevStock: 100 });
    expect(admin.counts).toHaveLength(12);
  });

  it("dedis: stock used = current - previous; war room dedis default to a target of 100", () => {
    expect(derivedFields("war-dedis", { item: "Metal Ingot", currentStock: 80, previousStock: 95 }, 70)).toMatchObject({
      currentStock: 80,
      previousStock: 95,
      stockUsed: -15,
      target: 100,
      percentage: 80,
    });
    // Without a stored previous figure, the previous history snapshot's figure is used.
    expect(derivedFields("war-dedis", { item: "Polymer", currentStock: 80, target: 200 }, 70)).toMatchObject({
      previousStock: 70,
      stockUsed: 10,
      percentage: 40,
    });
    expect(derivedFields("dedis", { item: "Crystal", currentStock: 30, maxStock: 0 }, null)).toMatchObject({
      percentage: 0,
    });
  });

  it("dinos: war ready, not ready, total raised, needs raised, different", () => {
    const ready = [2, 3, null, 1];
    const unready = [1, null, 4];
    const row = derivedFields("dinos", { dino: "Rex", type: "Soaker", ready, unready, target: 20 }, 8);
    expect(row).toMatchObject({
      dino: "Rex",
      type: "Soaker",
      warReady: 6,
      notReady: 5,
      totalRaised: 11,
      target: 20,
      percentage: 55,
      needsRaised: 9,
      currentStock: 11,
      previousStock: 8,
      different: 3,
    });
    expect(row.ready).toHaveLength(16);
    expect(row.unready).toHaveLength(16);
  });

  it("the history figure is the current stock, the admin stock or the total raised", () => {
    const figure = (kind: TabKind, data: Record<string, unknown>) => derivedFields(kind, data, null)[figureKey(kind)];
    expect(figure("war-vault", { counts: [1, 2, 3] })).toBe(6);
    expect(figure("admin-vault", { counts: Array(13).fill(1) })).toBe(12);
    expect(figure("dedis", { currentStock: 7 })).toBe(7);
    expect(figure("war-dedis", {})).toBeNull();
    expect(figure("dinos", { ready: [1, 1], unready: [2] })).toBe(4);
  });

  it("empty items and vault cell states", () => {
    expect(isEmptyItemName("Empty Item 7")).toBe(true);
    expect(isEmptyItemName("Element")).toBe(false);
    expect(isEmptyItemName(null)).toBe(false);
    expect(vaultCellState(350)).toBe("full");
    expect(vaultCellState(0)).toBe("empty");
    expect(vaultCellState(349)).toBe("partial");
    expect(vaultCellState(351)).toBe("partial");
    expect(vaultCellState(null)).toBeNull();
  });
});
