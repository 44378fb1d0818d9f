// Codes: search, a table of codes sorted by id, edit in a modal, delete after a confirmation.
// Without JavaScript: an HTML table, and the modals are URL states (?edit=<_id>, ?confirm=delete&id=<_id>) rendered by
// the server. With it: a canvas grid (cells edit in place), modals opened at once, and live reloads on codes_update.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { Form, useActionData, useFetcher, useLoaderData, useLocation } from "@remix-run/react";
import { useCallback, useMemo, useState } from "react";
import { CanvasTable } from "#app/components/grid/CanvasTable";
import { HtmlTable } from "#app/components/grid/HtmlTable";
import { TONE_COLORS } from "#app/components/grid/tones";
import { readOnlyColumns, type GridColumnDef } from "#app/components/grid/types";
import { idColumn } from "#app/components/MemberName";
import { useCan } from "#app/utils/access";
import { SelectedRow, SelectionBar, useSelectedRow } from "#app/components/table/SelectionBar";
import { Icon } from "#app/components/icons";
import { ConfirmModal, Modal, ModalActions, useModalState, useSubmitting } from "#app/components/Modal";
import { useNotifications } from "#app/components/notifications/notifications";
import { Pagination } from "#app/components/table/Pagination";
import { TableToolbar } from "#app/components/table/TableToolbar";
import { LiveStatusBadge, useLiveRevalidate } from "#app/realtime/live";
import { conflictIn, FETCHER_FIELDS, type Conflict } from "#app/utils/action";
import { useAnswerToast } from "#app/utils/use-answer-toast";
import { useAfterPaint } from "#app/utils/after-paint";
import { formatUtcMinute } from "#app/utils/dates";
import { useHydrated } from "#app/utils/hydrated";
import { perRow, withParams } from "#app/utils/table";
import styles from "#app/styles/codes.css?url";
import type { Code } from "#contract/codes";
import { completedLabel, TEXT_FIELDS, TEXTS, type CodeRow, type TextField } from "./codes";
import { codesAction, loadCodes } from "./codes.server";
import { LoadError, StaleNotice } from "#app/components/HostNotice";
import { ConflictField } from "#app/components/Meanwhile";
import { PageHeader } from "#app/components/PageHeader";

/** The form's schema (zod), loaded after the first paint. */
const loadCodeForm = () => import("./codes-form");
type CodeForm = Awaited<ReturnType<typeof loadCodeForm>>;

