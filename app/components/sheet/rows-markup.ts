// A sheet table's rows nobody edits, as markup written as text (ADR 019), kept on the server for the last few tables.
import { escapeHtml, tag } from "#app/utils/html";
import { jsonOf } from "#contract/shared-json";
import { kept } from "#app/utils/kept";
import { cellTextOf, type PackedRows, type SheetColumn, type SheetRow } from "./rules";
import type { HtmlCell, HtmlLook } from "./SheetTable";

/** A number column's cells (right-aligned): a short class, since a page of a sheet has a thousand of them. */
export const NUMBER = "num";

export type Shown = {
  columns: SheetColumn[];
  look?: HtmlLook;
  hidden: Record<string, string>;
  rowName: (row: SheetRow) => string;
  editHref: (id: string) => string;
  testId: string;
  readOnly: boolean;
  historyHref?: (id: string) => string;
};

/**
 * Rows as the table shows them: each cell and the row's Edit link (its other tools are in the row being edited, ADR
 * 055); a member who may only read has the History link instead, when they may read it. The row's text colour is the
 * row's style, which its cells inherit; a cell writes a colour of its own only when it has one (a cell colour).
 */
function rowsHtml(rows: SheetRow[], s: Shown): string {
  let html = "";
  for (const row of rows) {
    const name = escapeHtml(s.rowName(row));
    const id = escapeHtml(row._id);
    // A picked colour is shown readable in the page's theme (.pick in app.css); the stored one is kept.
    html += `<tr data-row="${id}"${row.textColor ? ` class="pick" style="--pick:${escapeHtml(row.textColor)}"` : ""}>`;
    for (const c of s.columns) html += cellHtml(c, row, s.look?.(c, row));
    // The links of a row carry no class (stock.css styles them by place): a page has a hundred of them.
    const href = rowLink(s, row._id);
    const [label, text] = s.readOnly ? ["History of", "History"] : ["Edit", "Edit"];
    html += href
      ? `<td class="actions"><a href="${escapeHtml(href)}" aria-label="${label} ${name}">${text}</a></td></tr>`
      : "</tr>";
  }
  return html;
}

/** Where a row's one link goes: its Edit, or for a member who may only read, its History when they may read it. */
const rowLink = (s: Shown, id: string) => (s.readOnly ? s.historyHref?.(id) : s.editHref(id));

/** Rows to write: `named`, when given, is the same rows packed, and which part of them (before or after the row edited). */
type RowsPart = { rows: SheetRow[]; s: Shown; named?: [PackedRows, number, "before" | "after"] };

/**
 * The rows' markup, kept on the server for the last few tables written (utils/kept.ts): every view of the same rows in
 * the same table (each member on a sheet's page between two edits) writes no cell again. The key is the rows as data
 * (packed, when the page has them so: a third of the cost) and every option that reaches the markup, the row link as its
 * text for a stand-in id. A sheet's look, row names and column values read only the row, its tab (the form fields) and
 * the page's URL (the stock history a column shows is named there, so in the link): a page whose cells show anything
 * else passes it in `hidden`. The browser renders the table once, before its grid: it keeps nothing.
 */
export const rowsMarkup =
  typeof document === "undefined"
    ? kept(
        ({ rows, s }: RowsPart) => rowsHtml(rows, s),
        // Shared rows (a kept host answer, ADR 060) have their JSON written once, as a packing or row by row.
        ({ rows, s, named }) =>
          `${JSON.stringify([s.testId, s.hidden, s.columns.map((c) => c.id), s.readOnly, rowLink(s, ANY_ID), named?.slice(1) ?? null])}\n${named ? jsonOf(named[0]) : rows.map(jsonOf).join("\n")}`,
        8,
      )
    : ({ rows, s }: RowsPart) => rowsHtml(rows, s);
const ANY_ID = "\u0000";

function cellHtml(column: SheetColumn, row: SheetRow, look?: HtmlCell): string {
  const text = cellTextOf(column, column.value(row));
  // The row's colour comes from the row; a cell colour is the cell's own (it wins over the sheet's colour, as in the grid).
  const own = row.fieldColors?.[column.id];
  // The cell's own colour wins over the sheet's look (a stat's colour: breeder.css).
  const styles = own ? (look?.style ? `${look.style};--pick:${own}` : `--pick:${own}`) : (look?.style ?? "");
  const style = styles ? ` style="${escapeHtml(styles)}"` : "";
  if (column.name) {
    const content =
      look?.html ??
      tag(
        "span",
        { class: "stock-name" },
        row.imageUrl ? tag("img", { class: "stock-thumb", src: row.imageUrl, alt: "", loading: "lazy" }) : "",
        tag("span", {}, escapeHtml(text)),
      );
    const className = ["col-name", look?.className ? escapeHtml(look.className) : "", own ? "pick" : ""]
      .filter(Boolean)
      .join(" ");
    return `<th scope="row" class="${className}"${style}>${content}</th>`;
  }
  const number = column.align === "right";
  const label = column.phone ? ` data-label="${escapeHtml(column.title)}"` : "";
  const classes = [number ? NUMBER : "", look?.className ?? "", own ? "pick" : ""].filter(Boolean);
  const className = classes.join(" ");
  return `<td${className ? ` class="${escapeHtml(className)}"` : ""}${label}${style}>${look?.html ?? escapeHtml(text)}</td>`;
}
