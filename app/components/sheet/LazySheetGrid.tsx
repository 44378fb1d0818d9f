// A sheet's canvas grid after hydration, its HTML table before it (and while the grid's code loads, under a spinner).
// glide-data-grid is loaded only by the sheet pages, only in the browser.
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType } from "react";
import { isHydrating } from "../../utils/hydrated";
import type { SheetGridProps } from "./SheetGrid.client";

type Grid = ComponentType<SheetGridProps>;

// In the browser the grid's code starts loading with the page's own modules, not after hydration: it is the largest
// piece of the first paint (measured by `npm run bench`: first grid paint against first contentful paint). Once it has
// run, the grid renders in the same task as the hydration that makes room for it (no Suspense round trip).
let loadedGrid: Grid | null = null;
const gridCode =
  typeof document === "undefined"
    ? null
    : import("./SheetGrid.client").then(
        (m) => (loadedGrid = m.default),
        // The table stays (it is the whole sheet without the grid's editing); a reload tries again.
        (error) => (console.error("The sheet grid's code did not load", error), null),
      );

/** A layout effect in the browser (it runs before the first paint after hydration), nothing on the server. */
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * The grid to show and the width of the table it replaces; `waiting` while its code loads. `asServed`: the hydrating
 * render, which keeps the server's table as it is.
 */
type Swap = { Grid: Grid; width?: number } | { waiting: boolean; asServed?: boolean };

export function LazySheetGrid({ fallback, loading, ...props }: SheetGridProps & { fallback: React.ReactNode; loading: string }) {
  // The table on the server and in the hydrating render; the grid right after hydration commits. Hydration leaves the
  // server's table untouched instead of hydrating it (a hundred rows of cells and forms, the largest part of a sheet
  // page's hydration), since the grid replaces it in the same commit: React neither reads nor patches the children of
  // an element whose HTML is set, and the table stays a working no-JavaScript table until then.
  const [swap, setSwap] = useState<Swap>(() => ({ waiting: false, asServed: isHydrating() }));
  const slot = useRef<HTMLDivElement>(null);
  useBrowserLayoutEffect(() => {
    const width = slot.current?.firstElementChild?.firstElementChild?.clientWidth || undefined;
    if (loadedGrid) return setSwap({ Grid: loadedGrid, width });
    setSwap({ waiting: true });
    let live = true;
    void gridCode?.then((Grid) => live && setSwap(Grid ? { Grid, width } : { waiting: false }));
    return () => {
      live = false;
    };
  }, []);
  return (
    <div ref={slot}>
      {"Grid" in swap ? (
        <swap.Grid {...props} initialWidth={swap.width} />
      ) : (
        <>
          {swap.waiting ? (
            <p className="stock-loading" role="status">
              <span className="spinner" aria-hidden /> {loading}
            </p>
          ) : null}
          {swap.asServed ? (
            <div dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />
          ) : (
            <div>{fallback}</div>
          )}
        </>
      )}
    </div>
  );
}
