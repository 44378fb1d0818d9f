import { describe, expect, it } from "vitest";
import { packRows, unpackRows, type SheetRow } from "./rules";

describe("packed sheet rows", () => {
  it("hand the server's render of the same request the rows they were made from, and the browser rows alike", () => {
    const rows: SheetRow[] = [{ _id: "a", version: 1, Dino: "Rex" }];
    const packed = packRows(rows);
    expect(unpackRows(packed)).toBe(rows);
    // What the handoff carries: the packing alone.
    expect(JSON.stringify(packed)).toBe('{"fields":["_id","version","Dino"],"values":[["a",1,"Rex"]]}');
    const inBrowser = unpackRows(JSON.parse(JSON.stringify(packed)));
    expect(inBrowser).not.toBe(rows);
    expect(inBrowser).toEqual(rows);
  });

  it("carry every row's values under its field names, in the page's order", () => {
    const rows: SheetRow[] = [
      {
        _id: "a",
        version: 3,
        Dino: "Rex",
        HP: 71,
        textColor: null,
        fieldColors: { HP: "#e03131" },
        notes: "Clean dmg",
      },
      { _id: "b", version: 1, Dino: 'Ébène "quoted"', HP: 0, textColor: "#15803d", fieldColors: null, notes: "" },
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
    const packed = packRows([
      { _id: "a", version: 1, imageUrl: "https://example.com/rex.png" },
      { _id: "b", version: 2 },
    ]);
    expect(unpackRows(JSON.parse(JSON.stringify(packed)))).toEqual([
      { _id: "a", version: 1, imageUrl: "https://example.com/rex.png" },
      { _id: "b", version: 2, imageUrl: null },
    ]);
    expect(unpackRows(packRows([]))).toEqual([]);
  });

  it("keep each value under its own name when rows order their fields differently or add one", () => {
    const rows: SheetRow[] = [
      { _id: "a", version: 1, Dino: "Rex" },
      { version: 2, _id: "b", Dino: "Argy" },
      { _id: "c", version: 3, Dino: "Yuty", notes: "late field" },
      { _id: "d", version: 4, Dino: undefined },
    ];
    const packed = packRows(rows);
    expect(packed.fields).toEqual(["_id", "version", "Dino", "notes"]);
    expect(packed.values).toEqual([
      ["a", 1, "Rex", null],
      ["b", 2, "Argy", null],
      ["c", 3, "Yuty", "late field"],
      ["d", 4, null, null],
    ]);
    expect(packRows([{ _id: "e", version: 5, Dino: undefined }]).values).toEqual([["e", 5, null]]);
  });
});
