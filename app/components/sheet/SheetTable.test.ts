// The server keeps the rows' markup of the last few tables (utils/kept.ts): the same rows in the same table are written
// once, and a view of other data, or of the same rows with other links, never gets the markup of the one before it.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { perRow } from "#app/utils/table";
import { packRows, type SheetColumn, type SheetRow } from "./rules";
import { SheetTable, type HtmlLook } from "./SheetTable";

const columns: SheetColumn[] = [
  { id: "item", title: "Item", width: 200, editable: true, name: true, value: (row) => row.item as string },
  { id: "count", title: "Count", width: 80, editable: true, align: "right", value: (row) => row.count as number },
];
const rowsOf = (count: number): SheetRow[] => [
  { _id: "aaaaaaaaaaaaaaaaaaaaaaaa", version: 1, item: "Metal", count },
  { _id: "bbbbbbbbbbbbbbbbbbbbbbbb", version: 1, item: "Crystal", count: 5 },
];
/** How many cells the table's look was asked for: the cells written rather than kept. */
let written = 0;
const look: HtmlLook = () => {
  written++;
  return undefined;
};
const table = (rows: SheetRow[], { here = "/dashboard/stock-2411", readOnly = false, packed = false } = {}) =>
  renderToStaticMarkup(
    createElement(SheetTable, {
      label: "Vaults",
      hidden: { tab: "vaults" },
      rowName: (row) => row.item as string,
      ends: { first: rows[0]._id, last: rows.at(-1)!._id },
      columns,
      rows,
      packed: packed ? packRows(rows) : undefined,
      look,
      editing: null,
      editHref: perRow(here, "edit"),
      closeHref: here,
      readOnly,
      historyHref: perRow("/dashboard/audit?entity=stock_item", "record"),
    }),
  );

describe("SheetTable on the server", () => {
  it("writes each row's cells and its Edit link once, and the same markup again for the same rows", () => {
    const first = table(rowsOf(10));
    expect(first).toContain('<td class="num">10</td>');
    expect(first).toContain(
      '<a href="/dashboard/stock-2411?edit=aaaaaaaaaaaaaaaaaaaaaaaa" aria-label="Edit Metal">Edit</a>',
    );
    // The row's other tools are in the row being edited (ADR 055).
    expect(first).not.toMatch(/Move|History/);
    const before = written;
    expect(table(rowsOf(10))).toBe(first);
    expect(written).toBe(before);
  });

  it("writes a changed value, other links and a reader's History anew, never the kept markup of other rows", () => {
    table(rowsOf(10));
    expect(table(rowsOf(11))).toContain('<td class="num">11</td>');
    expect(table(rowsOf(10), { here: "/dashboard/stock-2411?page=2" })).toContain(
      'href="/dashboard/stock-2411?page=2&amp;edit=aaaaaaaaaaaaaaaaaaaaaaaa"',
    );
    // Rows named by their packed form (the breeder list) likewise.
    expect(table(rowsOf(12), { packed: true })).toContain('<td class="num">12</td>');
    expect(table(rowsOf(13), { packed: true })).toContain('<td class="num">13</td>');
    const reader = table(rowsOf(10), { readOnly: true });
    expect(reader).not.toContain("Edit");
    expect(reader).toContain(
      '<a href="/dashboard/audit?entity=stock_item&amp;record=aaaaaaaaaaaaaaaaaaaaaaaa" aria-label="History of Metal">History</a>',
    );
  });
});
