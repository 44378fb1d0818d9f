// The badge tones' colours on the canvas grids: the pages' column definitions name them, so they load with every page
// that has a grid; the grids' theme (theme.ts) loads with the grids.

/** Badge colours on the canvas, readable on both themes (the HTML tables use the theme's badge classes). */
export const TONE_COLORS = {
  green: { fg: "#2f9e44", bg: "rgba(47, 158, 68, 0.16)" },
  blue: { fg: "#1c7ed6", bg: "rgba(28, 126, 214, 0.16)" },
  grey: { fg: "#868e96", bg: "rgba(134, 142, 150, 0.14)" },
  red: { fg: "#e03131", bg: "rgba(224, 49, 49, 0.14)" },
  yellow: { fg: "#f08c00", bg: "rgba(240, 140, 0, 0.16)" },
} as const satisfies Record<string, { fg: string; bg: string }>;
