import { describe, expect, it } from "vitest";
import { packRows, unpackRows, type SheetRow } from "./rules";

describe("packed sheet rows", () => {
  it("carry every row's values under its field names, in the page's order", () => {
    const rows: SheetRow[] = [
      { _id: "a", version: 3, Dino: "Rex", HP: 71, textColor: null, fieldColors: { HP: "#e03131" }, notes: "Clean dmg" },
      { _id: "b", version: 1, Dino: "Ébène \"quoted\"", HP: 0, textColor: "#15803d", fieldColors: null, notes: "" },
    ];
    const packed = packRows(rows);
    expect(packed.fields).toEqual(["_id", "version", "Dino", "HP", "textColor", "fieldColors", "notes"]);
    // The loader data goes through JSON: what comes out is what went in.
    expect(unpackRows(JSON.parse(JSON.stringify(packed)))).toEqual(rows);
  });

  it("write each field name once however many rows there are", () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({ _id: String(i), version: 1, "Days sincetwo": i }));
    const text = JSON.stringify(packRows(rows));
    expect(text.split("Days sincetwo").length - 1).toBe(1);
    expect(text.length).toBeLessThan(JSON.stringify(rows).length / 2);
  });

  it("give a field one row lacks as null, and an empty page as no rows", () => {
    const packed = packRows([{ _id: "a", version: 1, imageUrl: "https://example.com/rex.png" }, { _id: "b", version: 2 }]);
    expect(unpackRows(packed)).toEqual([
      { _id: "a", version: 1, imageUrl: "https://example.com/rex.png" },
      { _id: "b", version: 2, imageUrl: null },
    ]);
    expect(unpackRows(packRows([]))).toEqual([]);
  });
});
