// The 2411 Stock page's server flow ("2411 Stock screen"): read the active tab and its
// history through the host client and shape one page of it; save edits (the grid's batch and the no-JavaScript row
// form, both with each row's version), the order, colours and images, and answer with the product's texts.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { json } from "#app/utils/json.server";
import { z } from "zod";
import { requireUser } from "#app/auth/session.server";
import { cellTextOf, imageFormError } from "#app/components/sheet/rules";
import {
  isSheetIntent,
  sheetAction,
  type SaveAnswer,
  type SheetStore,
} from "#app/components/sheet/sheet-action.server";
import {
  columnsFor,
  DEFAULT_PAGE_SIZE,
  editableColumns,
  IMAGE_TEXTS,
  itemNames,
  MAX_NAME_LENGTH,
  PAGE_PATH,
  parseInput,
  rowName,
  savePayload,
  TAB_MEMORY,
  TEXTS,
  type StockColumn,
} from "#app/components/stock/rules";
import type { StockItem } from "#contract/stock-item";
import { figureKey, isStockTab, TABS, type Cell, type StockTab } from "#contract/stock";
import { reduceImageUrl } from "#contract/images";
import { shown } from "#app/utils/host-read.server";
import { GRID_PRELOAD } from "#app/components/sheet/grid-preload.server";
import { putImage } from "#app/components/sheet/image-action.server";
import { host, hostErrorOf } from "#app/host/client.server";
import { backTo, formOf, isFetcher, reply } from "#app/utils/action.server";
import { formatDateTime, timeZoneOr } from "#app/utils/dates";
import { readPreferences } from "#app/utils/preferences";
import { readRememberedTab } from "#app/utils/remembered-tab";
import { matches, paginate, rowsPerPage, sheetSizeFrom } from "#app/utils/table";
import { displayNameOf } from "#app/utils/user";

type Snapshot = { _id: string; id: number; date: string; updatedBy: string | null; items: Record<string, unknown>[] };

const dateLabel = (iso: string, timeZone: string | undefined) => formatDateTime(iso, timeZoneOr(timeZone));

export async function loadStock(request: Request, context: AppLoadContext) {
  const { user } = requireUser(request, context.auth);
  const url = new URL(request.url);
  // The tab asked for (?tab=), else the one remembered in the cookie, else War Room Vaults (default).
  const { tab, hasTabParam, headers } = readRememberedTab(request, TAB_MEMORY);
  const { path, kind, label } = TABS[tab];
  const timeZone = readPreferences(request).timeZone;
  const ready = url.searchParams.get("ready") === "1";
  const unready = url.searchParams.get("unready") === "1";
  const q = url.searchParams.get("q")?.trim() ?? "";
  const size = sheetSizeFrom(url.searchParams.get("size"), DEFAULT_PAGE_SIZE);
  const requestedPage = Number(url.searchParams.get("page") ?? 1);

  // The old app showed a failed stock load as an empty tab; here a failed read is never an empty state. The tab shows
  // the last good rows marked stale, or why nothing could be read, with Retry (docs/product/stock.md).
  // The dates without their figures, and the figures of the date chosen only (a host that ignores `items` and `id`
  // answers every snapshot whole, and the chosen one is found among them).
  const historyId = url.searchParams.get("history");
  const [list, snapshots, picked] = await Promise.all([
    shown(host(context).get<StockItem[]>(path), [] as StockItem[], label),
    shown(host(context).get<Snapshot[]>(`${path}/history?items=0`), [] as Snapshot[], `${label} history`),
    historyId && /^\d{1,15}$/.test(historyId)
      ? shown(host(context).get<Snapshot[]>(`${path}/history?id=${historyId}`), [] as Snapshot[], `${label} history`)
      : null,
  ]);
  const rows = list.data;
  const history = snapshots.data;

  // Search: every displayed column (a case-insensitive substring).
  const columns = columnsFor(kind, { ready, unready });
  const found = q
    ? rows.filter((r) =>
        matches(
          r,
          q,
          columns.map((c) => (row: StockItem) => cellTextOf(c, c.value(row))),
        ),
      )
    : rows;
  const page = paginate(found, requestedPage, rowsPerPage(size, found.length));

  // Version History: the snapshots before the current one (the newest records the current state).
  const past = history.slice(1);
  const chosen = past.some((s) => s._id === historyId)
    ? picked?.data.find((s) => s._id === historyId && s.items)
    : undefined;
  const key = figureKey(kind);
  const historyView = chosen
    ? {
        id: chosen._id,
        label: dateLabel(chosen.date, timeZone),
        updatedBy: chosen.updatedBy,
        figures: Object.fromEntries(
          chosen.items.map((i) => [String(i.itemId), typeof i[key] === "number" ? (i[key] as number) : null]),
        ) as Record<string, Cell>,
      }
    : null;

  // Last Updated By: the row saved last.
  const latest = rows.reduce<StockItem | null>((a, r) => (!a || r.updatedAt > a.updatedAt ? r : a), null);
  const figures = rows.filter((r) => !r.isEmpty);
  const summary = {
    items: figures.length,
    total: figures.reduce((s, r) => s + (typeof r[key] === "number" ? (r[key] as number) : 0), 0),
    atTarget: figures.filter((r) => typeof r.percentage === "number" && r.percentage >= 100).length,
    belowTarget: figures.filter((r) => typeof r.percentage === "number" && r.percentage < 100).length,
  };

  const editId = url.searchParams.get("edit");
  const editing = editId && page.rows.some((r) => r._id === editId) ? editId : null;

  return json(
    {
      tab,
      label,
      kind,
      hasTabParam,
      q,
      size,
      ready,
      unready,
      page,
      allIds: rows.map((r) => r._id),
      itemNames: itemNames(kind, rows),
      history: past.map((s) => ({ id: s._id, label: dateLabel(s.date, timeZone), updatedBy: s.updatedBy })),
      historyView,
      lastUpdated: latest?.updatedBy
        ? { by: latest.updatedBy, at: dateLabel(latest.updatedAt, timeZone), iso: latest.updatedAt }
        : null,
      summary,
      editing,
      dialog: url.searchParams.get("dialog") === "image" ? ("image" as const) : null,
      editor: displayNameOf(user),
      staleAsOf: list.staleAsOf,
      loadError: list.loadError,
      gridPreload: GRID_PRELOAD,
    },
    { headers },
  );
}

