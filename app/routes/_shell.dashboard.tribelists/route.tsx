// Tribelists (spec part 1): the lists of the servers 2411, 2573 and 2446 in tabs, a summary card whose counts filter
// the table, search and paging, an inline add row and inline edit rows, delete and clear after a confirmation.
// Without JavaScript: an HTML table whose add and edit rows are forms, and URL states (?add=1, ?edit=<_id>,
// ?confirm=delete&id=<_id>, ?confirm=clear). With it: a canvas grid (name and Discord ID edit in place), the add and edit
// rows as inline panels above it, modals for confirmations, and live reloads on the tribelist events.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { CopyId } from "../../components/MemberName";
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useFetcher, useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { CanvasTable } from "../../components/grid/CanvasTable";
import { HtmlTable } from "../../components/grid/HtmlTable";
import { readOnlyColumns, type GridColumnDef } from "../../components/grid/types";
import { useCan } from "../../utils/access";
import { RowActions } from "../../components/table/RowActions";
import { Icon } from "../../components/icons";
import { ConfirmModal, useModalState } from "../../components/Modal";
import { useNotifications } from "../../components/notifications/notifications";
import { Pagination } from "../../components/table/Pagination";
import { TableToolbar } from "../../components/table/TableToolbar";
import { LiveStatusBadge, useLiveRevalidate } from "../../realtime/live";
import { conflictIn, FETCHER_FIELDS, type Answer, type FieldErrors } from "../../utils/action";
import { useAfterPaint } from "../../utils/after-paint";
import { useAnswerToast } from "../../utils/use-answer-toast";
import { formatInBrowser, formatUtcDateTime } from "../../utils/dates";
import { errorsOf, firstError, lastResultOf } from "../../utils/forms";
import { useHydrated } from "../../utils/hydrated";
import { useRememberedTab } from "../../utils/remembered-tab";
import { perRow, withParams } from "../../utils/table";
import codesStyles from "../../styles/codes.css?url";
import styles from "../../styles/tribelists.css?url";
import {
  FILTER_LABELS,
  FILTERS,
  FORM_FIELDS,
  isServer,
  LAST_UPDATED_KEY,
  NATIONALITIES,
  PAGE_PATH,
  RANKS,
  SERVERS,
  TAB_KEY,
  tabLabel,
  type EntryRow,
  type Filter,
  type Positioned,
  type Server,
} from "./tribelists";
import { loadTribelist, tribelistAction, type FormFailure } from "./tribelists.server";
import { LoadError, StaleSince } from "../../components/HostNotice";
import { ConflictField, Meanwhile } from "../../components/Meanwhile";

/** The forms' check (zod), loaded after the first paint. */
const loadEntryForm = () => import("./tribelists-form");
type EntryForm = Awaited<ReturnType<typeof loadEntryForm>>;

export const meta: MetaFunction = () => [{ title: "Tribelists · ARK Tribe Dashboard" }];
// codes.css carries the button and grid styles both pages share (the modal brings its own).
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: codesStyles },
  { rel: "stylesheet", href: styles },
];

