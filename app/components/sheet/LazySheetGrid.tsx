// A sheet's canvas grid after hydration, its HTML table before it (and while the grid's code loads, under a spinner).
// glide-data-grid is loaded only by the sheet pages, only in the browser, and not on a phone: there the table is a
// list of cards, each opening its row's form (ADR 071).
import { useRef, type ComponentType } from "react";
import { onPhone } from "#app/components/grid/columns";
import { KeptAsServed, lateCode, useBrowserLayoutEffect, useLateCode } from "#app/utils/hydrated";
import type { SheetBar, SheetGridProps } from "./SheetGrid.client";

// In the browser the grid's code starts loading with the page's own modules, not after hydration: it is the largest
// piece of the first paint (measured by `npm run bench`: first grid paint against first contentful paint). Its chunks
// are requested in <head> with the page (preload.ts), and hydration waits a little for it (ADR 057), so the grid renders
// in the task of the hydration that makes room for it. If it does not load, the table stays: it is the whole sheet
// without the grid's editing, and a reload tries again.
const sheetGrid = lateCode<{ Grid: ComponentType<SheetGridProps>; Bar: typeof SheetBar }>(
  () => import("./SheetGrid.client").then((m) => ({ Grid: m.default, Bar: m.SheetBar })),
  "The sheet grid's code",
  { awaitedByHydration: !onPhone },
);

type BarProps = Parameters<typeof SheetBar>[0];

type Props = SheetGridProps & {
  fallback: React.ReactNode;
  loading: string;
  bar: Pick<BarProps, "sheet" | "onDiscard">;
};

export function LazySheetGrid(props: Props) {
  // The server renders the fallback in a <div> inside a <div> as well, so a phone's page hydrates it as served.
  return onPhone ? (
    <div>
      <div>{props.fallback}</div>
    </div>
  ) : (
    <GridOrTable {...props} />
  );
}

function GridOrTable({ fallback, loading, bar, ...props }: Props) {
  // The table on the server; kept as served from hydration until the grid replaces it (a hundred rows of cells and
  // forms, the largest part of a sheet page's hydration), and a working no-JavaScript table until then.
  const { code, asServed, waiting, servedHidden } = useLateCode(sheetGrid);
  const Grid = code?.Grid;
  // The grid starts at the width of the table it replaces, measured before anything else changes on the page.
  const slot = useRef<HTMLDivElement>(null);
  const width = useRef<number>();
  useBrowserLayoutEffect(() => {
    width.current = slot.current?.firstElementChild?.firstElementChild?.clientWidth || undefined;
  }, []);
  return (
    <div ref={slot}>
      {code ? <code.Bar {...bar} onDiscardOrder={bar.onDiscard} /> : null}
      {Grid ? (
        <Grid {...props} initialWidth={width.current} />
      ) : waiting ? (
        <p className="stock-loading" role="status">
          <span className="spinner" aria-hidden /> {loading}
        </p>
      ) : null}
      {asServed || servedHidden ? <KeptAsServed hidden={servedHidden} /> : Grid ? null : <div>{fallback}</div>}
    </div>
  );
}
