// A Vite plugin for glide-data-grid's first frame (issue 11, first grid paint). The build fails if the pinned version's
// code is not what this expects.
//
// 1. Its InfiniteScroller skips its scroll handler in its first layout effect and runs it in a timer instead, so the
//    grid learns which cells it shows (its visible region and client size) only in a second render, a frame after it
//    mounted: the sheet's first frame was drawn without cells (ADR 025). The handler only reads the scroller's DOM,
//    which a layout effect may do, so it runs there from the first one: the grid draws its cells in the commit that
//    mounts it. The timer stays and then finds nothing changed.
// 2. It waits for document.fonts.ready when it mounts (and when its module runs), then empties its text measures and
//    draws the whole grid again, for fonts that were still loading. The page loads no fonts: in most loads that second
//    draw came in the same task, before the browser could show the first (ADR 058). Both now wait only while a font
//    is loading (document.fonts.status "loading"); the promise also waits for the document itself. The status is read
//    first: reading document.fonts.ready brings the page's style and layout up to date there and then (measured at
//    15-49 ms on a page of 6,000 elements just changed), and the status costs nothing (ADR 059).
const PATCHES = [
  {
    file: /@glideapps[\\/]glide-data-grid[\\/]dist[\\/]esm[\\/]internal[\\/]scrolling-data-grid[\\/]infinite-scroller\.js$/,
    what: "InfiniteScroller's first-scroll skip",
    from: "if (didFirstScroll.current) onScroll();else didFirstScroll.current = true;",
    to: "didFirstScroll.current = true;\n    onScroll();",
  },
  {
    file: /@glideapps[\\/]glide-data-grid[\\/]dist[\\/]esm[\\/]internal[\\/]data-grid[\\/]data-grid\.js$/,
    what: "DataGrid's redraw once fonts are ready",
    from: "if (document?.fonts?.ready === undefined)\n                return;",
    to: 'if (document?.fonts?.status !== "loading" || document.fonts.ready === undefined)\n                return;',
  },
  {
    file: /@glideapps[\\/]glide-data-grid[\\/]dist[\\/]esm[\\/]internal[\\/]data-grid[\\/]render[\\/]data-grid-lib\.js$/,
    what: "the text measures emptied once fonts are ready",
    from: "if (isSSR || document?.fonts?.ready === undefined)\n        return;",
    to: 'if (isSSR || document?.fonts?.status !== "loading" || document.fonts.ready === undefined)\n        return;',
  },
];

export function glideFirstFrame() {
  return {
    name: "glide-first-frame",
    transform(code, id) {
      const patch = PATCHES.find((p) => p.file.test(id));
      if (!patch) return undefined;
      if (!code.includes(patch.from)) this.error(`glide-first-frame: ${patch.what} not found in ${id}`);
      return { code: code.replace(patch.from, patch.to), map: null };
    },
  };
}