export const meta: MetaFunction = () => [{ title: "Codes · ARK Tribe Dashboard" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const loader = ({ request, context }: LoaderFunctionArgs) => loadCodes(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => codesAction(request, context);

const COMPLETED_COLORS = { Yes: TONE_COLORS.green, No: TONE_COLORS.grey };

/** The columns of the canvas grid and of the HTML table (its cells where they differ from the text). */
export const COLUMNS: GridColumnDef<CodeRow>[] = [
  { id: "id", title: "ID", width: 64, priority: 3, kind: "number", value: (r) => r.id },
  { id: "username", title: "Username", width: 150, priority: 1, editable: true, value: (r) => r.username },
  { id: "code", title: "Code", width: 84, editable: true, value: (r) => r.code, render: (r) => <code>{r.code}</code> },
  { id: "server", title: "Server", width: 84, editable: true, value: (r) => r.server },
  { id: "avatar", title: "User Avatar", width: 100, kind: "image", value: (r) => r.avatarSrc },
  {
    id: "completed",
    title: "Completed",
    width: 100,
    kind: "badge",
    value: (r) => completedLabel(r.completed),
    colors: (r) => COMPLETED_COLORS[completedLabel(r.completed)],
    render: (r) => <span className={`badge ${r.completed ? "green" : "grey"}`}>{completedLabel(r.completed)}</span>,
  },
  { id: "mainserver", title: "Main Server", width: 110, editable: true, value: (r) => r.mainserver },
  { id: "location", title: "Location", width: 170, editable: true, value: (r) => r.location },
  idColumn<CodeRow>("user", "User ID", (r) => r.user, { width: 180, editable: true }),
  {
    id: "actions",
    title: "Actions",
    width: 110,
    priority: 1,
    value: () => "Edit · Delete",
    className: "actions",
    headerClassName: "actions",
  },
];

/** The form fields of a whole code (PUT carries the full code object). */
function codeFields(code: Code, redirectTo: string) {
  const fields: Record<string, string> = { intent: "update", _id: code._id, id: String(code.id), redirectTo };
  if (code.version !== undefined) fields.version = String(code.version);
  for (const f of TEXT_FIELDS) fields[f.name] = code[f.name] ?? "";
  fields.completed = completedLabel(code.completed);
  return fields;
}

export default function CodesPage() {
  const data = useLoaderData<typeof loader>();
  useLiveRevalidate(["codes_update"]);
  const hydrated = useHydrated();
  const location = useLocation();
  const here = location.pathname + location.search;
  const closeHref = withParams(here, { edit: null, confirm: null, id: null });

  // With JavaScript the modals open from state at once; without it, from the URL (the loader's editing/deleting).
  const canEdit = useCan("codes");
  const columns = canEdit ? COLUMNS : readOnlyColumns(COLUMNS);
  const editing = useModalState<Code>(data.editing);
  const deleting = useModalState<Code>(data.deleting);

  // In-place edits from the grid go through a fetcher, checked first by the form's schema; the row shows the new value
  // while it is on its way, and the answer's toast once it lands.
  const fetcher = useFetcher();
  const { notify } = useNotifications();
  useAnswerToast(fetcher.data);
  const pending = fetcher.formData?.get("intent") === "update" ? fetcher.formData : undefined;
  const rows = useMemo(() => {
    if (!pending) return data.page.rows;
    return data.page.rows.map((r) => {
      if (pending.get("_id") !== r._id) return r;
      const next = { ...r, completed: pending.get("completed") === "Yes" };
      for (const f of TEXT_FIELDS) next[f.name] = String(pending.get(f.name) ?? "") || null;
      return next;
    });
  }, [data.page.rows, pending]);

  const schema = useAfterPaint(loadCodeForm);
  const onEdit = useCallback(
    (row: CodeRow, columnId: string, value: string | number | null) => {
      const field = TEXT_FIELDS.find((f) => f.name === columnId);
      if (!field) return;
      const text = value === null ? "" : String(value);
      if ((row[field.name] ?? "") === text) return;
      const fields = { ...codeFields({ ...row, [field.name]: text }, closeHref), ...FETCHER_FIELDS };
      // Checked here once the form's schema has loaded (after the first paint); the action checks it in any case.
      if (schema && schema.checkCode(new URLSearchParams(fields)).status !== "success") {
        return notify({ type: "error", message: TEXTS.updateFailed });
      }
      fetcher.submit(fields, { method: "post", preventScrollReset: true });
    },
    [fetcher, closeHref, notify, schema],
  );

  // A save refused because someone else saved the code first (the modal's form, or an in-place edit): the Edit Code
  // modal opens again on the newer version, holding what this person sent, with the other values beside it.
  const actionData = useActionData<typeof action>();
  const [dismissed, setDismissed] = useState<ReadonlySet<unknown>>(() => new Set());
  const clashAnswer = [fetcher.data, actionData].find((a) => conflictIn(a) && !dismissed.has(a));
  const clash = conflictIn<Code>(clashAnswer);
  const dismissClash = () => {
    setDismissed((d) => new Set([...d, clashAnswer]));
    editing.onClose?.();
  };

  const { selected, select } = useSelectedRow(rows);
  const empty = data.q ? "No codes found matching your search." : "No codes found.";

  return (
    <>
      <PageHeader
        title="Codes"
        summaryClassName="codes-subtitle"
        summary={
          <>
            {data.total} {data.total === 1 ? "code" : "codes"}, sorted by ID
          </>
        }
      >
        <LiveStatusBadge />
      </PageHeader>

      {data.stale ? <StaleNotice>showing the codes as of {formatUtcMinute(data.stale.asOf)} UTC.</StaleNotice> : null}
      <LoadError message={data.loadError} />

      <section className="card codes-card">
        <TableToolbar q={data.q} size={data.size} placeholder="Search codes..." exportable />

        {data.loadError ? null : data.page.total === 0 ? (
          <p className="empty-state" data-testid="codes-empty">
            {empty}
          </p>
        ) : (
          <>
            {hydrated ? (
              <SelectionBar
                label="Selected code"
                canEdit={canEdit}
                editHint="Select a row for its actions; double-click a cell to edit it in place."
              >
                {selected ? (
                  <SelectedRow
                    summary={
                      <>
                        Code <strong>#{selected.id}</strong>
                        {selected.username ? ` · ${selected.username}` : ""}
                      </>
                    }
                    canEdit={canEdit}
                    onEdit={() => editing.open(selected)}
                    onDelete={() => deleting.open(selected)}
                    history={{ entity: "code", id: selected._id }}
                  />
                ) : null}
              </SelectionBar>
            ) : null}
            <CanvasTable
              rows={rows}
              columns={columns}
              rowKey={(r) => r._id}
              onEdit={canEdit ? onEdit : undefined}
              onSelect={select}
              label="Codes"
              fallback={<CodesTable rows={rows} here={here} columns={columns} />}
            />
          </>
        )}

        <Pagination page={data.page} />
      </section>

      {!canEdit ? null : clash ? (
        <EditCodeModal
          key={`${clash.current._id}@${clash.current.version}`}
          code={clash.current}
          conflict={clash}
          redirectTo={closeHref}
          onClose={hydrated ? dismissClash : undefined}
          onSubmit={() => setDismissed((d) => new Set([...d, clashAnswer]))}
          closeHref={closeHref}
          schema={schema}
        />
      ) : editing.value ? (
        <EditCodeModal
          key={editing.value._id}
          code={editing.value}
          redirectTo={closeHref}
          onClose={editing.onClose}
          closeHref={closeHref}
          schema={schema}
        />
      ) : null}
      {canEdit && deleting.value ? (
        <ConfirmModal
          title="Delete Code"
          question="Are you sure you want to delete this code?"
          confirmLabel="Delete"
          fields={{ intent: "delete", _id: deleting.value._id, redirectTo: closeHref }}
          onClose={deleting.onClose}
          closeHref={closeHref}
        />
      ) : null}
    </>
  );
}

/**
 * The server-rendered table (also the grid's fallback if its code does not load). Actions are links to the modal
 * states. Plain anchors: the table is the page without JavaScript, and with it the grid takes its place as soon as its
 * code has run (CanvasTable keeps the table as served until then, when a link works with a page load), so client-side
 * routing would buy nothing but render work.
 */
function CodesTable({ rows, here, columns }: { rows: CodeRow[]; here: string; columns: GridColumnDef<CodeRow>[] }) {
  const editHref = perRow(here, "edit", { confirm: null, id: null });
  const deleteHref = perRow(here, "id", { confirm: "delete", edit: null });
  return (
    <HtmlTable
      columns={columns}
      rows={rows}
      rowKey={(r) => r._id}
      caption="Codes"
      className="table codes-table"
      testId="codes-table"
      cells={{
        actions: (r) => (
          <>
            <a className="button small" href={editHref(r._id)} aria-label={`Edit code ${r.id}`} title="Edit">
              <Icon name="edit" size={15} />
            </a>{" "}
            <a
              className="button small danger"
              href={deleteHref(r._id)}
              aria-label={`Delete code ${r.id}`}
              title="Delete"
            >
              <Icon name="trash" size={15} />
            </a>
          </>
        ),
      }}
    />
  );
}

/**
 * The Edit Code modal: every field is free text; Completed is Yes or No. The form's schema checks it
 * in the browser before it is sent, and again in the action.
 */
function EditCodeModal({
  code,
  conflict,
  redirectTo,
  onClose,
  onSubmit,
  closeHref,
  schema,
}: {
  code: Code;
  /** Someone else saved the code first: the form holds what this person sent, on `code` (the newer version). */
  conflict?: Conflict<Code>;
  redirectTo: string;
  onClose?: () => void;
  onSubmit?: () => void;
  closeHref: string;
  /** The form's schema, once the page has loaded it (after the first paint); until then the action is the only check. */
  schema: CodeForm | null;
}) {
  const hidden = codeFields(code, redirectTo);
  const theirs = conflict ? codeFields(conflict.current, redirectTo) : undefined;
  const values = conflict ? { ...hidden, ...conflict.submitted } : hidden;
  const busy = useSubmitting("update");
  const [form, fields] = useForm({
    id: `edit-code-${code._id}`,
    // Without JavaScript the browser checks the fields itself (required, maxLength); conform takes over once hydrated.
    defaultNoValidate: false,
    defaultValue: values,
    shouldRevalidate: "onInput",
    // Until the schema has loaded (just after the first paint) the action is the only check.
    onValidate: schema ? ({ formData }) => schema.checkCode(formData) : undefined,
  });
  const fieldOf = (name: TextField | "completed", label: string) => ({
    className: "form-field",
    label,
    theirs: theirs?.[name],
    mine: fields[name].value,
  });
  return (
    <Modal title="Edit Code" onClose={onClose} closeHref={closeHref} testId="edit-code">
      <Form
        method="post"
        preventScrollReset
        className="modal-form"
        {...getFormProps(form)}
        onSubmit={(event) => {
          form.onSubmit(event);
          if (!event.defaultPrevented) onSubmit?.();
        }}
      >
        {["intent", "_id", "id", "version", "redirectTo"]
          .filter((name) => name in hidden)
          .map((name) => (
            <input key={name} type="hidden" name={name} value={hidden[name]} />
          ))}
        <p className="muted small">Code #{code.id}</p>
        {conflict ? (
          <p className="conflict-notice" role="alert" data-testid="code-conflict">
            {TEXTS.conflict}
          </p>
        ) : null}
        <div className="form-grid">
          {TEXT_FIELDS.map((f, i) => (
            <ConflictField key={f.name} {...fieldOf(f.name, f.label)}>
              <input {...getInputProps(fields[f.name], { type: "text" })} autoFocus={i === 0} autoComplete="off" />
              {fields[f.name].errors ? (
                <span className="form-error" id={fields[f.name].errorId} role="alert">
                  {fields[f.name].errors?.[0]}
                </span>
              ) : null}
            </ConflictField>
          ))}
          <ConflictField {...fieldOf("completed", "Completed")}>
            <select {...getSelectProps(fields.completed)}>
              <option value="Yes">Yes</option>
              <option value="No">No</option>
            </select>
          </ConflictField>
        </div>
        <ModalActions submit={{ label: "Save", busy }} />
      </Form>
    </Modal>
  );
}
