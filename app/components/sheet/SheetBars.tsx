// The sheet's bars above the grid: unsaved edits (N modified rows, Discard / Save), a changed row order (Discard /
// Save Order) and the rows another person saved first (their values stay pending, with who changed them and when).
import { Icon } from "../icons";
import type { Sheet } from "./use-sheet";

export function UnsavedBanner({ sheet, onDiscard }: { sheet: Sheet; onDiscard?: () => void }) {
  if (sheet.pendingRows === 0) return null;
  const n = sheet.pendingRows;
  return (
    <div className="stock-banner" role="status" data-testid="unsaved-banner">
      <span>
        <Icon name="edit" size={16} /> Unsaved changes: <strong>{n}</strong> modified {n === 1 ? "row" : "rows"}
      </span>
      <button
        type="button"
        className="button small"
        onClick={() => {
          sheet.discard();
          onDiscard?.();
        }}
        disabled={sheet.saving}
      >
        Discard
      </button>
      <button type="button" className="button small primary" onClick={() => sheet.save()} disabled={sheet.saving}>
        {sheet.saving ? "Saving..." : "Save"}
      </button>
    </div>
  );
}

export function OrderBanner({ sheet, onDiscard }: { sheet: Sheet; onDiscard?: () => void }) {
  if (!sheet.orderChanged) return null;
  return (
    <div className="stock-banner order-banner" role="status" data-testid="order-banner">
      <span>
        <Icon name="list" size={16} /> Table order changed
      </span>
      <button
        type="button"
        className="button small"
        onClick={() => {
          sheet.discardOrder();
          onDiscard?.();
        }}
        disabled={sheet.orderBusy}
      >
        Discard
      </button>
      <button type="button" className="button small primary" onClick={sheet.saveOrder} disabled={sheet.orderBusy}>
        {sheet.orderBusy ? "Saving..." : "Save Order"}
      </button>
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
