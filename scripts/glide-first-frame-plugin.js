// A Vite plugin: glide-data-grid's InfiniteScroller skips its scroll handler in its first layout effect and runs it in
// a timer instead, so the grid learns which cells it shows (its visible region and client size) only in a second
// render, a frame after it mounted: the sheet's first frame was drawn without cells (issue 11, first grid paint; ADR
// 025). The handler only reads the scroller's DOM, which a layout effect may do, so it runs there from the first one:
// the grid draws its cells in the commit that mounts it. The timer stays and then finds nothing changed.
// The build fails if the pinned version's code is not what this expects.
const FILE = /@glideapps[\\/]glide-data-grid[\\/]dist[\\/]esm[\\/]internal[\\/]scrolling-data-grid[\\/]infinite-scroller\.js$/;
const SKIP = "if (didFirstScroll.current) onScroll();else didFirstScroll.current = true;";
const RUN = "didFirstScroll.current = true;\n    onScroll();";

export function glideFirstFrame() {
  return {
    name: "glide-first-frame",
    transform(code, id) {
      if (!FILE.test(id)) return undefined;
      if (!code.includes(SKIP)) this.error(`glide-first-frame: InfiniteScroller's first-scroll skip not found in ${id}`);
      return { code: code.replace(SKIP, RUN), map: null };
    },
  };
}
