// A Discord id's column: kept for wide screens and the end of a phone's card, monospace, copied with a click in the
// HTML table.
import { CopyId } from "#app/components/MemberName";
import type { GridColumnDef } from "./types";

export function idColumn<T>(
  id: string,
  title: string,
  value: (row: T) => string | null | undefined,
  more: Partial<GridColumnDef<T>> = {},
): GridColumnDef<T> {
  return { id, title, priority: 3, value, render: (row) => <CopyId id={value(row)} />, className: "mono", ...more };
}
