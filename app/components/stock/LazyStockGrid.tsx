// The canvas grid after hydration, the HTML table before it (and while the grid's code loads, under the spec's
// "Loading summary..." spinner). glide-data-grid is loaded only by this page, only in the browser.
import { lazy, Suspense } from "react";
import { useHydrated } from "../../utils/hydrated";
import type { StockGridProps } from "./StockGrid.client";
import { TEXTS } from "./rules";

const loadGrid = () => import("./StockGrid.client");
const StockGrid = lazy(loadGrid);
// In the browser the grid's code starts loading with the page's own modules, not after hydration: it is the largest
// piece of the first paint (measured by bench/stock-paint.mjs).
if (typeof document !== "undefined") void loadGrid();

export function LazyStockGrid({ fallback, ...props }: StockGridProps & { fallback: React.ReactNode }) {
  const hydrated = useHydrated();
  if (!hydrated) return <>{fallback}</>;
  return (
    <Suspense
      fallback={
        <>
          <p className="stock-loading" role="status">
            <span className="spinner" aria-hidden /> {TEXTS.loading}
          </p>
          {fallback}
        </>
      }
    >
      <StockGrid {...props} />
    </Suspense>
  );
}
