// A sheet as an accessible HTML table: what the server renders, what shows without JavaScript, and the grid's fallback
// while it loads (2411 Stock, the breeder list). Each row has an Edit link (?edit=<id>) and Move up / Move down buttons
// (the grid's drag reorder without JavaScript); the row being edited shows inputs (or selects) for the sheet's editable
// columns, bound to a form in the last cell (a form cannot wrap a <tr>) that posts to the page's action with the row's
// version, so the no-JavaScript save goes through the same version check as the grid's, and a text colour form for the
// row or one of its columns.
import { Form, Link } from "@remix-run/react";
import { useEffect } from "react";
import { escapeHtml, tag } from "../../utils/html";
import { Options } from "../table/Options";
import { cellTextOf, DEFAULT_TEXT_COLOUR, editStart, type SheetColumn, type SheetEnds, type SheetRow } from "./rules";

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
  editing,
  editState,
  editHref,
  closeHref,
  action,
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
  look?: HtmlLook;
  testId?: string;
  editing: string | null;
  editState?: RowEditState;
  editHref: (id: string) => string;
  closeHref: string;
  /** Where the rows' forms post: the page's own path. */
  action: string;
  busy?: boolean;
  /** A member who may only read: no Edit links, no Move buttons, no row being edited (contract/access.ts). */
  readOnly?: boolean;
  /** A row's history on the Audit page, for those who may read it (issue 14). */
  historyHref?: (id: string) => string;
}) {
  // The rows nobody edits are markup written as text (ADR 019): a page of a sheet is thousands of cells, and as React
  // elements they cost the server more than the rest of the page together, and the browser as much again to hydrate,
  // for a table that only shows until the grid paints. The row being edited is React (its inputs keep typed values).
  const at = editing && !readOnly ? rows.findIndex((row) => row._id === editing) : -1;
  const shown = { columns, look, hidden, rowName, ends, editHref, closeHref, action, busy: Boolean(busy), testId, readOnly: Boolean(readOnly), historyHref };
  const before = at < 0 ? rows : rows.slice(0, at);
  useHideBrokenImages(rows);
  return (
    <div className="table-scroll stock-table-scroll">
      <table className="table stock-table" data-testid={testId}>
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
        <tbody dangerouslySetInnerHTML={{ __html: rowsHtml(before, shown) }} />
        {at < 0 ? null : (
          <>
            <tbody>
              <EditRow hidden={hidden} row={rows[at]} columns={columns} state={editState} closeHref={closeHref} busy={busy} />
            </tbody>
            <tbody dangerouslySetInnerHTML={{ __html: rowsHtml(rows.slice(at + 1), shown) }} />
          </>
        )}
      </table>
      {readOnly ? null : <MoveForms s={shown} />}
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
  ends: SheetEnds;
  editHref: (id: string) => string;
  closeHref: string;
  action: string;
  busy: boolean;
  testId: string;
  readOnly: boolean;
  historyHref?: (id: string) => string;
};

/** The ids of the two forms every row's Move up / Move down button submits (`form=`), one pair per sheet. */
const moveFormId = (s: Pick<Shown, "testId">, direction: "up" | "down") => `${s.testId}-move-${direction}`;

/**
 * Rows as the table shows them: each cell, the Edit link, and the Move up / Move down buttons. A move button belongs to
 * one of two forms outside the table (MoveForms), which carry what every move posts, and names its row itself
 * (`_id`): a row is then two buttons rather than a form of its own with four hidden fields. The row's text colour is
 * the row's style, which its cells inherit; a cell writes a colour of its own only when it has one (a cell colour).
 */
function rowsHtml(rows: SheetRow[], s: Shown): string {
  const up = escapeHtml(moveFormId(s, "up"));
  const down = escapeHtml(moveFormId(s, "down"));
  const disabled = s.busy ? " disabled" : "";
  let html = "";
  for (const row of rows) {
    const name = escapeHtml(s.rowName(row));
    const id = escapeHtml(row._id);
    // The links and buttons of a row carry no class (stock.css styles them by place): a page has hundreds of them.
    const move = (form: string, direction: "up" | "down", end: boolean) =>
      `<button form="${form}" name="_id" value="${id}"${end ? " disabled" : disabled}` +
      ` aria-label="Move ${name} ${direction}" title="Move ${direction}">${direction === "up" ? "↑" : "↓"}</button>`;
    html += `<tr data-row="${id}"${row.textColor ? ` style="color:${escapeHtml(row.textColor)}"` : ""}>`;
    for (const c of s.columns) html += cellHtml(c, row, s.look?.(c, row));
    const history = s.historyHref ? `<a href="${escapeHtml(s.historyHref(row._id))}" aria-label="History of ${name}">History</a>` : "";
    if (s.readOnly) {
      html += history ? `<td class="actions"><div class="row-acts">${history}</div></td></tr>` : "</tr>";
      continue;
    }
    html +=
      `<td class="actions"><div class="row-acts"><a href="${escapeHtml(s.editHref(row._id))}" aria-label="Edit ${name}">Edit</a>` +
      `${move(up, "up", s.ends.first === row._id)}${move(down, "down", s.ends.last === row._id)}${history}</div></td></tr>`;
  }
  return html;
}

/** The two forms the rows' move buttons submit: what every move posts but the row's id, which its button adds. */
function MoveForms({ s }: { s: Shown }) {
  return (
    <>
      {(["up", "down"] as const).map((direction) => (
        <Form key={direction} id={moveFormId(s, direction)} method="post" action={s.action} hidden>
          <Hidden fields={{ intent: "move", ...s.hidden, direction, redirectTo: s.closeHref }} />
        </Form>
      ))}
    </>
  );
}

function cellHtml(column: SheetColumn, row: SheetRow, look?: HtmlCell): string {
  const text = cellTextOf(column, column.value(row));
  // The row's colour comes from the row; a cell colour is the cell's own (it wins over the sheet's colour, as in the grid).
  const own = row.fieldColors?.[column.id];
  const styles = own ? (look?.style ? `color:${own};${look.style}` : `color:${own}`) : (look?.style ?? "");
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
    const className = look?.className ? `col-name ${escapeHtml(look.className)}` : "col-name";
    return `<th scope="row" class="${className}"${style}>${content}</th>`;
  }
  const number = column.align === "right";
  const className = look?.className ? (number ? `${NUMBER} ${look.className}` : look.className) : number ? NUMBER : "";
  return `<td${className ? ` class="${escapeHtml(className)}"` : ""}${style}>${look?.html ?? escapeHtml(text)}</td>`;
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

function EditRow({
  hidden,
  row,
  columns,
  state,
  closeHref,
  busy,
}: {
  hidden: Record<string, string>;
  row: SheetRow;
  columns: SheetColumn[];
  state?: RowEditState;
  closeHref: string;
  busy?: boolean;
}) {
  const formId = `stock-edit-${row._id}`;
  return (
    <>
      <tr className="editing" data-row={row._id}>
        {columns.map((c) => {
          if (!c.editable) {
            return (
              <td key={c.id} className={c.align === "right" ? NUMBER : undefined}>
                {cellTextOf(c, c.value(row))}
              </td>
            );
          }
          const was = editStart(c, row);
          const shown = state?.values?.[c.id] ?? was;
          const Cell = c.name ? "th" : "td";
          const editor = c.editor ?? { kind: "text" as const };
          return (
            <Cell key={c.id} className={c.name ? "col-name" : undefined} {...(c.name ? { scope: "row" } : {})}>
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
        </td>
      </tr>
    </>
  );
}

/**
 * Spec: broken item and dino images are hidden (the server-rendered table's pictures, once the page runs JavaScript); a
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
