// A table whose cells are edited in place and saved at once, one changed field per post (the breeder page's FFA
// Raising and Codes Given To); a refusal shows under the cell and restores the stored value. Without JavaScript each
// row has an Edit link (?edit=<id>) to a row form posting to the same action (docs/product/breeder.md).
import { Form, Link, useFetcher, useLocation } from "@remix-run/react";
import { SaveCancel } from "./SaveCancel";
import { useEffect, useRef, useState } from "react";
import { FETCHER_FIELDS, type Answer } from "#app/utils/action";
import { EmptyRow } from "./EmptyRow";
import { ScrollTable } from "./ScrollTable";
import { Options } from "./Options";
import { useHydrated } from "#app/utils/hydrated";
import { withParams } from "#app/utils/table";
import { useAnswerToast } from "#app/utils/use-answer-toast";

export type InlineColumn = {
  /** The row's field: the form field's name and the PATCH body's key. */
  key: string;
  title: string;
  /** A select of these (any other stored value is kept as an extra option); a text input when absent. */
  options?: readonly string[];
  /** A CSS width for the column. */
  width?: string;
  /** A long text (notes): a wider column, wrapped. */
  wide?: boolean;
};

export type InlineRow = { _id: string } & Record<string, unknown>;

/** What the action answers a refused save: the row, what was typed and why it was refused. */
export type InlineRefusal = { _id: string; values?: Record<string, string>; error: string };

type CellAnswer = Answer & { error?: string };

const textOf = (v: unknown) => (v === null || v === undefined ? "" : String(v));

export function InlineEditTable({
  rows,
  columns,
  intent,
  action,
  caption,
  empty,
  testId,
  editing,
  refusal,
  readOnly = false,
}: {
  rows: InlineRow[];
  columns: readonly InlineColumn[];
  /** The intent the page's action knows these edits by. */
  intent: string;
  /** The route the edits post to. */
  action: string;
  caption: string;
  /** The empty state's words. */
  empty: string;
  testId?: string;
  /** The row drawn as a form (?edit=<id>, the no-JavaScript path). */
  editing: string | null;
  /** A refused row form, drawn again with what was typed. */
  refusal?: InlineRefusal;
  /** A member who may only read: plain cells, no Edit links (contract/access.ts). */
  readOnly?: boolean;
}) {
  const hydrated = useHydrated();
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <ScrollTable
      className="table inline-table"
      testId={testId}
      caption={caption}
      head={
        <>
          {columns.map((c) => (
            <th
              key={c.key}
              scope="col"
              style={c.width ? { width: c.width } : undefined}
              className={c.wide ? "wide" : undefined}
            >
              {c.title}
            </th>
          ))}
          {readOnly ? null : (
            <th scope="col" className="actions">
              <span className="sr-only">Actions</span>
            </th>
          )}
        </>
      }
    >
      {rows.length === 0 ? <EmptyRow columns={columns.length + (readOnly ? 0 : 1)} text={empty} /> : null}
      {rows.map((row) =>
        row._id === editing && !readOnly ? (
          <RowForm
            key={row._id}
            row={row}
            columns={columns}
            intent={intent}
            action={action}
            here={here}
            refusal={refusal?._id === row._id ? refusal : undefined}
          />
        ) : (
          <tr key={row._id} data-id={row._id}>
            {columns.map((c) =>
              hydrated && !readOnly ? (
                <EditableCell key={c.key} row={row} column={c} intent={intent} action={action} />
              ) : (
                <td key={c.key} className={c.wide ? "wide" : undefined}>
                  {textOf(row[c.key])}
                </td>
              ),
            )}
            {readOnly ? null : (
              <td className="actions">
                <Link
                  className="button small"
                  to={withParams(here, { edit: row._id })}
                  preventScrollReset
                  aria-label={`Edit ${textOf(row[columns[0].key]) || "this row"}`}
                >
                  Edit
                </Link>
              </td>
            )}
          </tr>
        ),
      )}
    </ScrollTable>
  );
}

