// The sheet grid's edits that are not one cell typed into its editor: a fill, a clear, a paste from the paste event
// and Ctrl+D / Ctrl+R on a single row or column.
import { GridCellKind, type EditListItem, type GridSelection, type Item } from "@glideapps/glide-data-grid";
import { useCallback, useEffect, useRef, type MutableRefObject, type RefObject } from "react";
import { pasteInputs, readPasted, type BatchKind } from "./batch";
import { editStart } from "./rules";
import type { SheetGridProps } from "./SheetGrid.client";
import type { SheetData } from "./use-cell-looks";

export function useGridEdits(args: {
  state: MutableRefObject<SheetData>;
  editingCell: MutableRefObject<Item | null>;
  selectionRef: MutableRefObject<GridSelection>;
  frame: RefObject<HTMLDivElement>;
  onEdit: SheetGridProps["onEdit"];
  onEdits: SheetGridProps["onEdits"];
}) {
  const { state, editingCell, selectionRef, frame, onEdit, onEdits } = args;
  // One cell typed into its editor is an edit; anything else glide hands over at once (a fill, Delete on a range) is a
  // batch: checked cell by cell, and one step of undo.
  const clearing = useRef(false);
  const onCellsEdited = useCallback(
    (edits: readonly EditListItem[]) => {
      const { rows, columns } = state.current;
      const typed = editingCell.current;
      if (edits.length === 1 && typed && edits[0].location[0] === typed[0] && edits[0].location[1] === typed[1]) {
        const { location, value } = edits[0];
        const row = rows[location[1]];
        const col = columns[location[0]];
        if (row && col?.editable && value.kind === GridCellKind.Text) onEdit(row, col, value.data);
        return true;
      }
      const inputs = edits.flatMap(({ location: [c, r], value }) => {
        const row = rows[r];
        const column = columns[c];
        return row && column && value.kind === GridCellKind.Text
          ? [{ row, column, text: value.data, rowNumber: r + 1 }]
          : [];
      });
      const kind: BatchKind = clearing.current ? "clear" : "fill";
      clearing.current = false;
      if (inputs.length) onEdits(inputs, kind);
      return true;
    },
    [onEdit, onEdits, state, editingCell],
  );
  const onDelete = useCallback(() => {
    clearing.current = true;
    return true;
  }, []);

  // A pasted rectangle (from Google Sheets, Excel or this grid) lands cell by cell from the selected cell; nothing is
  // added past the last row. The paste event's own text is read at once (glide would ask the async clipboard API,
  // which waits on the browser, 35-70 ms here, and in a browser's everyday settings asks the person for permission).
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const onPaste = (e: ClipboardEvent) => {
      const text = e.clipboardData?.getData("text/plain");
      const cell = selectionRef.current.current?.cell;
      if (!text || !cell) return;
      e.preventDefault();
      const { rows, columns } = state.current;
      const { inputs, rowsPastEnd } = pasteInputs(rows, columns, cell, readPasted(text), (i) => i + 1);
      onEdits(inputs, "paste", rowsPastEnd);
    };
    el.addEventListener("paste", onPaste);
    return () => el.removeEventListener("paste", onPaste);
  }, [onEdits, state, frame, selectionRef]);

  // Ctrl+D / Ctrl+R on a single row or column take the cell above or to the left, as in Google Sheets (glide fills a
  // taller or wider range itself).
  const onKeyDown = useCallback(
    (event: {
      key: string;
      ctrlKey: boolean;
      metaKey: boolean;
      shiftKey: boolean;
      altKey: boolean;
      cancel: () => void;
      preventDefault?: () => void;
    }) => {
      if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return;
      const key = event.key.toLowerCase();
      const range = selectionRef.current.current?.range;
      if (!range || (key !== "d" && key !== "r")) return;
      const down = key === "d";
      if ((down ? range.height : range.width) > 1) return;
      event.cancel();
      event.preventDefault?.();
      const { rows, columns } = state.current;
      const inputs: Parameters<typeof onEdits>[0] = [];
      for (let y = range.y; y < range.y + range.height; y++) {
        for (let x = range.x; x < range.x + range.width; x++) {
          const from = down ? [x, y - 1] : [x - 1, y];
          const source = rows[from[1]];
          const sourceColumn = columns[from[0]];
          if (!source || !sourceColumn || !rows[y] || !columns[x]) continue;
          inputs.push({ row: rows[y], column: columns[x], text: editStart(sourceColumn, source), rowNumber: y + 1 });
        }
      }
      if (inputs.length) onEdits(inputs, "fill");
    },
    [onEdits, state, selectionRef],
  );

  return { onCellsEdited, onDelete, onKeyDown };
}
