// A table that is an accessible HTML table on the server and before hydration, and a canvas grid after it.
// Both call the same Remix actions.
import { lazy, Suspense, type ComponentType } from "react";
import { useHydrated } from "../../utils/hydrated";
import type { GridProps } from "./types";

const DataGrid = lazy(() => import("./DataGrid.client")) as unknown as ComponentType<GridProps<unknown>>;

export function CanvasTable<T>({ fallback, ...props }: GridProps<T> & { fallback: React.ReactNode }) {
  const hydrated = useHydrated();
  if (!hydrated) return <>{fallback}</>;
  return (
    <Suspense fallback={fallback}>
      <DataGrid {...(props as unknown as GridProps<unknown>)} />
    </Suspense>
  );
}
