// A sheet as an accessible HTML table: what the server renders, what shows without JavaScript, and the grid's fallback
// while it loads (2411 Stock, the breeder list). Each row has an Edit link (?edit=<id>); the row being edited shows
// inputs (or selects) for the sheet's editable columns, bound to a form in the last cell (a form cannot wrap a <tr>) that
// posts to the page's action with the row's version, so the no-JavaScript save goes through the same version check as
// the grid's, and under it the row's tools: a text colour form for the row or one of its columns, Move up / Move down
// (the grid's drag reorder without JavaScript) and its History (ADR 055).
import { Form, Link } from "@remix-run/react";
import { useEffect } from "react";
import { escapeHtml, tag } from "#app/utils/html";
import { jsonOf } from "#contract/shared-json";
import { kept } from "#app/utils/kept";
import { Options } from "#app/components/table/Options";
import {
  cellTextOf,
  DEFAULT_TEXT_COLOUR,
  editStart,
  type PackedRows,
  type SheetColumn,
  type SheetEnds,
  type SheetRow,
} from "./rules";

/**
 * A sheet's own rendering of a view cell: a class (vault fill, stat colour), a style (CSS text, such as the stat colour's
 * custom property) or content in place of the text (a badge, an icon), as markup from app/utils/html.ts.
 */
export type HtmlCell = { className?: string; style?: string; html?: string };
export type HtmlLook = (column: SheetColumn, row: SheetRow) => HtmlCell | undefined;

export type RowEditState = {
  /** The submitted values of a refused or invalid save, shown again in the form. */
  values?: Record<string, string>;
  /** The version to save against after a refusal (the row's current one). */
  version?: number;
  message?: string;
};

export function SheetTable({
  label,
  hidden,
  columns,
  rows,
  packed,
  editing,
  editState,
  editHref,
  closeHref,
  busy,
  rowName,
  ends,
  look,
  testId = "stock-table",
  readOnly,
  historyHref,
}: {
  label: string;
  /** The form fields every form of the sheet posts (the stock tab, the breeder page's tab). */
  hidden: Record<string, string>;
  rowName: (row: SheetRow) => string;
  ends: SheetEnds;
  columns: SheetColumn[];
  rows: SheetRow[];
  /** The same rows as the page received them, packed (the breeder list): they name the rows for the kept markup. */
  packed?: PackedRows;
  look?: HtmlLook;
  testId?: string;
  editing: string | null;
  editState?: RowEditState;
  editHref: (id: string) => string;
  closeHref: string;
  busy?: boolean;
  /** A member who may only read: no Edit links, no Move buttons, no row being edited (contract/access.ts). */
  readOnly?: boolean;
  /** A row's history on the Audit page, for those who may read it. */
  historyHref?: (id: string) => string;
}) {
  // The rows nobody edits are markup written as text (ADR 019): a page of a sheet is thousands of cells, and as React
  // elements they cost the server more than the rest of the page together, and the browser as much again to hydrate,
  // for a table that only shows until the grid paints. The row being edited is React (its inputs keep typed values).
  const at = editing && !readOnly ? rows.findIndex((row) => row._id === editing) : -1;
  const shown = { columns, look, hidden, rowName, editHref, testId, readOnly: Boolean(readOnly), historyHref };
  const before = at < 0 ? rows : rows.slice(0, at);
  useHideBrokenImages(rows);
  return (
    <div className="table-scroll stock-table-scroll">
      {/* A list of cards on a phone (stock.css): each row's name and key figures (labelled), its Edit link the card. */}
      <table className="table stock-table sheet-cards" data-testid={testId}>
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.id} scope="col" className={c.align === "right" ? NUMBER : undefined}>
                {c.title}
              </th>
            ))}
            {readOnly && !historyHref ? null : (
              <th scope="col" className="actions">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody
          dangerouslySetInnerHTML={{
            __html: rowsMarkup({ rows: before, s: shown, named: packed && [packed, at, "before"] }),
          }}
        />
        {at < 0 ? null : (
          <>
            <tbody>
              <EditRow
                hidden={hidden}
                row={rows[at]}
                name={rowName(rows[at])}
                columns={columns}
                state={editState}
                closeHref={closeHref}
                stayHref={editHref(rows[at]._id)}
                ends={ends}
                historyHref={historyHref}
                busy={busy}
              />
            </tbody>
            <tbody
              dangerouslySetInnerHTML={{
                __html: rowsMarkup({ rows: rows.slice(at + 1), s: shown, named: packed && [packed, at, "after"] }),
              }}
            />
          </>
        )}
      </table>
    </div>
  );
}

/** A number column's cells (right-aligned): a short class, since a page of a sheet has a thousand of them. */
const NUMBER = "num";

