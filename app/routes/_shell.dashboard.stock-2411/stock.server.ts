// The 2411 Stock page's server flow (spec part 2: "2411 Stock screen", sections 3-9): read the active tab and its
// history through the host client and shape one page of it; save edits (the grid's batch and the no-JavaScript row
// form, both with each row's version), the order, colours and images, and answer with the spec's texts.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { z } from "zod";
import { OBJECT_ID } from "../../../contract/ids";
import { requireUser } from "../../auth/session.server";
import { rowForm, rowWording } from "../../components/stock/row-form";
import {
  cellText,
  columnsFor,
  DEFAULT_PAGE_SIZE,
  DEFAULT_TAB,
  editableColumns,
  IMAGE_TEXTS,
  itemNames,
  mergeOrder,
  PAGE_PATH,
  parseInput,
  rowName,
  sameValue,
  savePayload,
  TAB_COOKIE,
  TEXTS,
  type PendingValue,
  type StockRow,
} from "../../components/stock/rules";
import {
  figureKey,
  isHexColour,
  isStockTab,
  reduceImageUrl,
  TABS,
  type Cell,
  type StockTab,
} from "../../../contract/stock";
import { imageFormError } from "../../components/sheet/rules";
import { host, hostErrorOf } from "../../host/client.server";
import { backTo, isFetcher, reply } from "../../utils/action.server";
import { formatDateTime, timeZoneOr } from "../../utils/dates";
import { errorsOf, parseForm } from "../../utils/forms";
import { readPreferences } from "../../utils/preferences";
import { readRememberedTab } from "../../utils/remembered-tab";
import { matches, pageSizeFrom, paginate } from "../../utils/table";
import { displayNameOf } from "../../utils/user";

type Snapshot = { _id: string; id: number; date: string; updatedBy: string | null; items: Record<string, unknown>[] };
export type SaveConflict = { _id: string; message: string; current: StockRow };
type BatchAnswer = { saved: string[]; conflicts: SaveConflict[]; failed: { _id: string; error: string; message: string }[] };


const dateLabel = (iso: string, timeZone: string | undefined) => formatDateTime(iso, timeZoneOr(timeZone));

export async function loadStock(request: Request, context: AppLoadContext) {
  const { user } = requireUser(request, context.auth);
  const url = new URL(request.url);
  // The tab asked for (?tab=), else the one remembered in the cookie, else War Room Vaults (spec: default).
  const { tab, hasTabParam, headers } = readRememberedTab(request, { cookie: TAB_COOKIE, path: PAGE_PATH, isTab: isStockTab, fallback: DEFAULT_TAB });
  const { path, kind, label } = TABS[tab];
  const timeZone = readPreferences(request).timeZone;
  const ready = url.searchParams.get("ready") === "1";
  const unready = url.searchParams.get("unready") === "1";
  const q = url.searchParams.get("q")?.trim() ?? "";
  const size = pageSizeFrom(url.searchParams.get("size"), DEFAULT_PAGE_SIZE);
  const requestedPage = Number(url.searchParams.get("page") ?? 1);

  // Spec section 8: stock load failures are swallowed (the tab shows empty).
  const [rows, history] = await Promise.all([
    host(context)
      .get<StockRow[]>(path)
      .then((a) => a.data)
      .catch((error) => {
        console.warn("stock: load failed", path, error);
        return [] as StockRow[];
      }),
    host(context)
      .get<Snapshot[]>(`${path}/history`)
      .then((a) => a.data)
      .catch((error) => {
        console.warn("stock: history load failed", path, error);
        return [] as Snapshot[];
      }),
  ]);

  // Search: every displayed column (spec: a case-insensitive substring).
  const columns = columnsFor(kind, { ready, unready });
  const found = q ? rows.filter((r) => matches(r, q, columns.map((c) => (row: StockRow) => cellText(c, c.value(row))))) : rows;
  const page = paginate(found, requestedPage, size);

  // Version History: the snapshots before the current one (the newest records the current state).
  const past = history.slice(1);
  const historyId = url.searchParams.get("history");
  const chosen = historyId ? past.find((s) => s._id === historyId) : undefined;
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
  const latest = rows.reduce<StockRow | null>((a, r) => (!a || r.updatedAt > a.updatedAt ? r : a), null);
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
      lastUpdated: latest?.updatedBy ? { by: latest.updatedBy, at: dateLabel(latest.updatedAt, timeZone), iso: latest.updatedAt } : null,
      summary,
      editing,
      dialog: url.searchParams.get("dialog") === "image" ? ("image" as const) : null,
      editor: displayNameOf(user),
    },
    { headers },
  );
}

const tabField = z.string().refine(isStockTab, "is not a stock tab");
const gridRows = z
  .array(z.object({ _id: z.string().regex(OBJECT_ID), version: z.number().int().positive(), fields: z.record(z.unknown()) }))
  .min(1)
  .max(500);
const colourCells = z.array(z.object({ _id: z.string().regex(OBJECT_ID), columns: z.array(z.string().regex(/^[A-Za-z0-9_ -]{1,40}$/)).max(200) })).max(500);

