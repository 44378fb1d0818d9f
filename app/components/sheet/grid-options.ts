// The sheet grid's fixed settings for glide-data-grid: its keys, its scroll strategy, its empty selection and sizes.
import { CompactSelection, type GridSelection, type Theme } from "@glideapps/glide-data-grid";

/**
 * Google Sheets' keys: F2 edits too, Backspace clears like Delete, Ctrl+D and Ctrl+R fill down and right. A paste is
 * read from the paste event by the grid's frame (glide's own waits on the async clipboard API).
 */
export const KEYBINDINGS = {
  activateCell: " |Enter|shift+Enter|F2",
  delete: "Backspace|Delete",
  downFill: true,
  rightFill: true,
  paste: false,
} as const;

/**
 * Two buffers that scrolling copies between, as glide does for Safari, where its default copies the canvas onto itself:
 * a canvas drawn without a GPU (this machine's chromium) paid that copy in every frame, and a fling through the whole
 * Breeder List dropped frames (ADR 066, `npm run bench`).
 */
export const EXPERIMENTAL = { renderStrategy: "double-buffer" } as const;

export const EMPTY_SELECTION: GridSelection = { columns: CompactSelection.empty(), rows: CompactSelection.empty() };

/** The stock sheet's sizes on the page's theme. */
export const GRID_SIZES: Partial<Theme> = {
  bgSearchResult: "rgba(240, 140, 0, 0.25)",
  baseFontStyle: "13px",
  headerFontStyle: "600 12px",
  editorFontSize: "13px",
};
