// Tribelists: the three servers' lists in tabs, a summary card whose counts filter, search and paging, inline add and
// edit, delete and clear after confirmation; URL states and forms without JavaScript, a canvas grid with panels and
// modals with it (docs/product/tribelists.md).
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useFetcher, useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { CanvasTable } from "#app/components/grid/CanvasTable";
import { readOnlyColumns } from "#app/components/grid/types";
import { useCan } from "#app/utils/access";
import { Icon } from "#app/components/icons";
import { ConfirmModal, useModalState } from "#app/components/Modal";
import { Pagination } from "#app/components/table/Pagination";
import { TableToolbar } from "#app/components/table/TableToolbar";
import { LiveStatusBadge, useLiveRevalidate } from "#app/realtime/live";
import { FETCHER_FIELDS, type Answer } from "#app/utils/action";
import { useAfterPaint } from "#app/utils/after-paint";
import { useAnswerToast } from "#app/utils/use-answer-toast";
import { useHydrated } from "#app/utils/hydrated";
import { useRememberedTab } from "#app/utils/remembered-tab";
import { withParams } from "#app/utils/table";
import codesStyles from "#app/styles/codes.css?url";
import styles from "#app/styles/tribelists.css?url";
import {
  FILTER_LABELS,
  PAGE_PATH,
  TAB_MEMORY,
  tabLabel,
  type Filter,
  type Positioned,
  type Server,
} from "./tribelists";
import { loadTribelist, tribelistAction } from "./tribelists.server";
import { LoadError } from "#app/components/HostNotice";
import { COLUMNS } from "./columns";
import { EntriesTable } from "./EntriesTable";
import { ActionButton, EntryPanel, isFailure, loadEntryForm, valuesOf, type Values } from "./forms";
import { useLastUpdated } from "./last-updated";
import { TribelistSummary, TribelistTabs } from "./panels";
import { useCellEdits } from "./use-cell-edits";
import { SelectedRow, SelectionBar, useSelectedRow } from "#app/components/table/SelectionBar";

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
  const here = location.pathname + location.search;
  const base = withParams(here, { edit: null, add: null, confirm: null, id: null });
  const server = data.server as Server;

  useRememberedTab(TAB_MEMORY, { tab: server, hasTabParam: data.hasTabParam, here });
  const lastUpdated = useLastUpdated(server, data.signature, data.fetchedAt);

  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  // A member who may only read sees no add, edit, delete or clear (the server refuses them in any case).
  const canEdit = useCan("tribelists");
  const columns = canEdit ? COLUMNS : readOnlyColumns(COLUMNS);
  const deleting = useModalState<Positioned>(data.confirm?.kind === "delete" ? data.confirm.entry : null);
  const clearing = useModalState<true>(data.confirm?.kind === "clear" || null);

  const schema = useAfterPaint(loadEntryForm);
  const { rows, cellClash, onEdit } = useCellEdits({ data, server, base, schema, setEditingId, setAdding });
  const { selected, select } = useSelectedRow(rows);
  useEffect(() => {
    setAdding(false);
    setEditingId(null);
    select(null);
  }, [server, select]);

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

  // Delete and Clear All: a form posting the fields without JavaScript; with it, a fetcher sends them and the modal
  // closes at once.
  const writer = useFetcher<Answer>();
  useAnswerToast(writer.data);
  const confirming = (fields: Record<string, string>, modal: { onClose?: () => void }) => ({
    fields,
    onConfirm: () => {
      writer.submit({ ...fields, ...FETCHER_FIELDS }, { method: "post", preventScrollReset: true });
      if (modal.onClose) modal.onClose();
      else navigate(base, { replace: true, preventScrollReset: true });
    },
    onClose: modal.onClose,
    closeHref: base,
  });
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

      <TribelistTabs server={server} tabHref={tabHref} />

      <TribelistSummary data={data} server={server} lastUpdated={lastUpdated} filterHref={filterHref} />

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
                <SelectionBar
                  label="Selected entry"
                  canEdit={canEdit}
                  editHint="Select a row for its actions; double-click a name or Discord ID to edit it in place."
                >
                  {selected ? (
                    <SelectedRow
                      summary={
                        <>
                          #{selected.position} · <strong>{selected.name}</strong>
                        </>
                      }
                      canEdit={canEdit}
                      onEdit={() => {
                        setEditingId(selected._id);
                        setAdding(false);
                      }}
                      onDelete={() => deleting.open(selected)}
                      history={{ entity: "tribelist_entry", id: selected._id }}
                    />
                  ) : null}
                </SelectionBar>
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
              onSelect={select}
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
          {...confirming(deleteFields, deleting)}
        />
      ) : null}
      {canEdit && clearing.value ? (
        <ConfirmModal
          title="Clear All"
          question="Are you sure you want to clear all entries from the current tribelist?"
          detail={`${tabLabel(server)} (${data.serverName}): ${data.counts.total} ${data.counts.total === 1 ? "entry" : "entries"}`}
          confirmLabel="Clear All"
          {...confirming(clearFields, clearing)}
        />
      ) : null}
    </>
  );
}