export const loader = ({ request, context }: LoaderFunctionArgs) => loadTribelist(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => tribelistAction(request, context);

const RANK_COLORS: Record<string, { fg: string; bg: string }> = {
  Owner: { fg: "#d9480f", bg: "rgba(217, 72, 15, 0.14)" },
  Admin: { fg: "#1c7ed6", bg: "rgba(28, 126, 214, 0.14)" },
};

/** The columns of the canvas grid and of the HTML table (its cells where they differ from the text). */
export const COLUMNS: GridColumnDef<EntryRow>[] = [
  { id: "position", title: "ID", width: 64, priority: 3, kind: "number", value: (r) => r.position },
  { id: "name", title: "Name", width: 220, priority: 1, editable: true, value: (r) => r.name, className: "entry-name" },
  { id: "discordId", title: "Discord ID", width: 200, priority: 3, editable: true, value: (r) => r.discordId, render: (r) => <CopyId id={r.discordId} />, className: "mono" },
  { id: "avatar", title: "Avatar", width: 80, kind: "image", value: (r) => r.avatar },
  {
    id: "rank",
    title: "Rank",
    width: 100,
    kind: "badge",
    value: (r) => r.rank,
    colors: (r) => (r.rank ? RANK_COLORS[r.rank] : undefined),
    render: (r) => (r.rank ? <span className={`badge ${r.rank === "Owner" ? "yellow" : "blue"}`}>{r.rank}</span> : null),
  },
  { id: "nationality", title: "Nationality", width: 120, value: (r) => r.nationality },
  { id: "actions", title: "Actions", width: 120, priority: 1, value: () => "Edit · Delete", className: "actions", headerClassName: "actions" },
];

type Values = { name: string; discordId: string; rank: string; nationality: string };
const valuesOf = (e?: Partial<Positioned> | null): Values => ({
  name: e?.name ?? "",
  discordId: e?.discordId ?? "",
  rank: e?.rank ?? "",
  nationality: e?.nationality ?? "",
});
const isFailure = (d: unknown): d is FormFailure => typeof d === "object" && d !== null && "errors" in d;

export default function TribelistsPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const failure = isFailure(actionData) ? actionData : null;
  useLiveRevalidate(["tribelist_added", "tribelist_updated", "tribelist_deleted"]);
  const hydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { notify } = useNotifications();
  const here = location.pathname + location.search;
  const base = withParams(here, { edit: null, add: null, confirm: null, id: null });
  const server = data.server as Server;

  useRememberedTab({ storageKey: TAB_KEY, tab: server, hasTabParam: data.hasTabParam, isTab: isServer, here });
  const lastUpdated = useLastUpdated(server, data.signature, data.fetchedAt);

  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  // A member who may only read sees no add, edit, delete or clear (the server refuses them in any case).
  const canEdit = useCan("tribelists");
  const columns = canEdit ? COLUMNS : readOnlyColumns(COLUMNS);
  const deleting = useModalState<Positioned>(data.confirm?.kind === "delete" ? data.confirm.entry : null);
  const clearing = useModalState<true>(data.confirm?.kind === "clear" || null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  useEffect(() => {
    setAdding(false);
    setEditingId(null);
    setSelectedId(null);
  }, [server]);

  // In-place edits of a name or a Discord ID on the canvas: the whole entry goes to the same action, checked first by
  // the edit form's schema.
  const cellFetcher = useFetcher<typeof action>({ key: "tribelist-cell" });
  useAnswerToast(cellFetcher.data);
  const pending = cellFetcher.formData;
  const rows = useMemo(() => {
    if (!pending) return data.page.rows;
    return data.page.rows.map((r) =>
      pending.get("_id") === r._id
        ? { ...r, name: String(pending.get("name") ?? r.name), discordId: String(pending.get("discordId") ?? "") || null }
        : r,
    );
  }, [data.page.rows, pending]);
  // An in-place edit refused because someone else saved the entry first: its edit row opens on the newer version.
  const cellClash = isFailure(cellFetcher.data) && cellFetcher.data.conflict ? cellFetcher.data : null;
  useEffect(() => {
    if (!cellClash?._id) return;
    setEditingId(cellClash._id);
    setAdding(false);
  }, [cellClash]);
  const schema = useAfterPaint(loadEntryForm);
  const onEdit = useCallback(
    (row: EntryRow, columnId: string, value: string | number | null) => {
      if (columnId !== "name" && columnId !== "discordId") return;
      const text = value === null ? "" : String(value).trim();
      if ((row[columnId] ?? "") === text) return;
      const fields = { ...entryFields(row, server, base), ...FETCHER_FIELDS, [columnId]: text };
      // Checked here once the form's schema has loaded (after the first paint); the action checks it in any case.
      const checked = schema?.parseEntry("update", new URLSearchParams(fields));
      if (checked && checked.status !== "success") return notify({ type: "error", message: firstError(errorsOf(checked.error)) ?? "The entry was not saved." });
      cellFetcher.submit(fields, { method: "post", preventScrollReset: true });
    },
    [cellFetcher, server, base, notify, schema],
  );

  // The 250 ms transition when the search or the filter changes (spec section 9); the CSS runs it on first paint too.
  const results = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = results.current;
    if (!el) return;
    el.classList.remove("fade");
    void el.offsetWidth;
    el.classList.add("fade");
  }, [data.q, data.filter, server]);

  const loading =
    navigation.state === "loading" && !navigation.formData && navigation.location.pathname === PAGE_PATH && navigation.location.search !== location.search;

  const addOpen = canEdit && (adding || data.adding || failure?.intent === "add");
  // The add and edit rows the server puts in the table for a page without JavaScript (the URL's add=1 or edit=, or a
  // refused save); once hydrated, the page shows them in a panel instead.
  const servedAdd = canEdit && (data.adding || failure?.intent === "add");
  const servedEditId = canEdit ? (data.editing?._id ?? (failure?.intent === "update" ? failure._id : undefined)) : undefined;
  const closeAdd = () => {
    setAdding(false);
    if (data.adding) navigate(base, { replace: true, preventScrollReset: true });
  };
  const editTarget = !canEdit ? null : editingId ? (rows.find((r) => r._id === editingId) ?? null) : data.editing;
  const closeEdit = () => {
    setEditingId(null);
    if (data.editing) navigate(base, { replace: true, preventScrollReset: true });
  };
  const selected = selectedId ? rows.find((r) => r._id === selectedId) : undefined;

  // Delete and Clear All with JavaScript: a fetcher sends the confirmation's fields, and the modal closes at once.
  const writer = useFetcher<Answer>();
  useAnswerToast(writer.data);
  const confirmWith = (fields: Record<string, string>, modal: { onClose?: () => void }) => () => {
    writer.submit({ ...fields, ...FETCHER_FIELDS }, { method: "post", preventScrollReset: true });
    if (modal.onClose) modal.onClose();
    else navigate(base, { replace: true, preventScrollReset: true });
  };
  const deleteFields = deleting.value ? { intent: "delete", _id: deleting.value._id, tab: server, redirectTo: base } : null;
  const clearFields = { intent: "clear", tab: server, redirectTo: base };

  const tabHref = (s: Server) => withParams(PAGE_PATH + location.search, { tab: s, filter: null, page: null, edit: null, add: null, confirm: null, id: null });
  const filterHref = (f: Filter | null) => withParams(base, { filter: f, page: null });

  return (
    <>
      <div className="page-header tribelists-header">
        <h1>Tribelists</h1>
        <div className="header-actions">
          <LiveStatusBadge />
          {canEdit ? (
            <>
              <ActionButton
                hydrated={hydrated}
                to={withParams(base, { add: "1" })}
                onClick={() => {
                  setAdding(true);
                  setEditingId(null);
                }}
                className="button primary"
              >
                <Icon name="plus" size={16} /> Add Entry
              </ActionButton>
              <ActionButton hydrated={hydrated} to={withParams(base, { confirm: "clear" })} onClick={() => clearing.open(true)} className="button danger">
                <Icon name="trash" size={16} /> Clear All
              </ActionButton>
            </>
          ) : null}
        </div>
      </div>

      <nav className="tribelist-tabs" aria-label="Tribelists">
        {SERVERS.map((s) => (
          <Link key={s} to={tabHref(s)} className="tribelist-tab" aria-current={s === server ? "page" : undefined} preventScrollReset>
            {tabLabel(s)}
          </Link>
        ))}
      </nav>

      <section className="card tribelist-summary" aria-label={`${tabLabel(server)} summary`} data-testid="tribelist-summary">
        <div className="summary-head">
          <h2>{data.serverName}</h2>
          <span className="badge green">Active</span>
          <span className="muted small summary-updated">
            Last updated <LastUpdated at={lastUpdated} />
          </span>
        </div>
        <StaleSince asOf={data.stale ? data.fetchedAt : null} what={`the ${tabLabel(server)}`} />
        <div className="summary-stats">
          <div className="stat">
            <span className="stat-value" data-testid="count-total">
              {data.counts.total}
            </span>
            <span className="stat-label">Total members</span>
          </div>
          {FILTERS.map((f) => (
            <Link
              key={f}
              to={filterHref(f)}
              className="stat stat-link"
              aria-current={data.filter === f ? "true" : undefined}
              aria-label={`${FILTER_LABELS[f]}: ${data.counts[f]}, show only these`}
              preventScrollReset
            >
              <span className="stat-value" data-testid={`count-${f}`}>
                {data.counts[f]}
              </span>
              <span className="stat-label">{FILTER_LABELS[f]}</span>
            </Link>
          ))}
          {data.filter ? (
            <Link to={filterHref(null)} className="button small clear-filter" preventScrollReset>
              <Icon name="x" size={14} /> Clear Filter
            </Link>
          ) : null}
        </div>
      </section>

      <LoadError message={data.loadError} />

      <section className="card tribelist-card">
        <TableToolbar q={data.q} size={data.size} placeholder="Search tribelist entries..." keep={["tab", "filter"]} exportable>
          {data.filter ? <span className="badge blue">Filter: {FILTER_LABELS[data.filter as Filter]}</span> : null}
        </TableToolbar>

        <div ref={results} className="tribelist-results fade" aria-busy={loading}>
          {loading ? (
            <div className="loading-overlay" role="status">
              Loading...
            </div>
          ) : null}
          {hydrated ? (
            <>
              {addOpen ? (
                <EntryPanel
                  key={`add-${server}`}
                  mode="add"
                  server={server}
                  redirectTo={base}
                  initial={failure?.intent === "add" ? (failure.values as Values) : valuesOf(null)}
                  schema={schema}
                  onClose={closeAdd}
                />
              ) : null}
              {editTarget ? (
                <EntryPanel
                  key={`edit-${editTarget._id}`}
                  mode="edit"
                  entry={editTarget}
                  refused={cellClash?._id === editTarget._id ? cellClash : null}
                  server={server}
                  redirectTo={base}
                  initial={valuesOf(editTarget)}
                  schema={schema}
                  onClose={closeEdit}
                />
              ) : rows.length > 0 ? (
                <div className="grid-actions" role="toolbar" aria-label="Selected entry">
                  {selected ? (
                    <>
                      <span>
                        #{selected.position} · <strong>{selected.name}</strong>
                      </span>
                      <RowActions
                        canEdit={canEdit}
                        onEdit={() => {
                          setEditingId(selected._id);
                          setAdding(false);
                        }}
                        onDelete={() => deleting.open(selected)}
                        history={{ entity: "tribelist_entry", id: selected._id }}
                      />
                    </>
                  ) : (
                    <span className="muted small">
                      {canEdit ? "Select a row for its actions; double-click a name or Discord ID to edit it in place." : "Select a row to see it here."}
                    </span>
                  )}
                </div>
              ) : null}
            </>
          ) : null}

          {data.loadError ? null : rows.length === 0 && hydrated ? (
            <p className="empty-state" data-testid="tribelist-empty">
              No entries
            </p>
          ) : (
            <CanvasTable
              rows={rows}
              columns={columns}
              rowKey={(r) => r._id}
              onEdit={canEdit ? onEdit : undefined}
              onSelect={(r) => setSelectedId(r?._id ?? null)}
              label={tabLabel(server)}
              servedOnly={servedAdd || servedEditId !== undefined}
              fallback={
                <EntriesTable
                  columns={columns}
                  rows={rows}
                  server={server}
                  here={here}
                  base={base}
                  addOpen={!hydrated && addOpen}
                  editId={hydrated ? undefined : servedEditId}
                  failure={failure}
                />
              }
            />
          )}
        </div>

        <Pagination page={data.page} />
      </section>

      {canEdit && deleting.value && deleteFields ? (
        <ConfirmModal
          title="Delete Entry"
          question="Are you sure you want to delete this entry?"
          detail={deleting.value.name}
          confirmLabel="Delete"
          fields={deleteFields}
          onConfirm={confirmWith(deleteFields, deleting)}
          onClose={deleting.onClose}
          closeHref={base}
        />
      ) : null}
      {canEdit && clearing.value ? (
        <ConfirmModal
          title="Clear All"
          question="Are you sure you want to clear all entries from the current tribelist?"
          detail={`${tabLabel(server)} (${data.serverName}): ${data.counts.total} ${data.counts.total === 1 ? "entry" : "entries"}`}
          confirmLabel="Clear All"
          fields={clearFields}
          onConfirm={confirmWith(clearFields, clearing)}
          onClose={clearing.onClose}
          closeHref={base}
        />
      ) : null}
    </>
  );
}

