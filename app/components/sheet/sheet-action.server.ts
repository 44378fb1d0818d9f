// The sheet engine's page action for any sheet: the grid's save of pending rows (each with its version), the
// no-JavaScript row form, the order and the text colours. Each sheet supplies its host calls (SheetStore); answers are
// JSON for a fetcher, a redirect with a toast for a form.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { json } from "#app/utils/json.server";
import { z } from "zod";
import { OBJECT_ID } from "#contract/ids";
import { isHexColour } from "#contract/stock";
import { hostErrorOf } from "#app/host/client.server";
import { backTo, reply } from "#app/utils/action.server";
import { errorsOf } from "#app/utils/forms";
import { parseForm } from "#app/utils/parse-form";
import { rowForm, rowWording, type SheetParse, type SheetRefusal } from "./row-form";
import { mergeOrder, sameValue } from "./rules";
import type { PendingValue, SaveResult, SheetColumn, SheetRow, SheetTexts } from "./rules";
import { isOneOf } from "#contract/one-of";

export type RowSave = { _id: string; version: number; fields: Record<string, unknown> };
export type SaveAnswer = {
  saved: string[];
  conflicts: { _id: string; message: string; current: { version: number } }[];
  failed: { _id: string }[];
};
export type ColourChange = Map<string, { fieldColors?: Record<string, string>; textColor?: string }>;

/** How one sheet's host stores what the sheet changes. */
export type SheetStore = {
  /** The page the forms come back to. */
  path: string;
  texts: SheetTexts;
  /** Every editable column, optional ones included (the row form's fields). */
  editable: readonly SheetColumn[];
  /** Every column a colour may be given to. */
  colourable: ReadonlySet<string>;
  parse: SheetParse;
  refusal: SheetRefusal;
  /** The whole sheet as stored now, in order. */
  rows: () => Promise<SheetRow[]>;
  payload: (row: SheetRow, cells: Record<string, PendingValue>) => Record<string, unknown>;
  saveRows: (rows: RowSave[]) => Promise<SaveAnswer>;
  /** Stores the whole sheet's new order (`before` is the order it replaces). */
  saveOrder: (ids: string[], before: string[]) => Promise<void>;
  saveColours: (change: ColourChange) => Promise<void>;
  /** The message of a failed colour save (the breeder list names the host's status). */
  colourFailed?: (error: unknown) => string;
};

export const SHEET_INTENTS = ["save", "save-row", "order", "move", "colour"] as const;
export const isSheetIntent = (v: unknown) => isOneOf(SHEET_INTENTS, v);

const gridRows = z
  .array(
    z.object({ _id: z.string().regex(OBJECT_ID), version: z.number().int().positive(), fields: z.record(z.unknown()) }),
  )
  .min(1)
  .max(500);
const colourCells = z
  .array(z.object({ _id: z.string().regex(OBJECT_ID), columns: z.array(z.string().min(1).max(60)).max(200) }))
  .max(500);
const ids = z.array(z.string().regex(OBJECT_ID));

const parseJson = (value: FormDataEntryValue | null) => {
  try {
    return JSON.parse(String(value ?? ""));
  } catch {
    return undefined;
  }
};

type Io = { request: Request; context: AppLoadContext; form: FormData };

