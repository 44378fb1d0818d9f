// What the nivo charts share: a theme from the page's CSS variables (follows the theme without re-rendering) and the
// card's width; the server renders the SVG at a default width, and the width follows the card after hydration.
import { useCallback, useEffect, useRef, useState } from "react";

export const CHART_THEME = {
  background: "transparent",
  text: { fill: "var(--muted)", fontSize: 12, fontFamily: "inherit", outlineWidth: 0, outlineColor: "transparent" },
  axis: {
    domain: { line: { stroke: "var(--border)", strokeWidth: 1 } },
    ticks: { line: { stroke: "var(--border)", strokeWidth: 1 }, text: { fill: "var(--muted)", fontSize: 12 } },
  },
  grid: { line: { stroke: "var(--border)", strokeWidth: 1, strokeDasharray: "4 4" } },
  crosshair: { line: { stroke: "var(--muted)", strokeWidth: 1, strokeOpacity: 0.6, strokeDasharray: "4 4" } },
  tooltip: {
    container: {
      background: "var(--panel)",
      color: "var(--text)",
      border: "1px solid var(--border)",
      borderRadius: 8,
      fontSize: 13,
      boxShadow: "0 8px 30px rgb(0 0 0 / 0.18)",
    },
  },
};

/**
 * The axis ticks whose labels fit: every k-th tick counted back from the last (so the newest is always labelled), with
 * k the smallest step that leaves the widest label room. `gap` is the pixels between two neighbouring ticks.
 */
export function fittingTicks<T>(ticks: T[], gap: number, labels: string[]): T[] {
  const room = Math.max(0, ...labels.map((l) => l.length)) * 7 + 14; // about 7 px a character at the axis' 12 px
  const step = gap > 0 ? Math.ceil(room / gap) : 1;
  if (step <= 1) return ticks;
  return ticks.filter((_, i) => (ticks.length - 1 - i) % step === 0);
}

/** What the server renders before the browser can measure: about a card's width on a laptop screen. */
export const DEFAULT_CHART_WIDTH = 900;
/** Narrower than this, the element is hidden or not laid out yet: the last width is kept. */
const MIN_MEASURED = 200;

/**
 * The width of the element the returned ref is attached to, followed as it resizes. A callback ref, so an element
 * that appears later (a chart shown once its data arrives) is measured too.
 */
export function useElementWidth(initial = DEFAULT_CHART_WIDTH) {
  const [width, setWidth] = useState(initial);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) return;
    const measure = () => {
      const measured = Math.floor(el.getBoundingClientRect().width);
      if (measured >= MIN_MEASURED) setWidth(measured);
    };
    measure();
    observer.current = new ResizeObserver(measure);
    observer.current.observe(el);
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, width] as const;
}