/** One cell with JavaScript: its text, or its editor; its edit saved by its own fetcher. */
function EditableCell({
  row,
  column,
  intent,
  action,
}: {
  row: InlineRow;
  column: InlineColumn;
  intent: string;
  action: string;
}) {
  const fetcher = useFetcher<CellAnswer>();
  const stored = textOf(row[column.key]);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const done = useRef(false);
  const button = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useAnswerToast(fetcher.data);

  // While the edit saves (and the page reloads after it), the cell shows the value sent.
  const sent = fetcher.formData?.get(column.key);
  const shown = typeof sent === "string" ? sent : stored;

  useEffect(() => {
    if (fetcher.state !== "idle") return;
    setFailed(fetcher.data?.error ?? null);
  }, [fetcher.state, fetcher.data]);

  // Enter and Escape give the focus back to the cell without opening it again.
  const quiet = useRef(false);
  useEffect(() => {
    if (!open && refocus.current) {
      refocus.current = false;
      quiet.current = true;
      button.current?.focus({ preventScroll: true });
      quiet.current = false;
    }
  }, [open]);

  const start = () => {
    done.current = false;
    setOpen(true);
  };
  const close = (value: string | null, keepFocus: boolean) => {
    if (done.current) return;
    done.current = true;
    refocus.current = keepFocus;
    setOpen(false);
    if (value === null || value === stored) return;
    fetcher.submit(
      { intent, _id: row._id, [column.key]: value, [`was:${column.key}`]: stored, ...FETCHER_FIELDS },
      { method: "post", action },
    );
  };
  // Enter commits, Escape cancels; both keep the focus on the cell.
  const onKey = (e: React.KeyboardEvent<HTMLInputElement | HTMLSelectElement>) => {
    if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      close(null, true);
    } else if (e.key === "Enter") {
      e.preventDefault();
      close(e.currentTarget.value, true);
    }
  };
  const label = column.title;
  const busy = fetcher.state !== "idle";

  return (
    <td
      className={`${column.wide ? "wide " : ""}editable${busy ? " saving" : ""}${failed ? " failed" : ""}`}
      data-field={column.key}
    >
      {open ? (
        column.options ? (
          <select
            className="inline-input"
            aria-label={label}
            defaultValue={shown}
            autoFocus
            onChange={(e) => close(e.currentTarget.value, true)}
            onBlur={(e) => close(e.currentTarget.value, false)}
            onKeyDown={onKey}
          >
            <Options options={column.options} value={shown} />
          </select>
        ) : (
          <input
            className="inline-input"
            aria-label={label}
            defaultValue={shown}
            autoFocus
            onFocus={(e) => e.currentTarget.select()}
            onBlur={(e) => close(e.currentTarget.value, false)}
            onKeyDown={onKey}
          />
        )
      ) : (
        <button
          ref={button}
          type="button"
          className="inline-cell"
          aria-label={`${label}: ${shown || "empty"}. Edit`}
          onClick={start}
          onFocus={() => {
            // A cell reached with the keyboard (or a click) opens at once; one given focus back after an edit does not.
            if (!quiet.current) start();
          }}
        >
          {shown || <span className="inline-empty">&nbsp;</span>}
        </button>
      )}
      {failed ? (
        <small className="inline-error" role="alert">
          {failed}
        </small>
      ) : null}
    </td>
  );
}

/** The no-JavaScript edit row: every field an input of one form, Save and Cancel. */
function RowForm({
  row,
  columns,
  intent,
  action,
  here,
  refusal,
}: {
  row: InlineRow;
  columns: readonly InlineColumn[];
  intent: string;
  action: string;
  here: string;
  refusal?: InlineRefusal;
}) {
  const formId = `edit-${row._id}`;
  const closeHref = withParams(here, { edit: null });
  const typed = (key: string) => refusal?.values?.[key] ?? textOf(row[key]);
  // A column's input or select, tied to the row's form.
  const fieldOf = (c: InlineColumn) => ({
    name: c.key,
    defaultValue: typed(c.key),
    form: formId,
    "aria-label": c.title,
    className: "inline-input",
  });
  return (
    <tr data-id={row._id} className="editing">
      {columns.map((c) => (
        <td key={c.key} className={c.wide ? "wide" : undefined}>
          <input type="hidden" name={`was:${c.key}`} value={textOf(row[c.key])} form={formId} />
          {c.options ? (
            <select {...fieldOf(c)}>
              <Options options={c.options} value={typed(c.key)} />
            </select>
          ) : (
            <input {...fieldOf(c)} />
          )}
        </td>
      ))}
      <td className="actions">
        <Form method="post" action={action} id={formId} className="inline-row-actions" preventScrollReset>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="_id" value={row._id} />
          <input type="hidden" name="redirectTo" value={closeHref} />
          <SaveCancel closeHref={closeHref} />
        </Form>
        {refusal ? (
          <p className="inline-error" role="alert">
            {refusal.error}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
