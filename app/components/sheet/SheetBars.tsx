// The sheet's bar above the grid, always the same height so the grid never moves under the pointer: what is unsaved,
// Undo, Redo, Discard and Save, a changed row order, and who else is here. It comes with the grid's code (it is of no
// use without the grid); the rows another person saved first are listed below the grid (SheetView).
import { Icon } from "#app/components/icons";
import type { Sheet } from "./use-sheet";

const rowsText = (n: number) => `${n} modified ${n === 1 ? "row" : "rows"}`;

/** Who else holds unsaved edits in the rows this browser does: whoever saves second is refused by the version check. */
function overlapOf(sheet: Sheet) {
  const shared = sheet.others.filter((p) => p.pendingRows.some(sheet.isPending));
  if (shared.length === 0) return null;
  const rows = [...new Set(shared.flatMap((p) => p.pendingRows.filter(sheet.isPending)))];
  const more = rows.length > 3 ? ` and ${rows.length - 3} more` : "";
  const who = [...new Set(shared.map((p) => p.name))];
  return `${who.join(", ")} also ${who.length === 1 ? "has" : "have"} unsaved edits in ${rows.slice(0, 3).map(sheet.nameOf).join(", ")}${more}`;
}

function BarButton({
  primary,
  ...props
}: { primary?: boolean } & Pick<JSX.IntrinsicElements["button"], "onClick" | "disabled" | "title" | "children">) {
  return <button type="button" className={primary ? "button small primary" : "button small"} {...props} />;
}

export function SheetBar({
  sheet,
  onDiscard,
  onDiscardOrder,
}: {
  sheet: Sheet;
  onDiscard?: () => void;
  onDiscardOrder?: () => void;
}) {
  if (sheet.readOnly) return null;
  const n = sheet.pendingRows;
  const overlap = overlapOf(sheet);
  return (
    <div
      className={`sheet-bar${n > 0 ? " has-pending" : ""}`}
      role="toolbar"
      aria-label="Edits"
      data-testid="sheet-bar"
    >
      <p className="sheet-status" role="status" data-testid="sheet-status">
        {n > 0 ? (
          <>
            <Icon name="edit" size={16} /> Unsaved changes: <strong>{rowsText(n)}</strong>
            {overlap ? (
              <span className="sheet-overlap" data-testid="sheet-overlap" title={overlap}>
                {" "}
                · {overlap}
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
            <span
              key={p.id}
              className="sheet-person"
              style={{ "--person": p.colour } as React.CSSProperties}
              title={`${p.name}${p.editing ? " is editing" : " is here"}`}
            >
              {p.name}
            </span>
          ))}
        </span>
      ) : null}
      {sheet.orderChanged ? (
        <span className="sheet-order" data-testid="order-banner">
          <Icon name="list" size={16} /> Table order changed
          <BarButton
            onClick={() => {
              sheet.discardOrder();
              onDiscardOrder?.();
            }}
            disabled={sheet.orderBusy}
          >
            Discard
          </BarButton>
          <BarButton primary onClick={sheet.saveOrder} disabled={sheet.orderBusy}>
            {sheet.orderBusy ? "Saving..." : "Save Order"}
          </BarButton>
        </span>
      ) : null}
      <span className="sheet-actions">
        <BarButton onClick={sheet.undo} disabled={!sheet.canUndo} title="Undo (Ctrl+Z, ⌘Z)">
          Undo
        </BarButton>
        <BarButton onClick={sheet.redo} disabled={!sheet.canRedo} title="Redo (Ctrl+Y, ⌘⇧Z)">
          Redo
        </BarButton>
        <BarButton
          onClick={() => {
            sheet.discard();
            onDiscard?.();
          }}
          disabled={sheet.saving || n === 0}
        >
          Discard
        </BarButton>
        <BarButton primary onClick={() => sheet.save()} disabled={sheet.saving || n === 0} title="Save (Ctrl+S, ⌘S)">
          {sheet.saving ? "Saving..." : "Save"}
        </BarButton>
      </span>
    </div>
  );
}
