import { describe, expect, it } from "vitest";
import type { CellCheck } from "#app/components/sheet/batch";
import type { SheetColumn, SheetRow } from "#app/components/sheet/rules";
import { ID_FIELD } from "./fields";
import { guessMapping, planImport, readTable, writeTable, type ImportSheet } from "./plan";

const column = (id: string, title = id): SheetColumn => ({
  id,
  title,
  width: 50,
  editable: true,
  value: (r) => r[id] as number,
});
const COLUMNS = [column("Dino"), column("HP"), column("notes", "Notes")];
const check: CellCheck = (col, text) => {
  if (col.id === "Dino") return text.trim() ? { value: text.trim() } : { error: "is required" };
  if (col.id === "HP")
    return text.trim() === ""
      ? { value: null }
      : Number.isFinite(Number(text))
        ? { value: Number(text) }
        : { error: "must be a number" };
  return { value: text.trim() || null };
};
const rows: SheetRow[] = [
  { _id: "a".repeat(24), version: 3, Dino: "Rex", HP: 40, notes: null },
  { _id: "b".repeat(24), version: 1, Dino: "Giga", HP: 50, notes: "clean" },
  { _id: "c".repeat(24), version: 1, Dino: "Giga", HP: 51, notes: null },
];
const sheet = (creates: boolean): ImportSheet => ({
  columns: COLUMNS,
  rows,
  check,
  stored: (row, id) => (row[id] ?? null) as number | string | null,
  nameOf: (row) => String(row.Dino),
  creates,
  noMatch: "no item of that name on the tab",
});

describe("reading a tribe's sheet", () => {
  it("reads pasted tab-separated text and CSV with quotes, and writes it back", () => {
    expect(readTable("Dino\tHP\nRex\t40\n\n")).toEqual([
      ["Dino", "HP"],
      ["Rex", "40"],
    ]);
    expect(readTable('\uFEFFDino,Notes\r\n"Rex, the big one","said ""hi"""\r\n')).toEqual([
      ["Dino", "Notes"],
      ["Rex, the big one", 'said "hi"'],
    ]);
    const table = [
      ["Dino", "Notes"],
      ["Rex", "two\tcells"],
    ];
    expect(readTable(writeTable(table))).toEqual(table);
  });

  it("guesses each header's field by its title, case and signs aside, and the ID column", () => {
    expect(guessMapping(["ID", "dino", "H.P.", "notes", "Colour", "HP"], COLUMNS)).toEqual([
      ID_FIELD,
      "Dino",
      "HP",
      "notes",
      null,
      null,
    ]);
  });
});

describe("planning an import", () => {
  it("changes rows matched by ID or by a name used once, adds the rest, and names each refused line", () => {
    const table = readTable(
      ["Dino,HP,Notes", "Rex,45,", "Giga,60,", "Spino,30,new line", "Rex,,", ",20,", "Ptera,lots,"].join("\n"),
    );
    const plan = planImport(table, guessMapping(table[0], COLUMNS), sheet(true));
    expect(plan.rows.map((r) => [r.line, r.kind, r.name, r.cells])).toEqual([
      [2, "update", "Rex", { HP: 45 }],
      [4, "create", "Spino", { Dino: "Spino", HP: 30, notes: "new line" }],
    ]);
    expect(plan.rows[0].changes).toEqual([{ column: "HP", before: "40", after: "45" }]);
    expect(plan.refused).toEqual([
      { line: 3, name: "Giga", reason: "2 rows are named Giga: add an ID column to say which" },
      { line: 5, name: "Rex", reason: "the same row is already changed by an earlier line" },
      { line: 6, name: "", reason: "Dino is empty" },
      { line: 7, name: "Ptera", reason: "HP must be a number" },
    ]);
  });

  it("matches by ID when the file has one, counts lines that change nothing, and refuses unknown names on a fixed sheet", () => {
    const table = readTable(
      [`ID\tDino\tHP`, `${"c".repeat(24)}\tGiga\t52`, `${"b".repeat(24)}\tGiga\t50`, `nope\tRex\t1`, `\tDodo\t1`].join(
        "\n",
      ),
    );
    const plan = planImport(table, guessMapping(table[0], COLUMNS), sheet(false));
    expect(plan.rows.map((r) => [r.row?._id, r.cells])).toEqual([["c".repeat(24), { HP: 52 }]]);
    expect(plan.unchanged).toBe(1);
    expect(plan.refused.map((r) => r.reason)).toEqual(["no row has the ID nope", "no item of that name on the tab"]);
  });

  it("plans a 10,000-line sheet", () => {
    const many = [["Dino", "HP"], ...Array.from({ length: 10_000 }, (_, i) => [`Line ${i}`, String(i % 100)])];
    const plan = planImport(many, ["Dino", "HP"], sheet(true));
    expect(plan.rows).toHaveLength(10_000);
    expect(plan.refused).toEqual([]);
  });
});
