// The sheet grid's chunks, for the sheet pages' modulepreload links (scripts/grid-preload-plugin.js).
import files from "virtual:grid-preload";

export const GRID_PRELOAD: readonly string[] = files;
