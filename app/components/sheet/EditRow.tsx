// The row of a sheet table being edited without JavaScript: its inputs and Save form, its colour, Move and History.
import { Form, Link } from "@remix-run/react";
import { Options } from "#app/components/table/Options";
import { SaveCancel } from "#app/components/table/SaveCancel";
import { cellTextOf, DEFAULT_TEXT_COLOUR, editStart, type SheetColumn, type SheetEnds, type SheetRow } from "./rules";
import { NUMBER } from "./rows-markup";
import type { RowEditState } from "./SheetTable";

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
export function EditRow({
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
            <SaveCancel closeHref={closeHref} busy={busy} />
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
