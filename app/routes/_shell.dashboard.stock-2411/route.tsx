// 2411 Stock (spec part 2: "2411 Stock screen", sections 3-9): eight tabs of a spreadsheet that several officers edit
// at once. With JavaScript: a canvas grid (click a cell to edit; edits are pending until Save, highlighted, with a
// yellow banner), row drag and drop with Save Order, cell selection with a text colour picker, Add Item Image, the
// Version History, and live updates from other officers that repaint only the changed cells and never drop one's own
// pending edits (each row is saved with its version; a refused row stays pending with a message naming who changed it
// and when). Without JavaScript: each tab is an HTML table with search, page size and pagination in the URL, and a
// per-row edit form that saves through the same action and the same version check.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useFetcher, useLoaderData, useLocation, useNavigate, useNavigation, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Dialogs } from "./dialogs";
import { cellsSelected } from "../../components/sheet/rules";
import { LazyStockGrid } from "../../components/stock/LazyStockGrid";
import { afterSave, EMPTY_PENDING, withEdit, type Pending } from "../../components/stock/pending";
import {
  columnsFor,
  DINO_TYPES,
  displayRow,
  moveItem,
  PAGE_PATH,
  parseInput,
  rowName,
  savePayload,
  TAB_STORAGE_KEY,
  TEXTS,
  type PendingValue,
  type StockColumn,
  type StockRow,
} from "../../components/stock/rules";
import {
  figureKey,
  STOCK_TABS,
  TABS,
  isStockTab,
  type Cell,
  type StockTab,
  type TabKind,
} from "../../../contract/stock";
import type { SelectionSummary } from "../../components/stock/StockGrid.client";
import { StockTable, type RowEditState } from "../../components/stock/StockTable";
import { useNotifications } from "../../components/notifications/notifications";
import { Pagination } from "../../components/table/Pagination";
import { TableToolbar } from "../../components/table/TableToolbar";
import { Icon } from "../../components/icons";
import { LiveStatusBadge, useLiveRevalidate } from "../../realtime/live";
import { FETCHER_FIELDS } from "../../utils/action";
import { useHydrated } from "../../utils/hydrated";
import { useRememberedTab } from "../../utils/remembered-tab";
import { withParams } from "../../utils/table";
import styles from "../../styles/stock.css?url";
import { loadStock, stockAction, type SaveResult } from "./stock.server";

