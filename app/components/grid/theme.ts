// The canvas grids' theme: the page theme's colours, following its changes (the theme class on <html>, or the
// system's scheme when the theme is "system"). Browser only: it loads with the grids, after hydration.
import type { Theme } from "@glideapps/glide-data-grid";
import { useEffect, useState } from "react";

/**
 * A theme colour as the canvas can use it. The page's variables hold light-dark(...) pairs, which a custom property
 * keeps unresolved, so each is resolved through a probe element's computed colour.
 */
export function cssVar(name: string) {
  const probe = document.createElement("span");
  probe.style.color = `var(${name})`;
  probe.style.display = "none";
  document.body.appendChild(probe);
  const colour = getComputedStyle(probe).color;
  probe.remove();
  return colour;
}

function isDark() {
  const root = document.documentElement;
  if (root.classList.contains("theme-dark")) return true;
  if (root.classList.contains("theme-light")) return false;
  return window.matchMedia("(prefers-color-scheme: dark)").matches;
}

function read(sizes: Partial<Theme>) {
  const dark = isDark();
  const theme: Partial<Theme> = {
    accentColor: cssVar("--accent") || "#d9480f",
    accentLight: dark ? "rgba(255, 122, 61, 0.18)" : "rgba(217, 72, 15, 0.12)",
    textDark: cssVar("--text"),
    textMedium: cssVar("--muted"),
    textLight: cssVar("--muted"),
    textHeader: cssVar("--muted"),
    textBubble: cssVar("--text"),
    bgCell: cssVar("--panel"),
    bgCellMedium: cssVar("--panel-2"),
    bgHeader: cssVar("--panel-2"),
    bgHeaderHasFocus: cssVar("--panel-2"),
    bgHeaderHovered: cssVar("--border"),
    bgBubble: cssVar("--panel-2"),
    borderColor: cssVar("--border"),
    horizontalBorderColor: cssVar("--border"),
    drilldownBorder: cssVar("--border"),
    linkColor: cssVar("--accent"),
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    ...sizes,
  };
  return { dark, theme };
}

/** The page theme's colours for a grid, with the grid's own sizes (a constant: read again on every theme change). */
export function useGridTheme(sizes: Partial<Theme>) {
  const [state, setState] = useState(() => read(sizes));
  useEffect(() => {
    const update = () => setState(read(sizes));
    const observer = new MutationObserver(update);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    media.addEventListener("change", update);
    return () => {
      observer.disconnect();
      media.removeEventListener("change", update);
    };
  }, [sizes]);
  return state;
}
