// Column widths that follow their content, and the order a phone's cards list the columns in.
import { describe, expect, it } from "vitest";
import { byPriority } from "./columns";
import { CELL_PADDING, fitWidths, MAX_WIDTH, MIN_WIDTH, SIZED_ROWS } from "./widths";
import type { GridColumnDef } from "./types";

type Row = { name: string; time: string | null; note: string };
const col = (id: keyof Row, title: string, extra: Partial<GridColumnDef<Row>> = {}): GridColumnDef<Row> => ({
  id,
  title,
  value: (r) => r[id],
  ...extra,
});
/** 7 px a character for cells, 8 for the bold header. */
const measure = { text: (s: string) => s.length * 7, header: (s: string) => s.length * 8 };

describe("column widths", () => {
  it("make room for the longest text of the column, a whole time included", () => {
    const rows: Row[] = [
      { name: "Rex", time: "Dec 3, 2026, 10:15:22 PM", note: "" },
      { name: "Tek Breeder", time: null, note: "" },
    ];
    const [name, time] = fitWidths([col("name", "Name"), col("time", "Event Time")], rows, measure);
    expect(name).toBe(11 * 7 + CELL_PADDING);
    expect(time).toBe(24 * 7 + CELL_PADDING);
  });

  it("are never narrower than the title, nor than the least width, nor wider than the most", () => {
    const rows: Row[] = [{ name: "", time: "x", note: "y".repeat(400) }];
    const [name, time, note] = fitWidths(
      [col("name", "Member Name"), col("time", "T"), col("note", "Note")],
      rows,
      measure,
    );
    expect(name).toBe(11 * 8 + CELL_PADDING);
    expect(time).toBe(MIN_WIDTH);
    expect(note).toBe(MAX_WIDTH);
  });

  it("keep a picture's set width, add a glyph's room, and read a bounded number of rows", () => {
    const rows: Row[] = Array.from({ length: SIZED_ROWS + 1 }, (_, i) => ({
      name: i === SIZED_ROWS ? "a much longer name than the others" : "Rex",
      time: null,
      note: "",
    }));
    const [avatar, name] = fitWidths(
      [col("note", "Avatar", { kind: "image", width: 64 }), col("name", "Name")],
      rows,
      measure,
      (c) => (c.id === "name" ? 22 : 0),
    );
    expect(avatar).toBe(64);
    expect(name).toBe(4 * 8 + CELL_PADDING + 22);
  });
});

describe("a card's order", () => {
  it("puts the names, status, time and actions first and the ids last, keeping the table's order within each", () => {
    const ids = byPriority([
      { id: "id", priority: 3 as const },
      { id: "eos", priority: 3 as const },
      { id: "name", priority: 1 as const },
      { id: "tribe" },
      { id: "status", priority: 1 as const },
      { id: "platform" },
      { id: "actions", priority: 1 as const },
    ]).map((c) => c.id);
    expect(ids).toEqual(["name", "status", "actions", "tribe", "platform", "id", "eos"]);
  });
});
