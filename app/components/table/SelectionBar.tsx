// A grid page's toolbar for the selected row: what the page shows of the row and its actions, or, with no row
// selected, a hint (how to edit for those who may, else that a row shows here).
import { useCallback, useState, type ReactNode } from "react";
import { RowActions } from "./RowActions";

/** The row a person selected in the grid, kept by its _id: a reload of the rows keeps it selected while it is there. */
export function useSelectedRow<T extends { _id: string }>(rows: T[]) {
  const [id, setId] = useState<string | null>(null);
  return {
    selected: id === null ? undefined : rows.find((r) => r._id === id),
    select: useCallback((row: T | null) => setId(row?._id ?? null), []),
  };
}

export function SelectionBar({
  label,
  canEdit,
  editHint,
  className = "grid-actions",
  testId,
  children,
}: {
  /** The toolbar's name, such as "Selected code". */
  label: string;
  canEdit: boolean;
  /** The hint for those who may edit, with no row selected. */
  editHint: string;
  /** The bar's own class, besides .selection-bar (app.css). */
  className?: string;
  testId?: string;
  /** The selected row's part, or null when no row is selected. */
  children: ReactNode;
}) {
  return (
    <div className={`selection-bar ${className}`} role="toolbar" aria-label={label} data-testid={testId}>
      {children ?? <span className="muted small">{canEdit ? editHint : "Select a row to see it here."}</span>}
    </div>
  );
}

/** The selected row on the toolbar: what it is, then its Edit, Delete and History (RowActions). */
export function SelectedRow({ summary, ...actions }: { summary: ReactNode } & Parameters<typeof RowActions>[0]) {
  return (
    <>
      <span>{summary}</span>
      <RowActions {...actions} />
    </>
  );
}
