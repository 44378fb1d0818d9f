// Text colours a person or the product picks, drawn readable on the canvas grids: WCAG 2 contrast of at least 4.5:1
// against what is behind them. The stored colour is kept; only what is drawn changes. The HTML tables do it in CSS
// (.pick in app.css), so no page loads this file before its grid.

type Rgba = [number, number, number, number];

/** #rgb, #rrggbb, #rrggbbaa, rgb() or rgba(); null for anything else. */
export function parseColour(colour: string): Rgba | null {
  const c = colour.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(c);
  if (hex) {
    const h = hex[1].length === 3 ? [...hex[1]].map((d) => d + d).join("") : hex[1];
    const alpha = h.length === 8 ? parseInt(h.slice(6, 8), 16) / 255 : 1;
    return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16), alpha];
  }
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$/.exec(c);
  if (!rgb) return null;
  const a = rgb[4] === undefined ? 1 : rgb[4].endsWith("%") ? parseFloat(rgb[4]) / 100 : parseFloat(rgb[4]);
  return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), a];
}

/** `top` laid over an opaque `bottom`. */
const over = (top: Rgba, bottom: Rgba): Rgba =>
  [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3])).concat(1) as Rgba;

const luminance = ([r, g, b]: Rgba) => {
  const lin = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};

const ratio = (a: Rgba, b: Rgba) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};

/** The contrast ratio of a text colour over a background (itself over an opaque page colour). */
export function contrast(fg: string, bg: string, page = "#ffffff"): number {
  const [f, b, p] = [parseColour(fg), parseColour(bg), parseColour(page)];
  if (!f || !b || !p) return 21;
  const back = over(b, over(p, [255, 255, 255, 1]));
  return ratio(over(f, back), back);
}

const toHex = (c: Rgba) =>
  `#${c
    .slice(0, 3)
    .map((v) => Math.round(v).toString(16).padStart(2, "0"))
    .join("")}`;
const cache = new Map<string, string>();

/**
 * `fg` as drawn over `bg` (which may be a tint) over the opaque `page`: itself when it reaches `min`, else moved
 * toward black on a light background, or white on a dark one, by the least step that does.
 */
export function readable(fg: string, bg: string | undefined, page: string, min = 4.5): string {
  const key = `${fg}|${bg}|${page}|${min}`;
  const known = cache.get(key);
  if (known) return known;
  const [f, p] = [parseColour(fg), parseColour(page)];
  const b = bg ? parseColour(bg) : null;
  let answer = fg;
  if (f && p) {
    const back = b ? over(b, over(p, [255, 255, 255, 1])) : over(p, [255, 255, 255, 1]);
    const solid = over(f, back);
    if (ratio(solid, back) < min) {
      const target: Rgba = luminance(back) > 0.18 ? [0, 0, 0, 1] : [255, 255, 255, 1];
      answer = toHex(target);
      for (let t = 0.05; t < 1; t += 0.05) {
        const moved = [0, 1, 2].map((i) => solid[i] + (target[i] - solid[i]) * t).concat(1) as Rgba;
        if (ratio(moved, back) >= min) {
          answer = toHex(moved);
          break;
        }
      }
    }
  }
  if (cache.size > 2000) cache.clear();
  cache.set(key, answer);
  return answer;
}
