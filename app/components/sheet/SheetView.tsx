// A sheet on the page: its canvas grid after hydration, its HTML table (with the row being edited, and a refused
// save's typed values and message) before it and without JavaScript. The page passes its sheet state (useSheet), its
// rows as the server sent them, its looks and its names; the edit links stay on the page's own URL.
import { Link, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { useCan } from "#app/utils/access";
import { historyHref, historyHrefs, perRow, withParams } from "#app/utils/table";

/**
 * The HTML table's rows at most: a whole sheet (ADR 066) is for the grid, which draws only the rows in sight; written as
 * a table it would be megabytes of markup for a view that shows until the grid paints, or pages without JavaScript.
 */
export const TABLE_ROWS = 100;
import { LazySheetGrid } from "./LazySheetGrid";
import type { SheetLook } from "./cells";
import { SheetTable, type HtmlLook, type RowEditState } from "./SheetTable";
import type { PackedRows, SheetEnds, SheetRow } from "./rules";
import type { Sheet } from "./use-sheet";

/** What the sheet action answers a refused no-JavaScript row save (app/components/sheet/sheet-action.server.ts). */
export type RowSaveAnswer = {
  intent?: string;
  _id?: string;
  values?: Record<string, string>;
  version?: number;
  conflict?: string;
  error?: string;
};

export function SheetView({
  sheet,
  rows,
  packed,
  label,
  loading,
  look,
  htmlLook,
  hidden,
  rowName,
  ends,
  editing,
  testId,
  audited,
  onDiscard,
}: {
  sheet: Sheet;
  /** The server's rows of the view (the HTML table shows them as stored). */
  rows: SheetRow[];
  /** The same rows as the page received them, when packed (the breeder list): they name the table's kept markup. */
  packed?: PackedRows;
  label: string;
  /** The words under the spinner while the grid's code loads. */
  loading: string;
  look: SheetLook;
  htmlLook: HtmlLook;
  hidden: Record<string, string>;
  rowName: (row: SheetRow) => string;
  /** The whole sheet's first and last ids (Move up / Move down at its ends are disabled). */
  ends: SheetEnds;
  editing: string | null;
  /** The grid's and table's test ids: `${testId}-grid` and `${testId}-table`. */
  testId: string;
  /** The rows' entity in the audit trail (contract/audit.ts): each row links to its history for those who may read it. */
  audited: string;
  /** After Discard (the breeder list reloads from the server). */
  onDiscard?: () => void;
}) {
  const canAudit = useCan("admin");
  const answer = useActionData() as RowSaveAnswer | undefined;
  const navigation = useNavigation();
  const location = useLocation();
  const here = location.pathname + location.search;
  const editHref = perRow(here, "edit", { dialog: null });
  const cut = rows.length > TABLE_ROWS;
  const editState: RowEditState | undefined =
    answer?.intent === "save-row" && answer._id === editing
      ? { values: answer.values, version: answer.version, message: answer.conflict ?? answer.error }
      : undefined;
  return (
    <>
      <LazySheetGrid
        bar={{ sheet, onDiscard }}
        {...sheet.grid}
        label={label}
        look={look}
        loading={loading}
        testId={`${testId}-grid`}
        fallback={
          <>
            <SheetTable
              label={label}
              hidden={hidden}
              rowName={rowName}
              look={htmlLook}
              ends={ends}
              columns={sheet.grid.columns}
              rows={cut ? rows.slice(0, TABLE_ROWS) : rows}
              packed={cut ? undefined : packed}
              editing={editing}
              editState={editState}
              editHref={editHref}
              closeHref={withParams(here, { edit: null, dialog: null })}
              busy={navigation.state === "submitting"}
              readOnly={sheet.readOnly}
              historyHref={canAudit ? historyHrefs(audited) : undefined}
              testId={`${testId}-table`}
            />
            {cut ? (
              <p className="muted small" data-testid={`${testId}-table-cut`}>
                The table shows the first {TABLE_ROWS} of {rows.length} rows; the grid shows them all. Without
                JavaScript, <Link to={withParams(here, { size: null, edit: null })}>show the sheet in pages</Link>.
              </p>
            ) : null}
          </>
        }
      />
      <ConflictNotice sheet={sheet} />
    </>
  );
}

/**
 * With JavaScript, the grid's selection names the row: "History" of the one row the selected cells are in, for those who
 * may read the audit trail.
 */
export function SelectedRowHistory({ sheet, audited }: { sheet: Sheet; audited: string }) {
  const canAudit = useCan("admin");
  const ids = new Set([...sheet.selection.rows, ...sheet.selection.cells.map((c) => c.rowId)]);
  if (!canAudit || ids.size !== 1) return null;
  const [id] = ids;
  return (
    <Link className="button small" to={historyHref(audited, id)} data-testid="row-history">
      History
    </Link>
  );
}

/** The rows another person saved first: their values stay pending, with who changed them and when. */
export function ConflictNotice({ sheet }: { sheet: Sheet }) {
  if (sheet.conflictList.length === 0) return null;
  return (
    <div className="notice stock-conflicts" role="alert" data-testid="stock-conflicts">
      <p>
        <strong>Not saved:</strong> these rows were changed by someone else since you edited them. Your values are still
        pending: check them and press Save to apply them again.
      </p>
      <ul>
        {sheet.conflictList.map(([id, message]) => (
          <li key={id}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
