// 2411 Stock: eight tabs of a sheet several officers edit at once, a canvas grid with pending edits, Save, reorder,
// colours, images, Version History and live updates; without JavaScript, HTML tables with a per-row form through the
// same action and version check (docs/product/stock.md, docs/product/sheets.md).
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useFetcher, useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Dialogs } from "./dialogs";
import { SheetView, type RowSaveAnswer } from "#app/components/sheet/SheetView";
import { DialogOpener, SheetEditTools, SheetSelectionTools, ToggleLinks } from "#app/components/sheet/SheetTools";
import { StockSummary } from "./summary";
import { gridPreloadMeta } from "#app/components/sheet/preload";
import { type PendingValue, type SheetColumn, type SheetRow } from "#app/components/sheet/rules";
import { useSheet } from "#app/components/sheet/use-sheet";
import { stockSheet } from "#contract/sheet-names";
import {
  checkInput,
  columnsFor,
  DINO_TYPES,
  displayRow,
  PAGE_PATH,
  parseInput,
  rowName,
  savePayload,
  storedValue,
  TAB_MEMORY,
  TEXTS,
  type StockColumn,
} from "#app/components/stock/rules";
import type { StockItem } from "#contract/stock-item";
import { STOCK_TABS, TABS, type StockTab, type TabKind } from "#contract/stock";
import { ColourLegend } from "#app/components/sheet/ColourLegend";
import { useNotifications } from "#app/components/notifications/notifications";
import { Pagination } from "#app/components/table/Pagination";
import { TableToolbar } from "#app/components/table/TableToolbar";
import { LiveStatusBadge, useLiveRevalidate } from "#app/realtime/live";
import { FETCHER_FIELDS } from "#app/utils/action";
import { useHydrated } from "#app/utils/hydrated";
import { useRememberedTab } from "#app/utils/remembered-tab";
import { withParams } from "#app/utils/table";
import { sheetStyles } from "#app/components/sheet/styles";
import { loadStock, stockAction } from "./stock.server";
import { TabNav } from "#app/components/TabNav";
import { LoadError, StaleSince } from "#app/components/HostNotice";
import { useCan } from "#app/utils/access";
import { stockHtml, stockLegend, stockLook, withHistoryColumn } from "./look";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: "2411 Stock · ARK Tribe Dashboard" },
  ...gridPreloadMeta(data?.gridPreload),
];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: sheetStyles }];