const tabField = z.string().refine(isStockTab, "is not a stock tab");

/** How a stock tab's host stores what the sheet changes (docs/api/stock.md): a batch save, the order, PATCH colours. */
function stockStore(context: AppLoadContext, tab: StockTab, displayName: string): SheetStore {
  const { path, kind } = TABS[tab];
  const rows = async () => (await host(context).get<StockItem[]>(path)).data;
  const columns = columnsFor(kind, { ready: true, unready: true });
  return {
    path: PAGE_PATH,
    texts: TEXTS,
    editable: editableColumns(kind),
    colourable: new Set(columns.map((c) => c.id)),
    parse: (column, text) => parseInput(column as StockColumn, text),
    refusal: (_column, raw) => (raw.trim() === "" ? "is required" : `can be at most ${MAX_NAME_LENGTH} characters`),
    rows,
    payload: (row, cells) => savePayload(kind, row, cells),
    // The user's displayName (or username) is sent as the editor's name.
    saveRows: (save) =>
      host(context).send<SaveAnswer>("POST", `${path}/batch`, {
        displayName,
        rows: save.map((r) => ({ ...r.fields, _id: r._id, version: r.version })),
      }),
    saveOrder: async (ids) => void (await host(context).send("POST", `${path}/order`, { ids })),
    saveColours: async (change) => {
      for (const [id, body] of change) await host(context).send("PATCH", `${path}/${id}`, body);
    },
  };
}

export async function stockAction(request: Request, context: AppLoadContext) {
  const { user } = requireUser(request, context.auth);
  const form = await formOf(request);
  const io = { request, context, form };
  const intent = form.get("intent");
  const tabParsed = tabField.safeParse(form.get("tab"));
  if (!tabParsed.success) return json({ intent, error: "Unknown tab." }, 400);
  const tab = tabParsed.data as StockTab;
  const { path, kind } = TABS[tab];
  const fetcher = isFetcher(form);

  if (isSheetIntent(intent)) return sheetAction(io, stockStore(context, tab, displayNameOf(user)));

  if (intent === "image") {
    const itemName = String(form.get("itemName") ?? "");
    const imageUrl = reduceImageUrl(String(form.get("imageUrl") ?? ""));
    const updateAllMatching = form.get("updateAllMatching") === "on" || form.get("updateAllMatching") === "true";
    const back = backTo(form, PAGE_PATH, { close: ["dialog"] });
    // A refusal stays in the dialog (with the typed values, for the page rendered without JavaScript).
    const fail = (message: string, status = 400) =>
      json(
        {
          intent: "image",
          toast: { type: "error", message },
          error: message,
          ...(fetcher ? {} : { values: { itemName, imageUrl, updateAllMatching } }),
        },
        status,
      );
    try {
      const rows = (await host(context).get<StockItem[]>(path)).data;
      const invalid = imageFormError(IMAGE_TEXTS, itemName, imageUrl, itemNames(kind, rows));
      if (invalid) return fail(invalid);
      const row = rows.find((r) => rowName(kind, r) === itemName)!;
      const message = await putImage(context, `${path}/${row._id}`, { itemName, imageUrl, updateAllMatching }, TEXTS);
      return reply(io, back, { type: "success", message }, { data: { intent: "image", ok: true, message } });
    } catch (error) {
      console.error("stock: image failed", error);
      const refused = hostErrorOf(error);
      if (refused) return fail(TEXTS.imageFailed(itemName, refused.body?.message ?? refused.message), refused.status);
      return fail(TEXTS.imageError, 500);
    }
  }

  return json({ intent, error: "Unknown action." }, 400);
}
