// A table that is an accessible HTML table on the server and before hydration, and a canvas grid after it on a wide
// screen. On a phone it stays the HTML table, which app.css shows as a list of cards. Both call the same Remix actions.
import type { ComponentType } from "react";
import { KeptAsServed, lateCode, useLateCode } from "#app/utils/hydrated";
import { onPhone } from "./columns";
import type { GridProps } from "./types";

// The grid's code starts loading with the page's modules, except on a phone; once it has run, the grid takes the
// table's place in the commit that ends hydration (ADR 047). If it does not load, the table stays.
const dataGrid = lateCode(
  () => import("./DataGrid.client").then((m) => m.default as unknown as ComponentType<GridProps<unknown>>),
  "The table grid's code",
  { eager: !onPhone },
);

type Props<T> = GridProps<T> & { fallback: React.ReactNode; servedOnly?: boolean };

export function CanvasTable<T>(props: Props<T>) {
  // The server renders the fallback in a <div> as well, so the phone's page hydrates it as it was served.
  return onPhone ? <div>{props.fallback}</div> : <GridTable {...props} />;
}

function GridTable<T>({ fallback, servedOnly = false, ...props }: Props<T>) {
  // The server's table is kept as served (not hydrated) until the grid replaces it, and works as it does without
  // JavaScript meanwhile. Unless it holds what only the page without JavaScript shows (`servedOnly`: a tribelist's add
  // or edit row, which the hydrated page shows in a panel of its own): then React hydrates it and renders it as it is
  // once hydrated, so the page never shows both.
  const { code: Grid, asServed, servedHidden } = useLateCode(dataGrid, !servedOnly);
  return (
    <>
      {Grid ? <Grid {...(props as unknown as GridProps<unknown>)} /> : null}
      {asServed || servedHidden ? <KeptAsServed hidden={servedHidden} /> : Grid ? null : <div>{fallback}</div>}
    </>
  );
}