/** The fields of an edit: the whole entry (spec section 7), the list, where to come back. */
function entryFields(entry: Positioned, server: Server, redirectTo: string): Record<string, string> {
  return {
    intent: "update",
    _id: entry._id,
    tab: server,
    redirectTo,
    username: entry.username ?? "",
    order: typeof entry.order === "number" ? String(entry.order) : "",
    ...(entry.version === undefined ? {} : { version: String(entry.version) }),
    ...valuesOf(entry),
  };
}

/** A button once JavaScript runs; before, a link to the URL state that does the same on the server. */
function ActionButton({
  hydrated,
  to,
  onClick,
  className,
  children,
}: {
  hydrated: boolean;
  to: string;
  onClick: () => void;
  className: string;
  children: React.ReactNode;
}) {
  if (hydrated) {
    return (
      <button type="button" className={className} onClick={onClick}>
        {children}
      </button>
    );
  }
  return (
    <Link to={to} className={className} preventScrollReset>
      {children}
    </Link>
  );
}

function RankSelect(props: React.SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select {...props}>
      <option value="">None</option>
      {RANKS.map((r) => (
        <option key={r} value={r}>
          {r}
        </option>
      ))}
    </select>
  );
}

function NationalitySelect(props: React.SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select {...props}>
      <option value="">None</option>
      {NATIONALITIES.map((n) => (
        <option key={n} value={n}>
          {n}
        </option>
      ))}
    </select>
  );
}