type Shown = {
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
const rowsMarkup =
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

function Hidden({ fields }: { fields: Record<string, string> }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/**
 * The row being edited: its inputs and the Save form, and under it the row's tools: its text colour, Move up / Move down
 * (which come back to this row being edited, so it can move again) and its History.
 */
function EditRow({
  hidden,
  row,
  name,
  columns,
  state,
  closeHref,
  stayHref,
  ends,
  historyHref,
  busy,
}: {
  hidden: Record<string, string>;
  row: SheetRow;
  name: string;
  columns: SheetColumn[];
  state?: RowEditState;
  closeHref: string;
  /** This row being edited: where a move comes back to. */
  stayHref: string;
  ends: SheetEnds;
  historyHref?: (id: string) => string;
  busy?: boolean;
}) {
  const formId = `stock-edit-${row._id}`;
  return (
    <>
      <tr className="editing" data-row={row._id}>
        {columns.map((c) => {
          if (!c.editable) {
            return (
              <td key={c.id} className={c.align === "right" ? NUMBER : undefined} data-label={c.title}>
                {cellTextOf(c, c.value(row))}
              </td>
            );
          }
          const was = editStart(c, row);
          const shown = state?.values?.[c.id] ?? was;
          const Cell = c.name ? "th" : "td";
          const editor = c.editor ?? { kind: "text" as const };
          return (
            <Cell
              key={c.id}
              className={c.name ? "col-name" : undefined}
              {...(c.name ? { scope: "row" } : {})}
              data-label={c.title}
            >
              <input type="hidden" name={`was:${c.id}`} value={was} form={formId} />
              {editor.kind === "select" ? (
                <select className="stock-input" name={c.id} defaultValue={shown} form={formId} aria-label={c.title}>
                  <Options options={editor.options} value={shown} />
                </select>
              ) : (
                <input
                  className={`stock-input ${c.align === "right" ? "" : "wide"}`}
                  name={c.id}
                  defaultValue={shown}
                  form={formId}
                  aria-label={c.title}
                  inputMode={editor.kind === "number" ? "decimal" : undefined}
                  list={editor.kind === "text" ? editor.list : undefined}
                  autoComplete="off"
                />
              )}
            </Cell>
          );
        })}
        <td className="actions">
          <Form method="post" id={formId} preventScrollReset className="stock-row-form">
            <input type="hidden" name="intent" value="save-row" />
            <Hidden fields={hidden} />
            <input type="hidden" name="_id" value={row._id} />
            <input type="hidden" name="version" value={String(state?.version ?? row.version)} />
            <input type="hidden" name="redirectTo" value={closeHref} />
            <button type="submit" className="button small primary" disabled={busy}>
              Save
            </button>
            <Link className="button small" to={closeHref} preventScrollReset replace>
              Cancel
            </Link>
          </Form>
          {state?.message ? (
            <p className="stock-form-error" role="alert">
              {state.message}
            </p>
          ) : null}
        </td>
      </tr>
      <tr className="editing editing-colour" data-row-colour={row._id}>
        <td colSpan={columns.length + 1}>
          <div className="row-tools">
            <Form method="post" preventScrollReset className="stock-colour-form">
              <input type="hidden" name="intent" value="colour" />
              <Hidden fields={hidden} />
              <input type="hidden" name="_id" value={row._id} />
              <input type="hidden" name="redirectTo" value={closeHref} />
              <label>
                Text color
                <input type="color" name="colour" defaultValue={row.textColor ?? DEFAULT_TEXT_COLOUR} />
              </label>
              <label>
                Apply to
                <select name="target" defaultValue="">
                  <option value="">Whole row</option>
                  {columns
                    .filter((c) => c.colourable !== false)
                    .map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.title}
                      </option>
                    ))}
                </select>
              </label>
              <button type="submit" className="button small" disabled={busy}>
                Save Color
              </button>
            </Form>
            <Form method="post" preventScrollReset className="stock-move-form">
              <Hidden fields={{ intent: "move", ...hidden, _id: row._id, redirectTo: stayHref }} />
              {(["up", "down"] as const).map((direction) => (
                <button
                  key={direction}
                  type="submit"
                  name="direction"
                  value={direction}
                  className="button small"
                  disabled={busy || (direction === "up" ? ends.first : ends.last) === row._id}
                >
                  {/* Its name starts with the words it shows (WCAG 2.5.3): "Move up Rex". */}
                  <span aria-hidden="true">{direction === "up" ? "↑" : "↓"}</span> Move {direction}
                  <span className="sr-only"> {name}</span>
                </button>
              ))}
            </Form>
            {historyHref ? (
              <Link className="button small" to={historyHref(row._id)} aria-label={`History of ${name}`}>
                History
              </Link>
            ) : null}
          </div>
        </td>
      </tr>
    </>
  );
}

/**
 * Broken item and dino images are hidden (the server-rendered table's pictures, once the page runs JavaScript); a
 * dino's generated icon, written after its image, then shows in its place (app/styles/breeder.css).
 */
function useHideBrokenImages(dependency: unknown) {
  useEffect(() => {
    const hide = (img: HTMLImageElement) => {
      img.hidden = true;
    };
    const images = [...document.querySelectorAll<HTMLImageElement>("img.stock-thumb, .stock-table img.dino-icon")];
    for (const img of images) {
      if (img.complete && img.naturalWidth === 0) hide(img);
      else img.addEventListener("error", () => hide(img), { once: true });
    }
  }, [dependency]);
}
