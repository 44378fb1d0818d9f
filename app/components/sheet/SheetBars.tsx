// The sheet's bar above the grid, always the same height so the grid never moves under the pointer: what is unsaved,
// Undo, Redo, Discard and Save, and a changed row order. The rows another person saved first are listed below the grid.
import { Icon } from "../icons";
import type { Sheet } from "./use-sheet";

const rowsText = (n: number) => `${n} modified ${n === 1 ? "row" : "rows"}`;

export function SheetBar({ sheet, onDiscard, onDiscardOrder }: { sheet: Sheet; onDiscard?: () => void; onDiscardOrder?: () => void }) {
  if (sheet.readOnly) return null;
  const n = sheet.pendingRows;
  const mac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);
  const key = mac ? "⌘" : "Ctrl+";
  return (
    <div className={`sheet-bar${n > 0 ? " has-pending" : ""}`} role="toolbar" aria-label="Edits" data-testid="sheet-bar">
      <p className="sheet-status" role="status" data-testid="sheet-status">
        {n > 0 ? (
          <>
            <Icon name="edit" size={16} /> Unsaved changes: <strong>{rowsText(n)}</strong>
            {sheet.overlap ? (
              <span className="sheet-overlap" data-testid="sheet-overlap" title={sheet.overlap}>
                {" "}
                · {sheet.overlap}
              </span>
            ) : sheet.lastChange ? (
              <span className="muted"> · {sheet.lastChange}</span>
            ) : null}
          </>
        ) : (
          <span className="muted">{sheet.saving ? "Saving..." : "All changes saved"}</span>
        )}
      </p>
      {sheet.others.length > 0 ? (
        <span className="sheet-people" role="group" aria-label="Also on this sheet" data-testid="sheet-people">
          {sheet.others.map((p) => (
            <span key={p.id} className="sheet-person" style={{ "--person": p.colour } as React.CSSProperties} title={`${p.name}${p.editing ? " is editing" : " is here"}`}>
              {p.name}
            </span>
          ))}
        </span>
      ) : null}
      {sheet.orderChanged ? (
        <span className="sheet-order" data-testid="order-banner">
          <Icon name="list" size={16} /> Table order changed
          <button
            type="button"
            className="button small"
            onClick={() => {
              sheet.discardOrder();
              onDiscardOrder?.();
            }}
            disabled={sheet.orderBusy}
          >
            Discard
          </button>
          <button type="button" className="button small primary" onClick={sheet.saveOrder} disabled={sheet.orderBusy}>
            {sheet.orderBusy ? "Saving..." : "Save Order"}
          </button>
        </span>
      ) : null}
      <span className="sheet-actions">
        <button type="button" className="button small" onClick={sheet.undo} disabled={!sheet.canUndo} title={`Undo (${key}Z)`}>
          Undo
        </button>
        <button type="button" className="button small" onClick={sheet.redo} disabled={!sheet.canRedo} title={`Redo (${mac ? "⌘⇧Z" : "Ctrl+Y"})`}>
          Redo
        </button>
        <button
          type="button"
          className="button small"
          onClick={() => {
            sheet.discard();
            onDiscard?.();
          }}
          disabled={sheet.saving || n === 0}
        >
          Discard
        </button>
        <button type="button" className="button small primary" onClick={() => sheet.save()} disabled={sheet.saving || n === 0} title={`Save (${key}S)`}>
          {sheet.saving ? "Saving..." : "Save"}
        </button>
      </span>
    </div>
  );
}

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