/** A form's problems; in a conflict (someone else saved first), the form's message is the conflict's notice. */
function Errors({ errors, conflict = false }: { errors: FieldErrors | undefined; conflict?: boolean }) {
  const { form, ...fields } = errors ?? {};
  const list = Object.values(conflict ? fields : { form, ...fields }).filter(Boolean);
  return (
    <>
      {conflict && form ? (
        <p className="conflict-notice" role="alert" data-testid="entry-conflict">
          {form}
        </p>
      ) : null}
      {list.length ? (
        <p className="form-error" role="alert">
          {list.join(" ")}
        </p>
      ) : null}
    </>
  );
}

/**
 * The add row and the edit rows with JavaScript: a form above the grid holding a copy of the values (spec section 4),
 * checked by the same schema as the action's before it is sent. Add and Save are disabled while busy or while the
 * name is empty (section 5); a refusal stays open with its messages (and a toast); a success closes it.
 */
function EntryPanel({
  mode,
  entry,
  server,
  redirectTo,
  initial,
  refused = null,
  schema,
  onClose,
}: {
  mode: "add" | "edit";
  entry?: Positioned;
  /** A refusal this row opens with (an in-place edit of the entry that someone else had saved first). */
  refused?: FormFailure | null;
  server: Server;
  redirectTo: string;
  initial: Values;
  /** The forms' check, once the page has loaded it (after the first paint); until then the action is the only one. */
  schema: EntryForm | null;
  onClose: () => void;
}) {
  const fetcher = useFetcher<typeof action>({ key: `tribelist-${mode}` });
  const { notify } = useNotifications();
  const intent = mode === "add" ? "add" : "update";
  const busy = fetcher.state !== "idle";
  useAnswerToast(fetcher.data);

  // When this panel's submission ends: a refusal stays open with the server's messages; a success closes the row.
  const started = useRef<{ data: unknown } | null>(null);
  const [refusal, setRefusal] = useState<FormFailure | null>(refused);
  useEffect(() => {
    if (busy) {
      started.current ??= { data: fetcher.data };
      return;
    }
    if (!started.current) return;
    const before = started.current.data;
    started.current = null;
    if (fetcher.data !== before && isFailure(fetcher.data)) setRefusal(fetcher.data);
    else onClose();
  }, [busy]); // eslint-disable-line react-hooks/exhaustive-deps

  const [form, fields] = useForm({
    id: `tribelist-${mode}-form`,
    // Without JavaScript the browser checks the fields itself (required, maxLength); conform takes over once hydrated.
    defaultNoValidate: false,
    defaultValue: refused?.values ?? initial,
    lastResult: useMemo(() => lastResultOf(refusal?.errors), [refusal]),
    shouldRevalidate: "onInput",
    // Until the schema has loaded (just after the first paint) the action is the only check.
    onValidate: schema ? ({ formData }) => schema.parseEntry(intent, formData) : undefined,
  });
  const errors: FieldErrors = {
    form: form.errors?.[0],
    ...Object.fromEntries(FORM_FIELDS.map((k) => [k, fields[k].errors?.[0]])),
  };

  // The entry as it was when the row opened: a live reload of the list while it is open must not move the version the
  // save is based on. Someone else saved it first: the row now saves on their version, holding this person's values.
  const [opened] = useState(entry);
  const clash = conflictIn<Positioned>(refusal);
  const basis = opened && clash ? { ...opened, ...clash.current } : opened;
  const theirs = clash ? valuesOf(clash.current) : undefined;
  const hidden = basis ? { ...entryFields(basis, server, redirectTo), ...FETCHER_FIELDS } : { intent: "add", tab: server, redirectTo, ...FETCHER_FIELDS };
  const label = mode === "add" ? "New entry" : `Edit entry #${entry?.position}`;
  return (
    <fetcher.Form
      method="post"
      preventScrollReset
      className={`entry-panel entry-panel-${mode}`}
      aria-label={label}
      data-testid={`entry-${mode}`}
      {...getFormProps(form)}
      onSubmit={(event) => {
        form.onSubmit(event);
        // Refused in the browser: the messages show in the form, and the first as a toast, as a refusal by the action does.
        if (!event.defaultPrevented) return;
        const checked = schema?.parseEntry(intent, new FormData(event.currentTarget));
        const message = !checked || checked.status === "success" ? null : firstError(errorsOf(checked.error));
        if (message) notify({ type: "error", message });
      }}
    >
      {Object.entries(hidden)
        .filter(([k]) => !(k in initial))
        .map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
      <span className="entry-panel-title">{label}</span>
      <ConflictField className="entry-field" label="Name" theirs={theirs?.name} mine={fields.name.value}>
        <input {...getInputProps(fields.name, { type: "text" })} placeholder="Name" autoFocus autoComplete="off" />
      </ConflictField>
      <ConflictField className="entry-field" label="Discord ID" theirs={theirs?.discordId} mine={fields.discordId.value}>
        <input {...getInputProps(fields.discordId, { type: "text" })} placeholder="Discord ID" inputMode="numeric" autoComplete="off" />
      </ConflictField>
      <ConflictField className="entry-field" label="Rank" theirs={theirs?.rank} mine={fields.rank.value}>
        <RankSelect {...getSelectProps(fields.rank)} />
      </ConflictField>
      <ConflictField className="entry-field" label="Nationality" theirs={theirs?.nationality} mine={fields.nationality.value}>
        <NationalitySelect {...getSelectProps(fields.nationality)} />
      </ConflictField>
      <div className="entry-panel-actions">
        <button type="submit" className="button small primary" disabled={busy || !String(fields.name.value ?? "").trim()}>
          <Icon name={mode === "add" ? "plus" : "check"} size={15} /> {mode === "add" ? "Add" : "Save"}
        </button>
        <button type="button" className="button small" onClick={onClose}>
          Cancel
        </button>
      </div>
      <Errors errors={errors} conflict={!!clash} />
    </fetcher.Form>
  );
}

/** The server-rendered table (also the grid's fallback while it loads), with the add row and edit rows as forms. */
function EntriesTable({
  columns,
  rows,
  server,
  here,
  base,
  addOpen,
  editId,
  failure,
}: {
  columns: GridColumnDef<EntryRow>[];
  rows: EntryRow[];
  server: Server;
  here: string;
  base: string;
  addOpen: boolean;
  editId: string | undefined;
  failure: FormFailure | null;
}) {
  const editHref = perRow(here, "edit", { add: null, confirm: null, id: null });
  const deleteHref = perRow(here, "id", { confirm: "delete", edit: null, add: null });
  return (
    <HtmlTable
      columns={columns}
      rows={rows}
      rowKey={(r) => r._id}
      caption={tabLabel(server)}
      className="table tribelist-table"
      testId="tribelist-table"
      leading={
        <>
          {addOpen ? (
            <FormRow
              server={server}
              redirectTo={base}
              cancelHref={base}
              values={failure?.intent === "add" ? (failure.values as Values) : valuesOf(null)}
              errors={failure?.intent === "add" ? failure.errors : undefined}
            />
          ) : null}
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="empty-state" data-testid="tribelist-empty">
                No entries
              </td>
            </tr>
          ) : null}
        </>
      }
      renderRow={(r) =>
        r._id === editId ? (
          <FormRow
            key={r._id}
            entry={r}
            server={server}
            redirectTo={base}
            cancelHref={base}
            values={failure?.intent === "update" && failure._id === r._id ? (failure.values as Values) : valuesOf(r)}
            errors={failure?.intent === "update" && failure._id === r._id ? failure.errors : undefined}
            conflict={failure?.intent === "update" && failure._id === r._id ? failure.conflict : undefined}
          />
        ) : undefined
      }
      cells={{
        actions: (r) => (
          <>
            <Link
              className="button small"
              to={editHref(r._id)}
              preventScrollReset
              aria-label={`Edit ${r.name}`}
            >
              <Icon name="edit" size={15} /> Edit
            </Link>{" "}
            <Link
              className="button small danger"
              to={deleteHref(r._id)}
              preventScrollReset
              aria-label={`Delete ${r.name}`}
            >
              <Icon name="trash" size={15} /> Delete
            </Link>
          </>
        ),
      }}
    />
  );
}

