// The Breeder List tab's server flow: reads and shapes one page (search, server filter, toggles, 100 rows), and saves
// the sheet's changes: one PATCH per row with its version, PUT .../order, batch cell colours, row colours by PATCH.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { BREEDER_PATH, COLOURABLE_COLUMNS, type BreederServer, type BreederSummary } from "#contract/breeder";
import { searchText } from "#contract/search";
import { isShared, share } from "#contract/shared-json";
import { cellTextOf, packRows, type PackedRows } from "#app/components/sheet/rules";
import { sheetAction, type SaveAnswer, type SheetStore } from "#app/components/sheet/sheet-action.server";
import { host, hostErrorOf, type HostAnswer } from "#app/host/client.server";
import { shown } from "#app/utils/host-read.server";
import { formatDateTime, timeZoneOr } from "#app/utils/dates";
import { readPreferences } from "#app/utils/preferences";
import {
  matches,
  pageFrom,
  paginate,
  placed,
  rowsPerPage,
  sheetSizeFrom,
  WHOLE_SHEET,
  type SheetSize,
} from "#app/utils/table";
import {
  breederPayload,
  breederRefusal,
  colourFailed,
  editableListColumns,
  isBreederServer,
  LIST_PAGE_SIZE,
  LIST_TEXTS,
  listColumns,
  parseBreederInput,
  summaryOf,
  type BreederRow,
} from "./list-rules";

const LIST = "/api/breeder-list";

type ListQuery = { q: string; page: number; size: SheetSize; server: BreederServer | null };
type ListPage = {
  rows: BreederRow[];
  total: number;
  page: number;
  pageCount: number;
  size: number;
  summary: BreederSummary;
  first: string | null;
  last: string | null;
};

/** Host calls for many rows, ten at a time. */
async function inBatches<T>(items: readonly T[], call: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += 10) await Promise.all(items.slice(i, i + 10).map(call));
}

/** The whole list paged here, as the host's search pages it (an older host without GET .../search). */
function pageOfWholeList(rows: BreederRow[], query: ListQuery): ListPage {
  const columns = listColumns({ base: true, mut: true }).map((c) => (row: BreederRow) => cellTextOf(c, c.value(row)));
  const found = rows.filter((r) => (!query.server || r.Server === query.server) && matches(r, query.q, columns));
  const {
    rows: shown,
    total,
    page,
    pageCount,
    size,
  } = paginate(found, query.page, rowsPerPage(query.size, found.length));
  return {
    rows: shown,
    total,
    page,
    pageCount,
    size,
    summary: summaryOf(rows),
    first: rows[0]?._id ?? null,
    last: rows.at(-1)?._id ?? null,
  };
}

/**
 * One page of the list, searched, filtered and counted by the host; the whole sheet, and any page of an older host
 * (404), from the whole list, which the BFF keeps for every view between two writes (ADR 060).
 */
async function readListPage(context: AppLoadContext, query: ListQuery): Promise<HostAnswer<ListPage>> {
  if (query.size === WHOLE_SHEET) return wholeListPage(context, query);
  const params = new URLSearchParams({ q: query.q, page: String(query.page), size: String(query.size) });
  if (query.server) params.set("server", query.server);
  try {
    return await host(context).get<ListPage>(`${LIST}/search?${params}`);
  } catch (error) {
    if (hostErrorOf(error)?.status !== 404) throw error;
  }
  return wholeListPage(context, query);
}

async function wholeListPage(context: AppLoadContext, query: ListQuery): Promise<HostAnswer<ListPage>> {
  const whole = await host(context).get<BreederRow[]>(LIST);
  return { ...whole, data: pageOfWholeList(whole.data, query) };
}

/** Packings of shared rows (a host answer kept for many views, ADR 060), each made once and shared in turn. */
const packings = new WeakMap<readonly BreederRow[], PackedRows>();
function packedRows(rows: readonly BreederRow[]): PackedRows {
  if (!isShared(rows)) return packRows(rows);
  let packed = packings.get(rows);
  if (!packed) packings.set(rows, (packed = share(packRows(rows))));
  return packed;
}

