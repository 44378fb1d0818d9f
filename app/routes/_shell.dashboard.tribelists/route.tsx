// Tribelists: the lists of the servers 2411, 2573 and 2446 in tabs, a summary card whose counts filter
// the table, search and paging, an inline add row and inline edit rows, delete and clear after a confirmation.
// Without JavaScript: an HTML table whose add and edit rows are forms, and URL states (?add=1, ?edit=<_id>,
// ?confirm=delete&id=<_id>, ?confirm=clear). With it: a canvas grid (name and Discord ID edit in place), the add and edit
// rows as inline panels above it, modals for confirmations, and live reloads on the tribelist events.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  Link,
  useActionData,
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
} from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { CanvasTable } from "#app/components/grid/CanvasTable";
import { readOnlyColumns } from "#app/components/grid/types";
import { useCan } from "#app/utils/access";
import { RowActions } from "#app/components/table/RowActions";
import { Icon } from "#app/components/icons";
import { ConfirmModal, useModalState } from "#app/components/Modal";
import { useNotifications } from "#app/components/notifications/notifications";
import { Pagination } from "#app/components/table/Pagination";
import { TableToolbar } from "#app/components/table/TableToolbar";
import { LiveStatusBadge, useLiveRevalidate } from "#app/realtime/live";
import { FETCHER_FIELDS, type Answer } from "#app/utils/action";
import { useAfterPaint } from "#app/utils/after-paint";
import { useAnswerToast } from "#app/utils/use-answer-toast";
import { errorsOf, firstError } from "#app/utils/forms";
import { useHydrated } from "#app/utils/hydrated";
import { useRememberedTab } from "#app/utils/remembered-tab";
import { withParams } from "#app/utils/table";
import codesStyles from "#app/styles/codes.css?url";
import styles from "#app/styles/tribelists.css?url";
import {
  FILTER_LABELS,
  FILTERS,
  isServer,
  PAGE_PATH,
  SERVERS,
  TAB_KEY,
  tabLabel,
  type EntryRow,
  type Filter,
  type Positioned,
  type Server,
} from "./tribelists";
import { loadTribelist, tribelistAction } from "./tribelists.server";
import { LoadError, StaleSince } from "#app/components/HostNotice";
import { COLUMNS } from "./columns";
import { EntriesTable } from "./EntriesTable";
import { ActionButton, entryFields, EntryPanel, isFailure, loadEntryForm, valuesOf, type Values } from "./forms";
import { LastUpdated, useLastUpdated } from "./last-updated";

export const meta: MetaFunction = () => [{ title: "Tribelists · ARK Tribe Dashboard" }];
// codes.css carries the button and grid styles both pages share (the modal brings its own).
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: codesStyles },
  { rel: "stylesheet", href: styles },
];

export const loader = ({ request, context }: LoaderFunctionArgs) => loadTribelist(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => tribelistAction(request, context);

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
        ? {
            ...r,
            name: String(pending.get("name") ?? r.name),
            discordId: String(pending.get("discordId") ?? "") || null,
          }
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
      if (checked && checked.status !== "success")
        return notify({ type: "error", message: firstError(errorsOf(checked.error)) ?? "The entry was not saved." });
      cellFetcher.submit(fields, { method: "post", preventScrollReset: true });
    },
    [cellFetcher, server, base, notify, schema],
  );

  // The 250 ms transition when the search or the filter changes; the CSS runs it on first paint too.
  const results = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = results.current;
    if (!el) return;
    el.classList.remove("fade");
    void el.offsetWidth;
    el.classList.add("fade");
  }, [data.q, data.filter, server]);

  const loading =
    navigation.state === "loading" &&
    !navigation.formData &&
    navigation.location.pathname === PAGE_PATH &&
    navigation.location.search !== location.search;

  const addOpen = canEdit && (adding || data.adding || failure?.intent === "add");
  // The add and edit rows the server puts in the table for a page without JavaScript (the URL's add=1 or edit=, or a
  // refused save); once hydrated, the page shows them in a panel instead.
  const servedAdd = canEdit && (data.adding || failure?.intent === "add");
  const servedEditId = canEdit
    ? (data.editing?._id ?? (failure?.intent === "update" ? failure._id : undefined))
    : undefined;
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
  const deleteFields = deleting.value
    ? { intent: "delete", _id: deleting.value._id, tab: server, redirectTo: base }
    : null;
  const clearFields = { intent: "clear", tab: server, redirectTo: base };

  const tabHref = (s: Server) =>
    withParams(PAGE_PATH + location.search, {
      tab: s,
      filter: null,
      page: null,
      edit: null,
      add: null,
      confirm: null,
      id: null,
    });
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
              <ActionButton
                hydrated={hydrated}
                to={withParams(base, { confirm: "clear" })}
                onClick={() => clearing.open(true)}
                className="button danger"
              >
                <Icon name="trash" size={16} /> Clear All
              </ActionButton>
            </>
          ) : null}
        </div>
      </div>

      <nav className="tribelist-tabs" aria-label="Tribelists">
        {SERVERS.map((s) => (
          <Link
            key={s}
            to={tabHref(s)}
            className="tribelist-tab"
            aria-current={s === server ? "page" : undefined}
            preventScrollReset
          >
            {tabLabel(s)}
          </Link>
        ))}
      </nav>

      <section
        className="card tribelist-summary"
        aria-label={`${tabLabel(server)} summary`}
        data-testid="tribelist-summary"
      >
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
        <TableToolbar
          q={data.q}
          size={data.size}
          placeholder="Search tribelist entries..."
          keep={["tab", "filter"]}
          exportable
        >
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
                      {canEdit
                        ? "Select a row for its actions; double-click a name or Discord ID to edit it in place."
                        : "Select a row to see it here."}
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
