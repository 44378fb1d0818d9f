// Importing a tribe's sheet into one stock tab: the tab's items are fixed, so each line changes the item of its ID or
// name, and the changes go in as one batch save of the tab (one history snapshot, one live event).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { requireUser } from "#app/auth/session.server";
import { importAction, type ImportTarget } from "#app/components/import/import.server";
import type { ImportPageProps } from "#app/components/import/ImportPage";
import type { SaveAnswer } from "#app/components/sheet/sheet-action.server";
import {
  checkInput,
  DEFAULT_TAB,
  editableColumns,
  PAGE_PATH,
  rowName,
  savePayload,
  storedValue,
  type StockColumn,
} from "#app/components/stock/rules";
import type { StockItem } from "#contract/stock-item";
import { host } from "#app/host/client.server";
import { formOf } from "#app/utils/action.server";
import { displayNameOf } from "#app/utils/user";
import { isStockTab, TABS, type StockTab } from "#contract/stock";

/** The tab imported into: the one named, the first tab when none is. */
const tabOf = (request: Request): StockTab => {
  const tab = new URL(request.url).searchParams.get("tab") ?? DEFAULT_TAB;
  if (!isStockTab(tab)) throw new Response("Unknown stock tab.", { status: 404 });
  return tab;
};

export function loadStockImport(request: Request, context: AppLoadContext) {
  requireUser(request, context.auth);
  const tab = tabOf(request);
  const { kind, label } = TABS[tab];
  return {
    title: `2411 Stock · ${label}`,
    back: `${PAGE_PATH}?tab=${tab}`,
    fields: editableColumns(kind).map((c) => ({ id: c.id, title: c.title })),
    unmatched: "a name that is not on the tab is refused",
  } satisfies ImportPageProps;
}

export async function stockImportAction(request: Request, context: AppLoadContext) {
  const { user } = requireUser(request, context.auth);
  const form = await formOf(request);
  const tab = tabOf(request);
  const { kind, path, label } = TABS[tab];
  const rows = (await host(context).get<StockItem[]>(path)).data;
  const target: ImportTarget = {
    back: `${PAGE_PATH}?tab=${tab}`,
    sheet: {
      columns: editableColumns(kind),
      rows,
      check: (column, text) => checkInput(column as StockColumn, text),
      stored: (row, columnId) => storedValue(kind, row, columnId),
      nameOf: (row) => rowName(kind, row),
      creates: false,
      noMatch: `no item of that name on ${label}`,
    },
    apply: async (plan) => {
      const answer = await host(context).send<SaveAnswer>("POST", `${path}/batch`, {
        displayName: displayNameOf(user),
        rows: plan.rows.map(({ row, cells }) => ({
          ...savePayload(kind, row!, cells),
          _id: row!._id,
          version: row!.version,
        })),
      });
      const names = new Map(rows.map((r) => [r._id, rowName(kind, r)]));
      return {
        conflicts: [...answer.conflicts, ...answer.failed].map((c) => names.get(c._id) || c._id),
        written: answer.saved.length,
      };
    },
  };
  return importAction(request, context, form, target);
}
