// A sheet's canvas grid after hydration, its HTML table before it (and while the grid's code loads, under a spinner).
// glide-data-grid is loaded only by the sheet pages, only in the browser.
import { lazy, Suspense } from "react";
import { useHydrated } from "../../utils/hydrated";
import type { SheetGridProps } from "./SheetGrid.client";

const loadGrid = () => import("./SheetGrid.client");
const SheetGrid = lazy(loadGrid);
// In the browser the grid's code starts loading with the page's own modules, not after hydration: it is the largest
// piece of the first paint (measured by `npm run bench`: first grid paint against first contentful paint).
if (typeof document !== "undefined") void loadGrid();

export function LazySheetGrid({ fallback, loading, ...props }: SheetGridProps & { fallback: React.ReactNode; loading: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return <>{fallback}</>;
  return (
    <Suspense
      fallback={
        <>
          <p className="stock-loading" role="status">
            <span className="spinner" aria-hidden /> {loading}
          </p>
          {fallback}
        </>
      }
    >
      <SheetGrid {...props} />
    </Suspense>
  );
}
