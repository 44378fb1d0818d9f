// The grids' geometry: the heights the grids take, and the row middles the browser tests click.
import { describe, expect, it } from "vitest";
import { editorSize, gridHeight, rowMiddle, STOCK_GRID, TABLE_GRID } from "./geometry";

describe("grid geometry", () => {
  it("sizes a table grid to its rows, one row at least (header 38, rows 36, borders 2)", () => {
    expect(gridHeight(TABLE_GRID, 0)).toBe(38 + 36 + 2);
    expect(gridHeight(TABLE_GRID, 25)).toBe(38 + 25 * 36 + 2);
  });

  it("sizes the stock sheet with room for its scrollbar (header 36, rows 34)", () => {
    expect(gridHeight(STOCK_GRID, 3)).toBe(36 + 3 * 34 + 16);
    expect(STOCK_GRID.rowMarkerWidth).toBe(44);
  });

  it("gives the grid component its sizes", () => {
    expect(editorSize(STOCK_GRID, 400)).toEqual({ rowHeight: 34, headerHeight: 36, width: "100%", height: 400 });
  });

  it("finds a row's middle below the header", () => {
    expect(rowMiddle(TABLE_GRID, 0)).toBe(38 + 18);
    expect(rowMiddle(STOCK_GRID, 4)).toBe(36 + 4 * 34 + 17);
  });
});
