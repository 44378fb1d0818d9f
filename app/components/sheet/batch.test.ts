import { describe, expect, it } from "vitest";
import { applyBatch, batchMessage, pasteInputs, readPasted, type CellCheck } from "./batch";
import { EMPTY_HISTORY, recorded, redone, undone } from "./history";
import { EMPTY_PENDING, type StoredValue } from "./pending";
import type { SheetColumn, SheetRow } from "./rules";

const column = (id: string, editable = true): SheetColumn => ({
  id,
  title: id === "n" ? "Current Stock" : id,
  width: 50,
  editable,
  value: (r) => r[id] as number,
});
const COLUMNS = [column("name"), column("n"), column("target"), column("pct", false)];
const rows: SheetRow[] = Array.from({ length: 5 }, (_, i) => ({
  _id: `r${i}`,
  version: 1,
  name: `Item ${i}`,
  n: i,
  target: 10,
  pct: 0,
}));
const stored: StoredValue = (row, id) => row[id] as number;
const check: CellCheck = (col, text) => {
  if (col.id === "name") return text.trim() ? { value: text.trim() } : { error: "must not be empty" };
  const n = Number(text);
  return text.trim() === "" ? { value: null } : Number.isFinite(n) ? { value: n } : { error: "must be a number" };
};

describe("clipboard text", () => {
  it("is read as Google Sheets and Excel write it: tabs, newlines, and quoted cells", () => {
    expect(readPasted("a\tb\r\nc\td\r\n")).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
    expect(readPasted("one")).toEqual([["one"]]);
    expect(readPasted('"two\nlines"\t"say ""hi"""\n\tlast')).toEqual([
      ["two\nlines", 'say "hi"'],
      ["", "last"],
    ]);
    expect(readPasted("a\t\tc")).toEqual([["a", "", "c"]]);
  });
});

describe("a pasted rectangle", () => {
  it("becomes pending edits cell by cell from the selected cell, the refused ones named in one message", () => {
    // 3 rows x 4 columns from (0, 1): names, figures, targets, and the derived % (skipped); one figure is no number.
    const values = [
      ["A", "5", "20", "x"],
      ["B", "lots", "20", "x"],
      ["C", "7", "30", "x"],
    ];
    const { inputs, rowsPastEnd } = pasteInputs(rows, COLUMNS, [0, 1], values, (i) => i + 1);
    expect(rowsPastEnd).toBe(0);
    const result = applyBatch(EMPTY_PENDING, stored, check, inputs);
    expect(result.changed).toBe(8);
    expect(result.skipped).toBe(3);
    expect(result.refused).toEqual([
      { cell: "r2:n", column: "Current Stock", rowNumber: 3, error: "must be a number" },
    ]);
    expect(result.pending.get("r1")?.cells).toEqual({ name: "A", n: 5, target: 20 });
    expect(result.pending.get("r2")?.cells).toEqual({ name: "B", target: 20 });
    expect(batchMessage("paste", result)).toBe(
      "1 cell not pasted: Current Stock must be a number, row 3. 3 cells of read-only columns skipped.",
    );
  });

  it("stops at the last row and says how many rows fell past it", () => {
    const { inputs, rowsPastEnd } = pasteInputs(rows, COLUMNS, [1, 3], [["1"], ["2"], ["3"], ["4"]], (i) => i + 1);
    expect(inputs.map((i) => i.row._id)).toEqual(["r3", "r4"]);
    expect(rowsPastEnd).toBe(2);
    const result = applyBatch(EMPTY_PENDING, stored, check, inputs);
    expect([...result.pending.keys()]).toEqual(["r3", "r4"]);
    expect(batchMessage("paste", result, rowsPastEnd)).toBe("2 rows past the last row not pasted.");
  });

  it("a value equal to the stored one is no pending edit, and a batch that all went in has nothing to say", () => {
    const result = applyBatch(EMPTY_PENDING, stored, check, [
      { row: rows[2], column: COLUMNS[1], text: "2", rowNumber: 3 },
    ]);
    expect(result.changed).toBe(0);
    expect(result.pending.size).toBe(0);
    expect(batchMessage("fill", result)).toBeNull();
  });
});

describe("undo and redo of pending edits", () => {
  it("step back and forth through whole batches, and a new change forgets what was undone", () => {
    const first = applyBatch(EMPTY_PENDING, stored, check, [
      { row: rows[0], column: COLUMNS[1], text: "9", rowNumber: 1 },
    ]).pending;
    let history = recorded(EMPTY_HISTORY, EMPTY_PENDING);
    const paste = applyBatch(
      first,
      stored,
      check,
      pasteInputs(rows, COLUMNS, [1, 1], [["8"], ["7"]], (i) => i + 1).inputs,
    ).pending;
    history = recorded(history, first);
    expect(paste.size).toBe(3);

    const back = undone(history, paste)!;
    expect(back.pending).toBe(first);
    const again = redone(back.history, back.pending)!;
    expect(again.pending).toBe(paste);
    const start = undone(undone(again.history, again.pending)!.history, first)!;
    expect(start.pending).toBe(EMPTY_PENDING);
    expect(undone(start.history, start.pending)).toBeNull();

    const fresh = recorded(start.history, start.pending);
    expect(redone(fresh, EMPTY_PENDING)).toBeNull();
  });
});
