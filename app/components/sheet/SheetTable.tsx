// A sheet as an HTML table: the server's render, the no-JavaScript view and the grid's fallback while it loads. The
// row being edited posts its inputs with its version through the page's action, with its row tools (colour, Move up /
// Move down, History) under it (ADR 055).
import { NUMBER, rowsMarkup } from "./rows-markup";
import { EditRow } from "./EditRow";
import { useHideBrokenImages } from "./use-hide-broken-images";
import type { PackedRows, SheetColumn, SheetEnds, SheetRow } from "./rules";

/**
 * A sheet's own rendering of a view cell: a class (vault fill, stat colour), a style (CSS text, such as the stat colour's
 * custom property) or content in place of the text (a badge, an icon), as markup from app/utils/html.ts.
 */
export type HtmlCell = { className?: string; style?: string; html?: string };
export type HtmlLook = (column: SheetColumn, row: SheetRow) => HtmlCell | undefined;

export type RowEditState = {
  /** The submitted values of a refused or invalid save, shown again in the form. */
  values?: Record<string, string>;
  /** The version to save against after a refusal (the row's current one). */
  version?: number;
  message?: string;
};

export function SheetTable({
  label,
  hidden,
  columns,
  rows,
  packed,
  editing,
  editState,
  editHref,
  closeHref,
  busy,
  rowName,
  ends,
  look,
  testId = "stock-table",
  readOnly,
  historyHref,
}: {
  label: string;
  /** The form fields every form of the sheet posts (the stock tab, the breeder page's tab). */
  hidden: Record<string, string>;
  rowName: (row: SheetRow) => string;
  ends: SheetEnds;
  columns: SheetColumn[];
  rows: SheetRow[];
  /** The same rows as the page received them, packed (the breeder list): they name the rows for the kept markup. */
  packed?: PackedRows;
  look?: HtmlLook;
  testId?: string;
  editing: string | null;
  editState?: RowEditState;
  editHref: (id: string) => string;
  closeHref: string;
  busy?: boolean;
  /** A member who may only read: no Edit links, no Move buttons, no row being edited (contract/access.ts). */
  readOnly?: boolean;
  /** A row's history on the Audit page, for those who may read it. */
  historyHref?: (id: string) => string;
}) {
  // The rows nobody edits are markup written as text (ADR 019): a page of a sheet is thousands of cells, and as React
  // elements they cost the server more than the rest of the page together, and the browser as much again to hydrate,
  // for a table that only shows until the grid paints. The row being edited is React (its inputs keep typed values).
  const at = editing && !readOnly ? rows.findIndex((row) => row._id === editing) : -1;
  const shown = { columns, look, hidden, rowName, editHref, testId, readOnly: Boolean(readOnly), historyHref };
  const before = at < 0 ? rows : rows.slice(0, at);
  useHideBrokenImages(rows);
  return (
    <div className="table-scroll stock-table-scroll">
      {/* A list of cards on a phone (stock.css): each row's name and key figures (labelled), its Edit link the card. */}
      <table className="table stock-table sheet-cards" data-testid={testId}>
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.id} scope="col" className={c.align === "right" ? NUMBER : undefined}>
                {c.title}
              </th>
            ))}
            {readOnly && !historyHref ? null : (
              <th scope="col" className="actions">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody
          dangerouslySetInnerHTML={{
            __html: rowsMarkup({ rows: before, s: shown, named: packed && [packed, at, "before"] }),
          }}
        />
        {at < 0 ? null : (
          <>
            <tbody>
              <EditRow
                hidden={hidden}
                row={rows[at]}
                name={rowName(rows[at])}
                columns={columns}
                state={editState}
                closeHref={closeHref}
                stayHref={editHref(rows[at]._id)}
                ends={ends}
                historyHref={historyHref}
                busy={busy}
              />
            </tbody>
            <tbody
              dangerouslySetInnerHTML={{
                __html: rowsMarkup({ rows: rows.slice(at + 1), s: shown, named: packed && [packed, at, "after"] }),
              }}
            />
          </>
        )}
      </table>
    </div>
  );
}
