// The stock tab as an accessible HTML table: what the server renders, what shows without JavaScript, and the grid's
// fallback while it loads. Each row has an Edit link (?edit=<id>) and Move up / Move down buttons (the grid's drag
// reorder without JavaScript); the row being edited shows inputs for the tab's editable columns, bound to a form in the
// last cell (a form cannot wrap a <tr>) that posts to the page's action with the row's version, so the no-JavaScript
// save goes through the same version check as the grid's, and a text colour form for the row or one of its columns.
import { Form, Link } from "@remix-run/react";
import { cellText, editText, rowName, typeColour, type StockColumn, type StockRow } from "./rules";
import { DEFAULT_TEXT_COLOUR } from "../sheet/rules";
import { vaultCellState, type TabKind } from "../../../contract/stock";

export type RowEditState = {
  /** The submitted values of a refused or invalid save, shown again in the form. */
  values?: Record<string, string>;
  /** The version to save against after a refusal (the row's current one). */
  version?: number;
  message?: string;
};

export function StockTable({
  label,
  tab,
  columns,
  rows,
  editing,
  editState,
  editHref,
  closeHref,
  busy,
  kind,
  order,
}: {
  label: string;
  tab: string;
  kind: TabKind;
  /** The ids of the whole tab in order: the first row cannot move up, the last cannot move down. */
  order: string[];
  columns: StockColumn[];
  rows: StockRow[];
  editing: string | null;
  editState?: RowEditState;
  editHref: (id: string) => string;
  closeHref: string;
  busy?: boolean;
}) {
  return (
    <div className="table-scroll stock-table-scroll">
      <table className="table stock-table" data-testid="stock-table">
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.id} scope="col" className={`col-${c.role}`}>
                {c.title}
              </th>
            ))}
            <th scope="col" className="actions">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) =>
            row._id === editing ? (
              <EditRow key={row._id} tab={tab} row={row} columns={columns} state={editState} closeHref={closeHref} busy={busy} />
            ) : (
              <tr key={row._id} data-row={row._id}>
                {columns.map((c) => (
                  <ViewCell key={c.id} column={c} row={row} />
                ))}
                <td className="actions">
                  <div className="stock-row-actions">
                    <Link className="button small" to={editHref(row._id)} preventScrollReset aria-label={`Edit ${rowName(kind, row)}`}>
                      Edit
                    </Link>
                    <Form method="post" preventScrollReset className="stock-move">
                      <input type="hidden" name="intent" value="move" />
                      <input type="hidden" name="tab" value={tab} />
                      <input type="hidden" name="_id" value={row._id} />
                      <input type="hidden" name="redirectTo" value={closeHref} />
                      <button
                        type="submit"
                        name="direction"
                        value="up"
                        className="button small icon"
                        disabled={busy || order[0] === row._id}
                        aria-label={`Move ${rowName(kind, row)} up`}
                        title="Move up"
                      >
                        ↑
                      </button>
                      <button
                        type="submit"
                        name="direction"
                        value="down"
                        className="button small icon"
                        disabled={busy || order.at(-1) === row._id}
                        aria-label={`Move ${rowName(kind, row)} down`}
                        title="Move down"
                      >
                        ↓
                      </button>
                    </Form>
                  </div>
                </td>
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}

function ViewCell({ column, row }: { column: StockColumn; row: StockRow }) {
  const value = column.value(row);
  const text = cellText(column, value);
  const colour = row.fieldColors?.[column.id] ?? row.textColor ?? undefined;
  if (column.role === "name") {
    return (
      <th scope="row" className="col-name" style={colour ? { color: colour } : undefined}>
        <span className="stock-name">
          {row.imageUrl ? <img className="stock-thumb" src={row.imageUrl} alt="" loading="lazy" /> : null}
          <span>{text}</span>
        </span>
      </th>
    );
  }
  if (column.role === "type") {
    const c = typeColour(text);
    return (
      <td className="col-type">
        <span className="stock-type" style={{ color: c, borderColor: c }} data-type={text}>
          {text}
        </span>
      </td>
    );
  }
  const state = column.role === "count" ? vaultCellState(typeof value === "number" ? value : null) : null;
  return (
    <td className={`col-${column.role}${state ? ` vault-${state}` : ""}`} style={colour ? { color: colour } : undefined}>
      {text}
    </td>
  );
}

function EditRow({
  tab,
  row,
  columns,
  state,
  closeHref,
  busy,
}: {
  tab: string;
  row: StockRow;
  columns: StockColumn[];
  state?: RowEditState;
  closeHref: string;
  busy?: boolean;
}) {
  const formId = `stock-edit-${row._id}`;
  return (
    <>
      <tr className="editing" data-row={row._id}>
        {columns.map((c) => {
          const current = editText(c.value(row));
          if (!c.editable) {
            return (
              <td key={c.id} className={`col-${c.role}`}>
                {cellText(c, c.value(row))}
              </td>
            );
          }
          const shown = state?.values?.[c.id] ?? (c.role === "type" && current === "Unknown" ? "" : current);
          const was = c.role === "type" && current === "Unknown" ? "" : current;
          const Cell = c.role === "name" ? "th" : "td";
          return (
            <Cell key={c.id} className={`col-${c.role}`} {...(c.role === "name" ? { scope: "row" } : {})}>
              <input type="hidden" name={`was:${c.id}`} value={was} form={formId} />
              <input
                className={`stock-input ${c.role === "name" || c.role === "text" ? "wide" : ""}`}
                name={c.id}
                defaultValue={shown}
                form={formId}
                aria-label={c.title}
                inputMode={c.role === "count" || c.role === "number" ? "decimal" : undefined}
                list={c.role === "type" ? "dino-types" : undefined}
                autoComplete="off"
              />
            </Cell>
          );
        })}
        <td className="actions">
          <Form method="post" id={formId} preventScrollReset className="stock-row-form">
            <input type="hidden" name="intent" value="save-row" />
            <input type="hidden" name="tab" value={tab} />
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
            <input type="hidden" name="tab" value={tab} />
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
                  .filter((c) => c.role !== "history")
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