export async function sheetAction(io: Io, store: SheetStore): Promise<Response> {
  const { form } = io;
  const intent = form.get("intent");
  const { texts } = store;
  const back = backTo(form, store.path, { close: ["edit"] });

  if (intent === "save") {
    const rows = gridRows.safeParse(parseJson(form.get("rows")));
    if (!rows.success) return json<SaveResult>({ intent: "save", error: texts.failed }, 400);
    try {
      const answer = await store.saveRows(rows.data);
      return json<SaveResult>({
        intent: "save",
        saved: answer.saved,
        conflicts: answer.conflicts.map((c) => ({ _id: c._id, message: c.message, version: c.current.version })),
        failed: answer.failed.map((f) => f._id),
      });
    } catch (error) {
      console.error("sheet: save failed", error);
      return json<SaveResult>({ intent: "save", error: texts.failed }, hostErrorOf(error)?.status ?? 500);
    }
  }

  if (intent === "save-row") {
    // The no-JavaScript row form: every editable field, typed text parsed by the sheet's rules.
    const _id = String(form.get("_id") ?? "");
    const submission = parseForm(form, rowForm(store.editable, store.parse, store.refusal), rowWording(store.editable));
    if (submission.status !== "success") {
      const { _id: badId, version: badVersion, ...cellErrors } = errorsOf(submission.error);
      if (badId || badVersion) return reply(io, back, { type: "error", message: texts.failed });
      const [, error] = Object.entries(cellErrors)[0] ?? ["", texts.failed];
      // Everything typed comes back into the form, the refused cell with its reason.
      const values = Object.fromEntries(
        store.editable.flatMap((c) => (form.has(c.id) ? [[c.id, String(form.get(c.id))]] : [])),
      );
      return json({ intent: "save-row", _id, values, error }, 400);
    }
    const version = Number(submission.value.version);
    // Only the cells the user changed are saved (each input carries the value it was rendered with as was:<column>),
    // so a refused save offered again cannot put back values another person has changed since.
    const submitted: Record<string, string> = {};
    const cells: Record<string, PendingValue> = {};
    for (const column of store.editable) {
      const raw = form.get(column.id);
      if (raw === null) continue;
      const value = store.parse(column, String(raw)) ?? null; // the form's schema has refused what parse would
      const was = form.get(`was:${column.id}`);
      if (was !== null && sameValue(store.parse(column, String(was)) ?? null, value)) continue;
      submitted[column.id] = String(raw);
      cells[column.id] = value;
    }
    if (Object.keys(cells).length === 0) return reply(io, back, { type: "warning", message: texts.noChanges });
    try {
      // The row as it is now, so list cells the form did not carry keep their values.
      const current = (await store.rows()).find((r) => r._id === _id);
      if (!current) return reply(io, back, { type: "error", message: texts.failed });
      const answer = await store.saveRows([{ _id, version, fields: store.payload(current, cells) }]);
      const [conflict] = answer.conflicts;
      if (conflict) {
        // Refused: the edit stays in the form, now based on the current version, for the user to apply again.
        return json(
          { intent: "save-row", _id, values: submitted, version: conflict.current.version, conflict: conflict.message },
          409,
        );
      }
      if (answer.saved.length === 0) return reply(io, back, { type: "error", message: texts.failed });
      return reply(io, back, { type: "success", message: texts.saved(answer.saved.length) });
    } catch (error) {
      console.error("sheet: row save failed", error);
      return reply(io, back, { type: "error", message: texts.failed });
    }
  }

  if (intent === "order") {
    const order = ids
      .min(1)
      .max(1000)
      .safeParse(parseJson(form.get("ids")));
    if (!order.success) return json({ intent: "order", error: texts.orderFailed }, 400);
    try {
      // The page (or search result) was reordered: its rows take their slots in the whole sheet in the new sequence.
      const before = (await store.rows()).map((r) => r._id);
      await store.saveOrder(mergeOrder(before, order.data), before);
      return json({ intent: "order", ok: true, message: texts.orderSaved });
    } catch (error) {
      console.error("sheet: order failed", error);
      return json({ intent: "order", error: hostErrorOf(error) ? texts.orderFailed : texts.orderError }, 500);
    }
  }

  if (intent === "move") {
    // Without JavaScript: one row moves one place up or down in the whole sheet's order, from the row being edited,
    // which stays open so that it can move again (ADR 055).
    const stay = backTo(form, store.path);
    const _id = String(form.get("_id") ?? "");
    const direction = form.get("direction");
    if (!OBJECT_ID.test(_id) || (direction !== "up" && direction !== "down")) {
      return reply(io, stay, { type: "error", message: texts.orderFailed });
    }
    try {
      const before = (await store.rows()).map((r) => r._id);
      const at = before.indexOf(_id);
      const to = direction === "up" ? at - 1 : at + 1;
      if (at < 0) return reply(io, stay, { type: "error", message: texts.orderFailed });
      if (to < 0 || to >= before.length)
        return reply(io, stay, { type: "warning", message: texts.cannotMove(direction) });
      const next = [...before];
      [next[at], next[to]] = [next[to], next[at]];
      await store.saveOrder(next, before);
      return reply(io, stay, { type: "success", message: texts.orderSaved });
    } catch (error) {
      console.error("sheet: move failed", error);
      return reply(io, stay, { type: "error", message: hostErrorOf(error) ? texts.orderFailed : texts.orderError });
    }
  }

  if (intent === "colour") {
    const colour = String(form.get("colour") ?? "");
    const fail = (status: number, message = texts.colourError) =>
      reply(io, back, { type: "error", message }, { status, data: { intent: "colour", error: message } });
    // The grid sends its selection (cells by row, whole rows); the no-JavaScript row form sends one row and either a
    // column of it or nothing (the whole row).
    const fromRowForm = form.has("_id");
    const target = String(form.get("target") ?? "");
    const cells = colourCells.safeParse(
      fromRowForm
        ? target
          ? [{ _id: String(form.get("_id")), columns: [target] }]
          : []
        : parseJson(form.get("cells")),
    );
    const rows = ids
      .max(500)
      .safeParse(fromRowForm ? (target ? [] : [String(form.get("_id"))]) : parseJson(form.get("rows") ?? "[]"));
    // Refused with the colour failure's toast; nothing is sent.
    const unknownColumn = cells.success && cells.data.some((c) => c.columns.some((col) => !store.colourable.has(col)));
    if (!isHexColour(colour) || !cells.success || !rows.success || unknownColumn) return fail(400);
    // Selected cells colour their column of the row (fieldColors); a whole selected row gets the row's text colour.
    const change: ColourChange = new Map();
    for (const c of cells.data) {
      const entry = change.get(c._id) ?? {};
      entry.fieldColors = { ...entry.fieldColors, ...Object.fromEntries(c.columns.map((col) => [col, colour])) };
      change.set(c._id, entry);
    }
    for (const id of rows.data) change.set(id, { ...change.get(id), textColor: colour });
    if (change.size === 0) return fail(400);
    try {
      await store.saveColours(change);
      return reply(
        io,
        back,
        { type: "success", message: texts.colourSaved },
        { data: { intent: "colour", ok: true, count: change.size } },
      );
    } catch (error) {
      console.error("sheet: colour failed", error);
      return fail(hostErrorOf(error)?.status ?? 500, store.colourFailed?.(error) ?? texts.colourError);
    }
  }

  return json({ intent, error: "Unknown action." }, 400);
}