export const meta: MetaFunction = () => [{ title: "2411 Stock · ARK Tribe Dashboard" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const loader = ({ request, context }: LoaderFunctionArgs) => loadStock(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => stockAction(request, context);

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type ActionData = {
  intent?: string;
  _id?: string;
  values?: Record<string, string>;
  version?: number;
  conflict?: string;
  error?: string;
} & Record<string, unknown>;

const NO_SELECTION: SelectionSummary = { count: 0, cells: [], rows: [] };

export default function StockPage() {
  const data = useLoaderData<typeof loader>();
  // Another officer's save reloads the tab; pending edits live in the sheet's state and survive it.
  useLiveRevalidate(["stock_2411_update"]);
  // A new tab is a new sheet: its pending edits, order and selection start empty.
  return <StockSheet key={data.tab} data={data} />;
}

/** The column that shows a past snapshot's figure per row, right after the tab's own figure column. */
function withHistoryColumn(kind: TabKind, columns: StockColumn[], view: Data["historyView"]): StockColumn[] {
  if (!view) return columns;
  const figures = view.figures as Record<string, Cell>;
  const column: StockColumn = {
    id: "history",
    title: `Stock at ${view.label}`,
    width: 176,
    role: "history",
    editable: false,
    value: (row) => figures[String(row._id)] ?? null,
  };
  const key = figureKey(kind);
  const at = columns.findIndex((c) => c.id === key || (key === "currentStock" && c.id === "currentStock"));
  const index = at >= 0 ? at + 1 : columns.length;
  return [...columns.slice(0, index), column, ...columns.slice(index)];
}

function StockSheet({ data }: { data: Data }) {
  const tab = data.tab as StockTab;
  const kind = data.kind as TabKind;
  const serverRows = data.page.rows as unknown as StockRow[];
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const hydrated = useHydrated();
  const { notify } = useNotifications();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const submit = useSubmit();
  const here = location.pathname + location.search;
  const closeHref = withParams(here, { edit: null, dialog: null });

  useRememberedTab({ storageKey: TAB_STORAGE_KEY, tab, hasTabParam: data.hasTabParam, isTab: isStockTab, here });
  useHideBrokenImages(data.page.rows);

  const columns = useMemo(
    () => withHistoryColumn(kind, columnsFor(kind, { ready: data.ready, unready: data.unready }), data.historyView),
    [kind, data.ready, data.unready, data.historyView],
  );

  // ---- pending edits --------------------------------------------------------------------------------------------
  const [pending, setPending] = useState<Pending>(EMPTY_PENDING);
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  const [conflicts, setConflicts] = useState<ReadonlyMap<string, string>>(new Map());
  const serverById = useMemo(() => new Map(serverRows.map((r) => [r._id, r])), [serverRows]);
  const serverRef = useRef(serverById);
  serverRef.current = serverById;

  const onEdit = useCallback(
    (display: StockRow, column: StockColumn, text: string) => {
      const row = serverRef.current.get(display._id);
      if (!row) return;
      const value = parseInput(column, text);
      if (value === undefined) return;
      const { pending: next, changed } = withEdit(pendingRef.current, kind, row, column.id, value);
      if (!changed) return;
      pendingRef.current = next;
      setPending(next);
      notify({ type: "warning", message: TEXTS.pending(rowName(kind, display) || "Row", column.title) });
    },
    [kind, notify],
  );

  // ---- order (drag and drop) ------------------------------------------------------------------------------------
  const [order, setOrder] = useState<string[] | null>(null);
  const serverIds = serverRows.map((r) => r._id);
  const displayIds = useMemo(() => {
    if (!order) return serverIds;
    const known = new Set(serverIds);
    const kept = order.filter((id) => known.has(id));
    return [...kept, ...serverIds.filter((id) => !kept.includes(id))];
  }, [order, serverIds.join(",")]); // eslint-disable-line react-hooks/exhaustive-deps
  const orderChanged = order !== null && displayIds.join(",") !== serverIds.join(",");
  const displayIdsRef = useRef(displayIds);
  displayIdsRef.current = displayIds;
  const onRowMoved = useCallback((from: number, to: number) => {
    if (from === to) return;
    setOrder(moveItem(displayIdsRef.current, from, to));
  }, []);

  const rows = useMemo(
    () => displayIds.map((id) => displayRow(kind, serverById.get(id)!, pending.get(id)?.cells)),
    [displayIds, serverById, pending, kind],
  );

  // ---- save -----------------------------------------------------------------------------------------------------
  const saveFetcher = useFetcher<SaveResult>();
  const sent = useRef<{ cells: Map<string, Record<string, PendingValue>>; then?: () => void } | null>(null);
  const saving = saveFetcher.state !== "idle";
  const save = useCallback(
    (then?: () => void) => {
      const current = pendingRef.current;
      if (current.size === 0) {
        notify({ type: "warning", message: TEXTS.noChanges });
        return;
      }
      if (sent.current) return; // one save at a time
      const payload = [...current].map(([id, p]) => ({
        _id: id,
        version: p.version,
        fields: savePayload(kind, serverRef.current.get(id) ?? p.base, p.cells),
      }));
      sent.current = { cells: new Map([...current].map(([id, p]) => [id, p.cells])), then };
      saveFetcher.submit({ intent: "save", tab, ...FETCHER_FIELDS, rows: JSON.stringify(payload) }, { method: "post", action: `${PAGE_PATH}?tab=${tab}` });
    },
    [kind, notify, saveFetcher, tab],
  );

  useEffect(() => {
    const result = saveFetcher.data;
    if (saveFetcher.state !== "idle" || !result || !sent.current) return;
    const request = sent.current;
    sent.current = null;
    if ("error" in result) {
      console.warn("stock: save failed", result.error);
      notify({ type: "error", message: TEXTS.failed });
      return;
    }
    const failures = result.conflicts.length + result.failed.length;
    const next = afterSave(pendingRef.current, request.cells, result);
    pendingRef.current = next;
    setPending(next);
    setConflicts((old) => {
      const map = new Map(old);
      for (const id of result.saved) map.delete(id);
      for (const id of result.failed) map.delete(id);
      for (const c of result.conflicts) map.set(c._id, c.message);
      return map;
    });
    if (failures > 0) console.warn("stock: rows not saved", { conflicts: result.conflicts, failed: result.failed });
    if (failures === 0) notify({ type: "success", message: TEXTS.saved(result.saved.length) });
    else if (result.saved.length === 0) notify({ type: "error", message: TEXTS.failed });
    else notify({ type: "warning", message: TEXTS.partial(result.saved.length, failures) });
    if (failures === 0) request.then?.();
  }, [saveFetcher.state, saveFetcher.data, notify]);

  const discard = () => {
    pendingRef.current = EMPTY_PENDING;
    setPending(EMPTY_PENDING);
    setConflicts(new Map());
  };

  // Ctrl+S (Cmd+S) saves; leaving the page with pending edits asks first.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "s") {
        e.preventDefault();
        save();
      }
    };
    const onUnload = (e: BeforeUnloadEvent) => {
      if (pendingRef.current.size === 0) return;
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("keydown", onKey);
    window.addEventListener("beforeunload", onUnload);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("beforeunload", onUnload);
    };
  }, [save]);

  // ---- order save -----------------------------------------------------------------------------------------------
  const orderFetcher = useFetcher<{ ok?: boolean; error?: string; message?: string }>();
  const orderSent = useRef(false);
  const saveOrder = () => {
    orderSent.current = true;
    orderFetcher.submit({ intent: "order", tab, ...FETCHER_FIELDS, ids: JSON.stringify(displayIds) }, { method: "post", action: `${PAGE_PATH}?tab=${tab}` });
  };
  useEffect(() => {
    if (orderFetcher.state !== "idle" || !orderFetcher.data || !orderSent.current) return;
    orderSent.current = false;
    if (orderFetcher.data.ok) {
      setOrder(null);
      notify({ type: "success", message: TEXTS.orderSaved });
    } else notify({ type: "error", message: orderFetcher.data.error ?? TEXTS.orderFailed });
  }, [orderFetcher.state, orderFetcher.data, notify]);

  // ---- selection and colours ------------------------------------------------------------------------------------
  const [selection, setSelection] = useState<SelectionSummary>(NO_SELECTION);
  const [selectionKey, setSelectionKey] = useState(0);
  const [dialog, setDialog] = useState<null | "colour" | "image" | { switchTo: string }>(null);
  const colourFetcher = useFetcher<{ ok?: boolean; error?: string }>();
  const colourSent = useRef(false);
  const openColourPicker = () => {
    if (selection.count === 0) return notify({ type: "warning", message: TEXTS.selectFirst });
    setDialog("colour");
  };
  const saveColour = (colour: string) => {
    const colourable = new Set(columns.filter((c) => c.role !== "history").map((c) => c.id));
    const byRow = new Map<string, string[]>();
    for (const c of selection.cells) {
      if (!colourable.has(c.columnId)) continue;
      byRow.set(c.rowId, [...(byRow.get(c.rowId) ?? []), c.columnId]);
    }
    colourSent.current = true;
    colourFetcher.submit(
      {
        intent: "colour",
        tab,
        ...FETCHER_FIELDS,
        colour,
        cells: JSON.stringify([...byRow].map(([_id, cols]) => ({ _id, columns: cols }))),
        rows: JSON.stringify(selection.rows),
      },
      { method: "post", action: `${PAGE_PATH}?tab=${tab}` },
    );
  };
  useEffect(() => {
    if (colourFetcher.state !== "idle" || !colourFetcher.data || !colourSent.current) return;
    colourSent.current = false;
    if (colourFetcher.data.ok) {
      setDialog(null);
      setSelectionKey((k) => k + 1);
    } else notify({ type: "error", message: TEXTS.colourError });
  }, [colourFetcher.state, colourFetcher.data, notify]);

  // ---- images ---------------------------------------------------------------------------------------------------
  const imageFetcher = useFetcher<{ ok?: boolean; error?: string; message?: string }>();
  const imageSent = useRef(false);
  const [imageError, setImageError] = useState<string | null>(null);
  // Opened by the URL (?dialog=image, the no-JavaScript link) before the page ran JavaScript: keep it open.
  useEffect(() => {
    if (data.dialog === "image") setDialog("image");
  }, [data.dialog]);
  useEffect(() => {
    if (imageFetcher.state !== "idle" || !imageFetcher.data || !imageSent.current) return;
    imageSent.current = false;
    if (imageFetcher.data.ok) {
      setDialog(null);
      setImageError(null);
      notify({ type: "success", message: imageFetcher.data.message ?? "" });
    } else {
      setImageError(imageFetcher.data.error ?? TEXTS.imageError);
      notify({ type: "error", message: imageFetcher.data.error ?? TEXTS.imageError });
    }
  }, [imageFetcher.state, imageFetcher.data, notify]);

  // ---- tabs -----------------------------------------------------------------------------------------------------
  const tabHref = (t: StockTab) =>
    withParams(PAGE_PATH, { tab: t, size: data.size === 100 ? null : data.size });
  const onTabClick = (e: React.MouseEvent, href: string) => {
    if (pendingRef.current.size === 0) return;
    e.preventDefault();
    setDialog({ switchTo: href });
  };
  const switching = navigation.state === "loading" && navigation.location?.pathname === PAGE_PATH &&
    new URLSearchParams(navigation.location.search).get("tab") !== null &&
    new URLSearchParams(navigation.location.search).get("tab") !== tab;

  const toggleHref = (key: "ready" | "unready", on: boolean) => withParams(here, { [key]: on ? null : "1", edit: null });
  const editState: RowEditState | undefined =
    actionData?.intent === "save-row" && actionData._id === data.editing
      ? { values: actionData.values, version: actionData.version, message: actionData.conflict ?? actionData.error }
      : undefined;
  const imageAction = actionData?.intent === "image" ? actionData : undefined;

  const isDinos = kind === "dinos";
  const conflictList = useMemo(() => [...conflicts].filter(([id]) => pending.has(id)), [conflicts, pending]);
  const conflictIds = useMemo(() => new Set(conflictList.map(([id]) => id)), [conflictList]);
  const pendingCells = useMemo(() => new Map([...pending].map(([id, p]) => [id, p.cells])), [pending]);

  return (
    <>
      <div className="page-header">
        <div>
          <h1>{TEXTS.title}</h1>
          <p className="muted small stock-subtitle">{data.label}</p>
        </div>
        <LiveStatusBadge />
      </div>

      <nav className="tabs stock-tabs" aria-label="Stock tabs">
        {STOCK_TABS.map((t) => (
          <Link
            key={t}
            to={tabHref(t)}
            className={`tab${t === tab ? " active" : ""}`}
            aria-current={t === tab ? "page" : undefined}
            onClick={(e) => onTabClick(e, tabHref(t))}
            preventScrollReset
          >
            {TABS[t].label}
          </Link>
        ))}
      </nav>

      <section className="card stock-summary" aria-label={`${data.label} summary`} data-testid="stock-summary">
        {switching ? (
          <p className="stock-loading" role="status">
            <span className="spinner" aria-hidden /> {TEXTS.loading}
          </p>
        ) : (
          <>
            <dl className="stock-stats">
              <div>
                <dt>Items</dt>
                <dd data-testid="summary-items">{data.summary.items}</dd>
              </div>
              <div>
                <dt>{isDinos ? "Total Raised" : "Current Stock"}</dt>
                <dd data-testid="summary-total">{data.summary.total.toLocaleString("en-US")}</dd>
              </div>
              <div>
                <dt>At Target</dt>
                <dd>{data.summary.atTarget}</dd>
              </div>
              <div>
                <dt>Below Target</dt>
                <dd>{data.summary.belowTarget}</dd>
              </div>
            </dl>
            <div className="stock-history">
              <p className="muted small" data-testid="last-updated-by">
                Last Updated By:{" "}
                {data.lastUpdated ? (
                  <>
                    <strong>{data.lastUpdated.by}</strong> · <time dateTime={data.lastUpdated.iso}>{data.lastUpdated.at}</time>
                  </>
                ) : (
                  "—"
                )}
              </p>
              <Form method="get" className="stock-history-form" preventScrollReset>
                {["tab", "q", "size", "ready", "unready"].map((k) => {
                  const v = new URLSearchParams(location.search).get(k);
                  return v ? <input key={k} type="hidden" name={k} value={v} /> : null;
                })}
                {!new URLSearchParams(location.search).get("tab") ? <input type="hidden" name="tab" value={tab} /> : null}
                <label>
                  <span>Version History</span>
                  <select
                    name="history"
                    value={data.historyView?.id ?? ""}
                    onChange={(e) => submit(e.currentTarget.form, { replace: true, preventScrollReset: true })}
                    disabled={data.history.length === 0}
                  >
                    <option value="">{data.history.length === 0 ? "No past versions" : "Select a date"}</option>
                    {data.history.map((h) => (
                      <option key={h.id} value={h.id}>
                        {h.label}
                        {h.updatedBy ? ` · ${h.updatedBy}` : ""}
                      </option>
                    ))}
                  </select>
                </label>
                <noscript>
                  <button type="submit" className="button small">
                    Show
                  </button>
                </noscript>
                {data.historyView ? (
                  <Link className="button small" to={withParams(here, { history: null })} preventScrollReset replace>
                    Show Current
                  </Link>
                ) : null}
              </Form>
            </div>
          </>
        )}
      </section>

      {pending.size > 0 ? (
        <div className="stock-banner" role="status" data-testid="unsaved-banner">
          <span>
            <Icon name="edit" size={16} /> Unsaved changes: <strong>{pending.size}</strong> modified {pending.size === 1 ? "row" : "rows"}
          </span>
          <button type="button" className="button small" onClick={discard} disabled={saving}>
            Discard
          </button>
          <button type="button" className="button small primary" onClick={() => save()} disabled={saving}>
            {saving ? "Saving..." : "Save"}
          </button>
        </div>
      ) : null}

      {conflictList.length > 0 ? (
        <div className="notice stock-conflicts" role="alert" data-testid="stock-conflicts">
          <p>
            <strong>Not saved:</strong> these rows were changed by someone else since you edited them. Your values are still
            pending: check them and press Save to apply them again.
          </p>
          <ul>
            {conflictList.map(([id, message]) => (
              <li key={id}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <section className="card stock-card">
        <div className="stock-toolbar" role="toolbar" aria-label="Stock tools">
          {hydrated ? (
            <button type="button" className="button small" onClick={() => setDialog("image")}>
              <Icon name="plus" size={15} /> Add Image
            </button>
          ) : (
            <Link className="button small" to={withParams(here, { dialog: "image", edit: null })} preventScrollReset>
              Add Image
            </Link>
          )}
          {hydrated ? (
            <button type="button" className="button small" onClick={openColourPicker}>
              <span className="swatch" aria-hidden /> Color Picker
            </button>
          ) : null}
          {hydrated && orderChanged ? (
            <button type="button" className="button small primary" onClick={saveOrder} disabled={orderFetcher.state !== "idle"}>
              {orderFetcher.state !== "idle" ? "Saving..." : "Save Order"}
            </button>
          ) : null}
          {isDinos ? (
            <>
              {(
                [
                  ["ready", data.ready, "Ready Details (R1-R16)"],
                  ["unready", data.unready, "Unready Details (U1-U16)"],
                ] as const
              ).map(([key, on, label]) => (
                <Link
                  key={key}
                  className={`button small toggle${on ? " on" : ""}`}
                  role="button"
                  aria-pressed={on}
                  to={toggleHref(key, on)}
                  preventScrollReset
                  replace
                >
                  {label}
                </Link>
              ))}
            </>
          ) : null}
          {selection.count > 1 ? (
            <span className="stock-selected" data-testid="cells-selected">
              {cellsSelected(selection.count)}
            </span>
          ) : null}
        </div>

        <TableToolbar q={data.q} size={data.size} placeholder={TEXTS.search} keep={["tab", "ready", "unready", "history"]} />

        {data.page.total === 0 ? (
          <p className="empty-state" data-testid="stock-empty">
            {data.q ? "No stock items match your search." : "No stock items yet."}
          </p>
        ) : (
          <LazyStockGrid
            columns={columns}
            rows={rows}
            pending={pendingCells}
            conflicts={conflictIds}
            onEdit={onEdit}
            onSelection={setSelection}
            onRowMoved={onRowMoved}
            selectionKey={selectionKey}
            label={data.label}
            fallback={
              <StockTable
                label={data.label}
                tab={tab}
                kind={kind}
                order={data.allIds}
                columns={columns}
                rows={serverRows}
                editing={data.editing}
                editState={editState}
                editHref={(id) => withParams(here, { edit: id, dialog: null })}
                closeHref={closeHref}
                busy={navigation.state === "submitting"}
              />
            }
          />
        )}
        <Pagination page={data.page} />
      </section>

      <datalist id="dino-types">
        {DINO_TYPES.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>

      <Dialogs
        dialog={dialog}
        serverDialog={data.dialog}
        hydrated={hydrated}
        names={data.itemNames}
        tab={tab}
        closeHref={closeHref}
        selectionCount={selection.count}
        pendingRows={pending.size}
        colourBusy={colourFetcher.state !== "idle"}
        imageBusy={imageFetcher.state !== "idle" || (navigation.state === "submitting" && navigation.formData?.get("intent") === "image")}
        imageError={imageError ?? imageAction?.error ?? null}
        imageInitial={imageAction?.values as { itemName?: string; imageUrl?: string; updateAllMatching?: boolean } | undefined}
        onClose={() => {
          setDialog(null);
          setImageError(null);
        }}
        onSaveColour={saveColour}
        onAddImage={(values) => {
          imageSent.current = true;
          setImageError(null);
          imageFetcher.submit(
            { intent: "image", tab, ...FETCHER_FIELDS, itemName: values.itemName, imageUrl: values.imageUrl, updateAllMatching: String(values.updateAllMatching) },
            { method: "post", action: `${PAGE_PATH}?tab=${tab}` },
          );
        }}
        onSaveAndSwitch={(href) => {
          setDialog(null);
          save(() => navigate(href));
        }}
        onDiscardAndSwitch={(href) => {
          setDialog(null);
          discard();
          navigate(href);
        }}
      />
    </>
  );
}

/** Spec: broken item images are hidden (the server-rendered table's pictures, once the page runs JavaScript). */
function useHideBrokenImages(dependency: unknown) {
  useEffect(() => {
    const hide = (img: HTMLImageElement) => {
      img.hidden = true;
    };
    const images = [...document.querySelectorAll<HTMLImageElement>("img.stock-thumb")];
    for (const img of images) {
      if (img.complete && img.naturalWidth === 0) hide(img);
      else img.addEventListener("error", () => hide(img), { once: true });
    }
  }, [dependency]);
}