/** The Breeder List tab's data for one page view (url carries q, page, size, server, base, mut and edit). */
export async function loadBreederList(context: AppLoadContext, url: URL, request?: Request) {
  const params = url.searchParams;
  const toggles = { base: params.get("base") !== "0", mut: params.get("mut") === "1" };
  const server = params.get("server");
  const filter = isBreederServer(server) ? server : null;
  const q = searchText(params.get("q"));
  const size = sheetSizeFrom(params.get("size"), LIST_PAGE_SIZE);
  const requested = pageFrom(params.get("page"));
  // The old app only logged a failed load; here the tab says so too.
  const nothing: ListPage = {
    rows: [],
    total: 0,
    page: 1,
    pageCount: 1,
    size: rowsPerPage(size, 0),
    summary: summaryOf([]),
    first: null,
    last: null,
  };
  const list = await shown(
    readListPage(context, { q, page: requested, size, server: filter }),
    nothing,
    "the breeder list",
  );
  const { summary, first, last, ...counts } = list.data;
  const page = placed(counts);
  const timeZone = request ? readPreferences(request).timeZone : undefined;
  const editId = params.get("edit");
  return {
    failed: list.loadError !== null,
    staleAsOf: list.staleAsOf,
    q,
    size,
    filter,
    toggles,
    page: { ...page, rows: packedRows(page.rows) },
    ends: { first, last },
    summary: {
      ...summary,
      lastUpdatedText: summary.lastUpdated ? formatDateTime(summary.lastUpdated, timeZoneOr(timeZone)) : null,
    },
    editing: editId && page.rows.some((r) => r._id === editId) ? editId : null,
  };
}
export type BreederListData = Awaited<ReturnType<typeof loadBreederList>>;

/** How the host stores what the breeder sheet changes. */
function breederStore(context: AppLoadContext): SheetStore {
  let known: BreederRow[] = [];
  const rows = async () => (known = (await host(context).get<BreederRow[]>(LIST)).data);
  return {
    path: BREEDER_PATH,
    texts: LIST_TEXTS,
    editable: editableListColumns(),
    colourable: new Set(COLOURABLE_COLUMNS),
    parse: parseBreederInput,
    refusal: breederRefusal,
    rows,
    payload: breederPayload,
    // One PATCH per modified row, each with the version it was edited at.
    saveRows: async (save) => {
      const answer: SaveAnswer = { saved: [], conflicts: [], failed: [] };
      await inBatches(save, async (row) => {
        try {
          await host(context).send("PATCH", `${LIST}/${row._id}`, { ...row.fields, version: row.version });
          answer.saved.push(row._id);
        } catch (error) {
          const refused = hostErrorOf(error);
          const current = (refused?.body as { current?: BreederRow } | null)?.current;
          if (refused?.status === 409 && current) {
            answer.conflicts.push({
              _id: row._id,
              message: `${current.Dino}: changed by someone else at ${formatDateTime(current.lastUpdated, "UTC")} UTC (now version ${current.version}).`,
              current,
            });
          } else {
            console.warn("breeder: row not saved", row._id, error);
            answer.failed.push({ _id: row._id });
          }
        }
      });
      return answer;
    },
    // The whole order in one call (one event for the other browsers); a host without it (an older backend answers 404)
    // gets the old API's PUT {id}/order with the index, for every row whose place changed.
    saveOrder: async (ids) => {
      try {
        await host(context).send("POST", `${LIST}/order`, { ids });
        return;
      } catch (error) {
        if (hostErrorOf(error)?.status !== 404) throw error;
      }
      const orderOf = new Map(known.map((r) => [r._id, r.order]));
      const moved = ids.map((id, index) => ({ id, index })).filter(({ id, index }) => orderOf.get(id) !== index);
      await inBatches(moved, ({ id, index }) => host(context).send("PUT", `${LIST}/${id}/order`, { order: index }));
    },
    // Cell colours in one batch-color call; whole rows take the row's text colour.
    saveColours: async (change) => {
      const cells: { rowId: string; columnKey: string }[] = [];
      let colour: string | undefined;
      for (const [rowId, body] of change) {
        for (const [columnKey, c] of Object.entries(body.fieldColors ?? {})) {
          cells.push({ rowId, columnKey });
          colour = c;
        }
      }
      if (cells.length) await host(context).send("POST", `${LIST}/batch-color`, { cells, color: colour });
      for (const [rowId, body] of change)
        if (body.textColor) await host(context).send("PATCH", `${LIST}/${rowId}`, { textColor: body.textColor });
    },
    colourFailed: (error) => {
      const refused = hostErrorOf(error);
      return refused ? colourFailed(refused.status, refused.body?.message ?? "", true) : LIST_TEXTS.colourError;
    },
  };
}

/** The Breeder List's intents (the sheet engine's); the page's action has checked the user. */
export async function breederListAction(request: Request, context: AppLoadContext, form: FormData) {
  return sheetAction({ request, context, form }, breederStore(context));
}