const parseJson = (value: FormDataEntryValue | null) => {
  try {
    return JSON.parse(String(value ?? ""));
  } catch {
    return undefined;
  }
};

/** The save answer for the grid: what was saved, and per refused row the message naming who changed it and when. */
export type SaveResult =
  | { intent: "save"; saved: string[]; conflicts: { _id: string; message: string; version: number }[]; failed: string[] }
  | { intent: "save"; error: string };

async function saveBatch(context: AppLoadContext, tab: StockTab, rows: z.infer<typeof gridRows>, displayName: string) {
  return host(context).send<BatchAnswer>("POST", `${TABS[tab].path}/batch`, {
    displayName,
    rows: rows.map((r) => ({ ...r.fields, _id: r._id, version: r.version })),
  });
}

export async function stockAction(request: Request, context: AppLoadContext) {
  const { user } = requireUser(request, context.auth);
  const form = await request.formData();
  const io = { request, context, form };
  const intent = form.get("intent");
  const tabParsed = tabField.safeParse(form.get("tab"));
  if (!tabParsed.success) return json({ intent, error: "Unknown tab." }, 400);
  const tab = tabParsed.data as StockTab;
  const { path, kind } = TABS[tab];
  const fetcher = isFetcher(form);
  // Spec section 6: the user's displayName (or username) is sent as the editor's name.
  const displayName = displayNameOf(user);

  if (intent === "save") {
    const rows = gridRows.safeParse(parseJson(form.get("rows")));
    if (!rows.success) return json<SaveResult>({ intent: "save", error: TEXTS.failed }, 400);
    try {
      const answer = await saveBatch(context, tab, rows.data, displayName);
      return json<SaveResult>({
        intent: "save",
        saved: answer.saved,
        conflicts: answer.conflicts.map((c) => ({ _id: c._id, message: c.message, version: c.current.version })),
        failed: answer.failed.map((f) => f._id),
      });
    } catch (error) {
      console.error("stock: save failed", error);
      return json<SaveResult>({ intent: "save", error: TEXTS.failed }, hostErrorOf(error)?.status ?? 500);
    }
  }

  if (intent === "save-row") {
    // The no-JavaScript row form: every editable field of the tab, typed text parsed by the sheet's rules.
    const _id = String(form.get("_id") ?? "");
    const back = backTo(form, PAGE_PATH, { close: ["edit"] });
    const submission = parseForm(form, rowForm(kind), rowWording(kind));
    if (submission.status !== "success") {
      const { _id: badId, version: badVersion, ...cellErrors } = errorsOf(submission.error);
      if (badId || badVersion) return reply(io, back, { type: "error", message: TEXTS.failed });
      const [column, error] = Object.entries(cellErrors)[0] ?? ["", TEXTS.failed];
      return json({ intent: "save-row", _id, values: { [column]: String(form.get(column) ?? "") }, error }, 400);
    }
    const version = Number(submission.value.version);
    // Only the cells the user changed are saved (each input carries the value it was rendered with as was:<column>),
    // so a refused save offered again cannot put back values another officer has changed since.
    const submitted: Record<string, string> = {};
    const cells: Record<string, PendingValue> = {};
    for (const column of editableColumns(kind)) {
      const raw = form.get(column.id);
      if (raw === null) continue;
      const value = parseInput(column, String(raw)) ?? null; // the form's schema has refused what parseInput would
      const was = form.get(`was:${column.id}`);
      if (was !== null && sameValue(parseInput(column, String(was)) ?? null, value)) continue;
      submitted[column.id] = String(raw);
      cells[column.id] = value;
    }
    if (Object.keys(cells).length === 0) return reply(io, back, { type: "warning", message: TEXTS.noChanges });
    try {
      // The row as it is now, so list cells the form did not carry keep their values.
      const current = (await host(context).get<StockRow[]>(path)).data.find((r) => r._id === _id);
      if (!current) return reply(io, back, { type: "error", message: TEXTS.failed });
      const answer = await saveBatch(context, tab, [{ _id, version, fields: savePayload(kind, current, cells) }], displayName);
      const [conflict] = answer.conflicts;
      if (conflict) {
        // Refused: the edit stays in the form, now based on the current version, for the user to apply again.
        return json(
          { intent: "save-row", _id, values: submitted, version: conflict.current.version, conflict: conflict.message },
          409,
        );
      }
      if (answer.saved.length === 0) return reply(io, back, { type: "error", message: TEXTS.failed });
      return reply(io, back, { type: "success", message: TEXTS.saved(answer.saved.length) });
    } catch (error) {
      console.error("stock: row save failed", error);
      return reply(io, back, { type: "error", message: TEXTS.failed });
    }
  }

  if (intent === "order") {
    const ids = z.array(z.string().regex(OBJECT_ID)).min(1).max(1000).safeParse(parseJson(form.get("ids")));
    if (!ids.success) return json({ intent: "order", error: TEXTS.orderFailed }, 400);
    try {
      // The page (or search result) was reordered: its rows take their slots in the whole tab in the new sequence.
      const current = (await host(context).get<StockRow[]>(path)).data.map((r) => r._id);
      await host(context).send("POST", `${path}/order`, { ids: mergeOrder(current, ids.data) });
      return json({ intent: "order", ok: true, message: TEXTS.orderSaved });
    } catch (error) {
      console.error("stock: order failed", error);
      return json({ intent: "order", error: hostErrorOf(error) ? TEXTS.orderFailed : TEXTS.orderError }, 500);
    }
  }

  if (intent === "move") {
    // Without JavaScript: one row moves one place up or down in the whole tab's order.
    const _id = String(form.get("_id") ?? "");
    const direction = form.get("direction");
    const back = backTo(form, PAGE_PATH, { close: ["edit"] });
    if (!OBJECT_ID.test(_id) || (direction !== "up" && direction !== "down")) {
      return reply(io, back, { type: "error", message: TEXTS.orderFailed });
    }
    try {
      const ids = (await host(context).get<StockRow[]>(path)).data.map((r) => r._id);
      const at = ids.indexOf(_id);
      const to = direction === "up" ? at - 1 : at + 1;
      if (at < 0) return reply(io, back, { type: "error", message: TEXTS.orderFailed });
      if (to < 0 || to >= ids.length) return reply(io, back, { type: "warning", message: TEXTS.cannotMove(direction) });
      [ids[at], ids[to]] = [ids[to], ids[at]];
      await host(context).send("POST", `${path}/order`, { ids });
      return reply(io, back, { type: "success", message: TEXTS.orderSaved });
    } catch (error) {
      console.error("stock: move failed", error);
      return reply(io, back, { type: "error", message: hostErrorOf(error) ? TEXTS.orderFailed : TEXTS.orderError });
    }
  }

  if (intent === "colour") {
    const colour = String(form.get("colour") ?? "");
    const back = backTo(form, PAGE_PATH, { close: ["edit"] });
    const fail = (status: number) =>
      reply(io, back, { type: "error", message: TEXTS.colourError }, { status, data: { intent: "colour", error: TEXTS.colourError } });
    // The grid sends its selection (cells by row, whole rows); the no-JavaScript row form sends one row and either a
    // column of it or nothing (the whole row).
    const rowForm = form.has("_id");
    const target = String(form.get("target") ?? "");
    const colourable = new Set(columnsFor(kind, { ready: true, unready: true }).map((c) => c.id));
    const cells = colourCells.safeParse(
      rowForm ? (target ? [{ _id: String(form.get("_id")), columns: [target] }] : []) : parseJson(form.get("cells")),
    );
    const rows = z
      .array(z.string().regex(OBJECT_ID))
      .max(500)
      .safeParse(rowForm ? (target ? [] : [String(form.get("_id"))]) : parseJson(form.get("rows") ?? "[]"));
    if (!isHexColour(colour) || !cells.success || !rows.success || (rowForm && target && !colourable.has(target))) return fail(400);
    try {
      // Selected cells colour their column of the row (fieldColors); a whole selected row gets the row's text colour.
      const byRow = new Map<string, { fieldColors?: Record<string, string>; textColor?: string }>();
      for (const c of cells.data) {
        const change = byRow.get(c._id) ?? {};
        change.fieldColors = { ...change.fieldColors, ...Object.fromEntries(c.columns.map((col) => [col, colour])) };
        byRow.set(c._id, change);
      }
      for (const id of rows.data) byRow.set(id, { ...byRow.get(id), textColor: colour });
      for (const [id, change] of byRow) await host(context).send("PATCH", `${path}/${id}`, change);
      return reply(io, back, { type: "success", message: TEXTS.colourSaved }, { data: { intent: "colour", ok: true, count: byRow.size } });
    } catch (error) {
      console.error("stock: colour failed", error);
      return fail(hostErrorOf(error)?.status ?? 500);
    }
  }

  if (intent === "image") {
    const itemName = String(form.get("itemName") ?? "");
    const imageUrl = reduceImageUrl(String(form.get("imageUrl") ?? ""));
    const updateAllMatching = form.get("updateAllMatching") === "on" || form.get("updateAllMatching") === "true";
    const back = backTo(form, PAGE_PATH, { close: ["dialog"] });
    // A refusal stays in the dialog (with the typed values, for the page rendered without JavaScript).
    const fail = (message: string, status = 400) =>
      json({ intent: "image", toast: { type: "error", message }, error: message, ...(fetcher ? {} : { values: { itemName, imageUrl, updateAllMatching } }) }, status);
    try {
      const rows = (await host(context).get<StockRow[]>(path)).data;
      const invalid = imageFormError(IMAGE_TEXTS, itemName, imageUrl, itemNames(kind, rows));
      if (invalid) return fail(invalid);
      const row = rows.find((r) => rowName(kind, r) === itemName)!;
      const answer = await host(context).send<{ updatedCount: number; itemName: string }>("PUT", `${path}/${row._id}/image`, {
        imageUrl,
        updateAllMatching,
      });
      const message = updateAllMatching ? TEXTS.imageUpdatedAll(answer.updatedCount, answer.itemName) : TEXTS.imageAdded(itemName);
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
