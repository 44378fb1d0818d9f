// The accessible HTML table a canvas grid stands in for: what the server renders, what shows before hydration and
// without JavaScript. Its header and cells come from the same column list as the grid, so the titles are written once.
import { priorityOf } from "./columns";
import type { CellValue, GridColumnDef } from "./types";
import { EmptyRow } from "#app/components/table/EmptyRow";

/** A cell's classes: its column's, and its priority's, which orders a phone's card (app.css). */
const cellClass = (c: { className?: string; priority?: 1 | 2 | 3 }) => {
  const p = priorityOf(c);
  const priority = p === 2 ? undefined : `priority-${p}`;
  return [c.className, priority].filter(Boolean).join(" ") || undefined;
};

/** A cell as text when its column says nothing else: empty for no value, Yes/No for a flag; an image as an avatar. */
function plainCell<T>(column: GridColumnDef<T>, row: T): React.ReactNode {
  const value: CellValue = column.value(row);
  if (column.kind === "image") {
    return (
      <img
        className="avatar"
        src={value == null ? undefined : String(value)}
        width={28}
        height={28}
        alt=""
        loading="lazy"
      />
    );
  }
  if (value === null || value === undefined) return null;
  return typeof value === "boolean" ? (value ? "Yes" : "No") : value;
}

export function HtmlTable<T>({
  columns,
  rows,
  rowKey,
  caption,
  className,
  testId,
  cells,
  rowProps,
  leading,
  empty,
  renderRow,
}: {
  columns: GridColumnDef<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** The table's name for screen readers. */
  caption: string;
  className: string;
  testId?: string;
  /** Cells that need the page's state (links back to this URL, forms): by column id, over the column's own render. */
  cells?: Partial<Record<string, (row: T) => React.ReactNode>>;
  /** Attributes of a row (data attributes that tests and scripts read). */
  rowProps?: (row: T) => Record<`data-${string}`, string | number>;
  /** Rows before the data rows: an add form, an empty state. */
  leading?: React.ReactNode;
  /** What the table says when it has no rows; null says nothing (the page says why, as when the read failed). */
  empty?: string | null;
  /** A row drawn another way (an edit form, with its own key), or undefined for the usual cells. */
  renderRow?: (row: T) => React.ReactNode | undefined;
}) {
  return (
    // A table wider than the screen scrolls inside this box: a keyboard reaches it (and scrolls it with the arrows)
    // even when its rows hold no link or button (WCAG 2.1.1; axe's scrollable-region-focusable).
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
      {/* A list of cards on a phone (app.css, below CARDS_BELOW): each cell names its column. */}
      <table className={`${className} table-cards`} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.id} scope="col" className={cellClass({ className: c.headerClassName, priority: c.priority })}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {leading}
          {rows.length === 0 && empty ? <EmptyRow columns={columns.length} text={empty} /> : null}
          {rows.map(
            (r) =>
              renderRow?.(r) ?? (
                <tr key={rowKey(r)} {...rowProps?.(r)}>
                  {columns.map((c) => {
                    const render = cells?.[c.id] ?? c.render;
                    return (
                      <td key={c.id} className={cellClass(c)} data-label={c.title}>
                        {render ? render(r) : plainCell(c, r)}
                      </td>
                    );
                  })}
                </tr>
              ),
          )}
        </tbody>
      </table>
    </div>
  );
}
