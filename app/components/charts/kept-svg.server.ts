// A chart's SVG rendered once per distinct input while that input is recent: the markup of the last few inputs is
// kept in the isolate, so every view of the same data (each person on a server's page, each dashboard view between two
// vouches) gets it without rendering the chart again.

/** `render` with its answers kept for the last `size` distinct inputs (by their JSON). */
export function keptSvg<A>(render: (input: A) => string, size = 16): (input: A) => string {
  const kept = new Map<string, string>();
  return (input) => {
    const key = JSON.stringify(input);
    const found = kept.get(key);
    if (found !== undefined) {
      kept.delete(key); // the most recently used goes last, and the least recently used is dropped first
      kept.set(key, found);
      return found;
    }
    const svg = render(input);
    kept.set(key, svg);
    if (kept.size > size) kept.delete(kept.keys().next().value as string);
    return svg;
  };
}