/** An add row (no entry) or an edit row: inputs in the cells, tied to the form in the last cell by its id. */
function FormRow({
  entry,
  server,
  redirectTo,
  cancelHref,
  values,
  errors,
  conflict,
}: {
  entry?: EntryRow;
  server: Server;
  redirectTo: string;
  cancelHref: string;
  values: Values;
  errors: FieldErrors | undefined;
  /** Someone else saved the entry first: the row saves on their version; their values show under these. */
  conflict?: FormFailure["conflict"];
}) {
  const formId = entry ? `tribelist-edit-${entry._id}` : "tribelist-add";
  const basis = entry && conflict ? { ...entry, ...conflict.current } : entry;
  const hidden = basis ? entryFields(basis, server, redirectTo) : { intent: "add", tab: server, redirectTo };
  const theirs = conflict ? valuesOf(conflict.current) : undefined;
  return (
    <>
      <tr className={`form-row ${entry ? "edit-row" : "add-row"}`} data-testid={entry ? "edit-row" : "add-row"}>
        <td>{entry ? entry.position : <span className="muted small">New</span>}</td>
        <td>
          <input form={formId} name="name" defaultValue={values.name} placeholder="Name" aria-label="Name" required autoFocus aria-invalid={!!errors?.name} />
          <Meanwhile theirs={theirs?.name} mine={values.name} />
        </td>
        <td>
          <input form={formId} name="discordId" defaultValue={values.discordId} placeholder="Discord ID" aria-label="Discord ID" inputMode="numeric" aria-invalid={!!errors?.discordId} />
          <Meanwhile theirs={theirs?.discordId} mine={values.discordId} />
        </td>
        <td>{entry ? <img className="avatar" src={entry.avatar} width={28} height={28} alt="" /> : null}</td>
        <td>
          <RankSelect form={formId} name="rank" defaultValue={values.rank} aria-label="Rank" />
          <Meanwhile theirs={theirs?.rank} mine={values.rank} />
        </td>
        <td>
          <NationalitySelect form={formId} name="nationality" defaultValue={values.nationality} aria-label="Nationality" />
          <Meanwhile theirs={theirs?.nationality} mine={values.nationality} />
        </td>
        <td className="actions">
          <Form id={formId} method="post" preventScrollReset>
            {Object.entries(hidden)
              .filter(([k]) => !(k in values))
              .map(([k, v]) => (
                <input key={k} type="hidden" name={k} value={v} />
              ))}
            <button type="submit" className="button small primary">
              {entry ? "Save" : "Add"}
            </button>{" "}
            <Link className="button small" to={cancelHref} preventScrollReset>
              Cancel
            </Link>
          </Form>
        </td>
      </tr>
      {errors && Object.keys(errors).length ? (
        <tr className="form-errors">
          <td colSpan={COLUMNS.length}>
            <Errors errors={errors} conflict={!!conflict} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** "Last updated": the server renders it in UTC; the browser shows its own time. */
function LastUpdated({ at }: { at: number }) {
  const [text, setText] = useState(() => formatUtcDateTime(at));
  useEffect(() => setText(formatInBrowser(at, "dateTime")), [at]);
  return (
    <time dateTime={new Date(at).toISOString()} data-testid="last-updated">
      {text}
    </time>
  );
}

/**
 * The last-updated time, stored locally per server (spec section 4): when this browser first saw the list as it is
 * now. The server's answer carries a fingerprint of the list; a new fingerprint means a new time.
 */
function useLastUpdated(server: Server, signature: string, fetchedAt: number) {
  const [at, setAt] = useState(fetchedAt);
  useEffect(() => {
    let stored: Record<string, { at: number; signature: string }> = {};
    try {
      stored = JSON.parse(localStorage.getItem(LAST_UPDATED_KEY) ?? "{}") ?? {};
    } catch {
      stored = {};
    }
    const known = stored[server];
    if (known && known.signature === signature && typeof known.at === "number") return setAt(known.at);
    stored[server] = { at: fetchedAt, signature };
    localStorage.setItem(LAST_UPDATED_KEY, JSON.stringify(stored));
    setAt(fetchedAt);
  }, [server, signature, fetchedAt]);
  return at;
}