export const loader = ({ request, context }: LoaderFunctionArgs) => loadStock(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => stockAction(request, context);

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type ActionData = RowSaveAnswer & Record<string, unknown>;

export default function StockPage() {
  const data = useLoaderData<typeof loader>();
  // Another officer's save reloads the tab; pending edits live in the sheet's state and survive it.
  useLiveRevalidate(["stock_2411_update"]);
  // A new tab is a new sheet: its pending edits, order and selection start empty.
  return <StockSheet key={data.tab} data={data} />;
}

function StockSheet({ data }: { data: Data }) {
  const tab = data.tab as StockTab;
  const kind = data.kind as TabKind;
  const serverRows = data.page.rows as unknown as StockItem[];
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const hydrated = useHydrated();
  const { notify } = useNotifications();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const here = location.pathname + location.search;
  const closeHref = withParams(here, { edit: null, dialog: null });

  useRememberedTab(TAB_MEMORY, { tab, hasTabParam: data.hasTabParam, here });

  const columns = useMemo(
    () => withHistoryColumn(kind, columnsFor(kind, { ready: data.ready, unready: data.unready }), data.historyView),
    [kind, data.ready, data.unready, data.historyView],
  );
  const legend = useMemo(() => stockLegend(columns), [columns]);

  const canEdit = useCan("stock");
  const sheet = useSheet<StockItem>({
    rows: serverRows,
    columns,
    action: `${PAGE_PATH}?tab=${tab}`,
    fields: useMemo(() => ({ tab }), [tab]),
    texts: TEXTS,
    rowName: useCallback((row: SheetRow) => rowName(kind, row), [kind]),
    stored: useCallback((row: SheetRow, columnId: string) => storedValue(kind, row, columnId), [kind]),
    parse: useCallback((column: SheetColumn, text: string) => parseInput(column as StockColumn, text), []),
    check: useCallback((column: SheetColumn, text: string) => checkInput(column as StockColumn, text), []),
    display: useCallback(
      (row: StockItem, cells: Record<string, PendingValue> | undefined) => displayRow(kind, row, cells),
      [kind],
    ),
    payload: useCallback(
      (row: StockItem, cells: Record<string, PendingValue>) => savePayload(kind, row, cells),
      [kind],
    ),
    reorder: "move",
    readOnly: !canEdit,
    presence: stockSheet(tab),
  });
  const [dialog, setDialog] = useState<null | "image" | { switchTo: string }>(null);

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
  const tabHref = (t: StockTab) => withParams(PAGE_PATH, { tab: t, size: data.size === 100 ? null : data.size });
  const onTabClick = (e: React.MouseEvent, href: string) => {
    if (sheet.pendingRows === 0) return;
    e.preventDefault();
    setDialog({ switchTo: href });
  };
  const switching =
    navigation.state === "loading" &&
    navigation.location?.pathname === PAGE_PATH &&
    new URLSearchParams(navigation.location.search).get("tab") !== null &&
    new URLSearchParams(navigation.location.search).get("tab") !== tab;

  const toggleHref = (key: "ready" | "unready", on: boolean) =>
    withParams(here, { [key]: on ? null : "1", edit: null });
  const imageAction = actionData?.intent === "image" ? actionData : undefined;

  const isDinos = kind === "dinos";

  return (
    <>
      <div className="page-header">
        <div>
          <h1>{TEXTS.title}</h1>
          <p className="muted small stock-subtitle">{data.label}</p>
        </div>
        <LiveStatusBadge />
      </div>

      <TabNav
        tabs={STOCK_TABS}
        active={tab}
        label="Stock tabs"
        className="stock-tabs"
        href={tabHref}
        text={(t) => TABS[t].label}
        onClick={(e, t) => onTabClick(e, tabHref(t))}
      />

      <StockSummary data={data} tab={tab} switching={switching} isDinos={isDinos} />

      <section className="card stock-card">
        <div className="stock-toolbar" role="toolbar" aria-label="Stock tools">
          {canEdit ? (
            <DialogOpener
              hydrated={hydrated}
              href={withParams(here, { dialog: "image", edit: null })}
              label="Add Image"
              onOpen={() => setDialog("image")}
            />
          ) : null}
          <SheetEditTools
            sheet={sheet}
            hydrated={hydrated}
            canEdit={canEdit}
            importHref={`${PAGE_PATH}/import?tab=${tab}`}
          />
          {isDinos ? (
            <ToggleLinks
              toggles={
                [
                  ["ready", data.ready, "Ready Details (R1-R16)"],
                  ["unready", data.unready, "Unready Details (U1-U16)"],
                ] as const
              }
              toggleHref={toggleHref}
            />
          ) : null}
          <SheetSelectionTools sheet={sheet} audited="stock_item" />
        </div>

        <TableToolbar
          q={data.q}
          size={data.size}
          placeholder={TEXTS.search}
          keep={["tab", "ready", "unready", "history"]}
          exportable
          whole
        />

        <StaleSince asOf={data.staleAsOf} what={data.label} />
        <LoadError message={data.loadError} />

        {data.loadError ? null : data.page.total === 0 ? (
          <p className="empty-state" data-testid="stock-empty">
            {data.q ? "No stock items match your search." : "No stock items yet."}
          </p>
        ) : (
          <SheetView
            sheet={sheet}
            rows={serverRows}
            label={data.label}
            loading={TEXTS.loading}
            look={stockLook}
            htmlLook={stockHtml}
            hidden={{ tab }}
            rowName={(row: SheetRow) => rowName(kind, row)}
            ends={{ first: data.allIds[0] ?? null, last: data.allIds.at(-1) ?? null }}
            editing={data.editing}
            testId="stock"
            audited="stock_item"
          />
        )}
        {legend.length ? <ColourLegend title="Colours" items={legend} testId="stock-legend" /> : null}
        <Pagination page={data.page} sheet={data.size} />
      </section>

      <datalist id="dino-types">
        {DINO_TYPES.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>

      <Dialogs
        dialog={canEdit ? dialog : null}
        serverDialog={canEdit ? data.dialog : null}
        hydrated={hydrated}
        names={data.itemNames}
        tab={tab}
        closeHref={closeHref}
        picking={sheet.picking}
        selectionCount={sheet.selection.count}
        pendingRows={sheet.pendingRows}
        colourBusy={sheet.colourBusy}
        imageBusy={
          imageFetcher.state !== "idle" ||
          (navigation.state === "submitting" && navigation.formData?.get("intent") === "image")
        }
        imageError={imageError ?? imageAction?.error ?? null}
        imageInitial={
          imageAction?.values as { itemName?: string; imageUrl?: string; updateAllMatching?: boolean } | undefined
        }
        onClose={() => {
          setDialog(null);
          sheet.closePicker();
          setImageError(null);
        }}
        onSaveColour={sheet.saveColour}
        onAddImage={(values) => {
          imageSent.current = true;
          setImageError(null);
          imageFetcher.submit(
            {
              intent: "image",
              tab,
              ...FETCHER_FIELDS,
              itemName: values.itemName,
              imageUrl: values.imageUrl,
              updateAllMatching: String(values.updateAllMatching),
            },
            { method: "post", action: `${PAGE_PATH}?tab=${tab}` },
          );
        }}
        onSaveAndSwitch={(href) => {
          setDialog(null);
          sheet.save(() => navigate(href));
        }}
        onDiscardAndSwitch={(href) => {
          setDialog(null);
          sheet.discard();
          navigate(href);
        }}
      />
    </>
  );
}
