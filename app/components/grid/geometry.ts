// The canvas grids' geometry, in CSS pixels: the grids are drawn with it, and the browser tests click cells by it.
// Plain numbers (no React, no DOM), so the browser tests can import this file.

export type GridGeometry = {
  rowHeight: number;
  headerHeight: number;
  /** The row marker column at the left (the row number or drag handle); 0 without one. */
  rowMarkerWidth: number;
  /** Room below the last row: the frame's borders, and the stock sheet's horizontal scrollbar. */
  slack: number;
};

/** The table grids (codes, tribelists, vouches, server stats): DataGrid.client.tsx. */
export const TABLE_GRID: GridGeometry = { rowHeight: 36, headerHeight: 38, rowMarkerWidth: 0, slack: 2 };

/** The 2411 stock sheet: StockGrid.client.tsx (its row markers hold the number and the drag handle). */
export const STOCK_GRID: GridGeometry = { rowHeight: 34, headerHeight: 36, rowMarkerWidth: 44, slack: 16 };

/** The glyph before a cell's text (platforms), and a stock item's picture. */
export const CELL_ICON_SIZE = 16;
export const CELL_IMAGE_SIZE = 24;

/** The height that shows `rows` rows (at least one) without scrolling inside the grid. */
export const gridHeight = (geometry: GridGeometry, rows: number) =>
  geometry.headerHeight + Math.max(rows, 1) * geometry.rowHeight + geometry.slack;

/** The DataEditor props that size a grid: its row and header heights, the full width, and a height. */
export const editorSize = (geometry: GridGeometry, height: number) =>
  ({ rowHeight: geometry.rowHeight, headerHeight: geometry.headerHeight, width: "100%", height }) as const;

/** The vertical middle of a row (0 is the first row in view), from the top of the grid's canvas. */
export const rowMiddle = (geometry: GridGeometry, row: number) =>
  geometry.headerHeight + row * geometry.rowHeight + geometry.rowHeight / 2;
