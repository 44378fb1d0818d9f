// The sheet engine's browser state for any sheet: pending edits per row with their versions, the order changed by drag
// and drop, the selection and its text colour, Ctrl+S and the unsaved-edits guard. Its fetchers post to the page's
// action (sheet-action.server.ts).
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNotifications } from "#app/components/notifications/notifications";
import type { Presence } from "#contract/presence";
import { FETCHER_FIELDS } from "#app/utils/action";
import type { BatchKind, CellCheck } from "./batch";
import { EMPTY_HISTORY, recorded, redone, undone, type History } from "./history";
import { afterSave, EMPTY_PENDING, withEdit, type Pending, type StoredValue } from "./pending";
import { moveItem, swapItems } from "./rules";
import type { PendingValue, SaveResult, SheetColumn, SheetRow, SheetTexts } from "./rules";
import type { SelectionSummary } from "./selection";

export type SheetConfig<R extends SheetRow> = {
  /** The server's rows of the view, in order. */
  rows: R[];
  columns: SheetColumn[];
  /** The page action the fetchers post to, and the fields every post carries (the stock tab). */
  action: string;
  fields: Record<string, string>;
  texts: SheetTexts;
  rowName: (row: SheetRow) => string;
  stored: StoredValue;
  /** A typed text as the column keeps it, or undefined when the column refuses it. */
  parse: (column: SheetColumn, text: string) => PendingValue | undefined;
  /** A pasted or filled text as the column keeps it, or why it is refused. */
  check: CellCheck;
  /** The row as the sheet shows it with its pending cells applied (derived columns recomputed). */
  display: (row: R, cells: Record<string, PendingValue> | undefined) => R;
  /** What a save sends for a row's pending cells. */
  payload: (row: R, cells: Record<string, PendingValue>) => Record<string, unknown>;
  /** What dropping a dragged row does: insert it there (stock) or swap it with the row dropped on (breeder list). */
  reorder: "move" | "swap";
  /** A member who may only read: no cell is editable and rows do not move (contract/access.ts). */
  readOnly?: boolean;
  /** The sheet's name in the live room's presence (contract/presence.ts). */
  presence: string;
};

const NO_SELECTION: SelectionSummary = { count: 0, cells: [], rows: [] };

export function useSheet<R extends SheetRow>(config: SheetConfig<R>) {
  const {
    rows: serverRows,
    action,
    fields,
    texts,
    rowName,
    stored,
    parse,
    check,
    display,
    payload,
    reorder,
    readOnly = false,
  } = config;
  const columns = useMemo(
    () => (readOnly ? config.columns.map((c) => (c.editable ? { ...c, editable: false } : c)) : config.columns),
    [config.columns, readOnly],
  );
  const { notify } = useNotifications();
  const post = useCallback(
    (
      fetcher: { submit: (data: Record<string, string>, options: { method: "post"; action: string }) => void },
      data: Record<string, string>,
    ) => fetcher.submit({ ...fields, ...FETCHER_FIELDS, ...data }, { method: "post", action }),
    [fields, action],
  );

  // ---- pending edits --------------------------------------------------------------------------------------------
  const [pending, setPending] = useState<Pending>(EMPTY_PENDING);
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  const [conflicts, setConflicts] = useState<ReadonlyMap<string, string>>(new Map());
  const serverById = useMemo(() => new Map(serverRows.map((r) => [r._id, r])), [serverRows]);
  const serverRef = useRef(serverById);
  serverRef.current = serverById;

  // Every change of the pending edits goes through here: one step of undo, and redo forgotten.
  const [history, setHistory] = useState<History>(EMPTY_HISTORY);
  const historyRef = useRef(history);
  historyRef.current = history;
  const [lastChange, setLastChange] = useState<string | null>(null);
  /** Cells the last batch refused ("rowId:columnId"), marked on the grid until the next change. */
  const [refused, setRefused] = useState<ReadonlySet<string>>(new Set());
  const commitPending = useCallback((next: Pending, change: string | null) => {
    const before = pendingRef.current;
    pendingRef.current = next;
    setPending(next);
    setHistory((h) => recorded(h, before));
    setLastChange(change);
  }, []);

  const onEdit = useCallback(
    (shown: SheetRow, column: SheetColumn, text: string) => {
      const row = serverRef.current.get(shown._id);
      if (!row) return;
      const value = parse(column, text);
      if (value === undefined) return;
      const { pending: next, changed } = withEdit(pendingRef.current, stored, row, column.id, value);
      if (!changed) return;
      setRefused(new Set());
      commitPending(next, texts.pending(rowName(shown) || "Row", column.title));
    },
    [parse, stored, texts, rowName, commitPending],
  );

  /**
   * A paste, a fill or a cleared range: checked cell by cell, one step of undo, one message for what was refused. The
   * batch rules load with the grid (which imports them too), not with the page.
   */
  const onEdits = useCallback(
    (
      inputs: { row: SheetRow; column: SheetColumn; text: string; rowNumber: number }[],
      kind: BatchKind,
      rowsPastEnd = 0,
    ) => {
      void import("./batch").then(({ applyBatch, batchDone, batchMessage }) => {
        const known = inputs.flatMap((input) => {
          const row = serverRef.current.get(input.row._id);
          return row ? [{ ...input, row }] : [];
        });
        const result = applyBatch(pendingRef.current, stored, check, known);
        setRefused(new Set(result.refused.map((r) => r.cell)));
        if (result.changed > 0) commitPending(result.pending, batchDone(kind, result.changed));
        const message = batchMessage(kind, result, rowsPastEnd);
        if (message) notify({ type: result.changed > 0 ? "warning" : "error", message });
      });
    },
    [stored, check, commitPending, notify],
  );

  // Undo and redo move the pending edits back or forth one step (a whole paste or fill is one).
  const stepHistory = useCallback((back: boolean) => {
    const step = (back ? undone : redone)(historyRef.current, pendingRef.current);
    if (!step) return;
    pendingRef.current = step.pending;
    setPending(step.pending);
    setHistory(step.history);
    setRefused(new Set());
    setLastChange(back ? "Undone" : "Redone");
  }, []);
  const undo = useCallback(() => stepHistory(true), [stepHistory]);
  const redo = useCallback(() => stepHistory(false), [stepHistory]);

  // ---- order (drag and drop) ------------------------------------------------------------------------------------
  const [order, setOrder] = useState<string[] | null>(null);
  const serverIds = serverRows.map((r) => r._id);
  const displayIds = useMemo(() => {
    if (!order) return serverIds;
    const known = new Set(serverIds);
    const kept = order.filter((id) => known.has(id));
    return [...kept, ...serverIds.filter((id) => !kept.includes(id))];
  }, [order, serverIds.join(",")]); // eslint-disable-line react-hooks/exhaustive-deps -- the ids are a new array each render: their content is the key
  const orderChanged = order !== null && displayIds.join(",") !== serverIds.join(",");
  const displayIdsRef = useRef(displayIds);
  displayIdsRef.current = displayIds;
  const onRowMoved = useCallback(
    (from: number, to: number) => {
      if (from === to || readOnly) return;
      setOrder((reorder === "swap" ? swapItems : moveItem)(displayIdsRef.current, from, to));
    },
    [reorder, readOnly],
  );

  const rows = useMemo(
    () => displayIds.map((id) => display(serverById.get(id)!, pending.get(id)?.cells)),
    [displayIds, serverById, pending, display],
  );

  // ---- save -----------------------------------------------------------------------------------------------------
  const saveFetcher = useFetcher<SaveResult>();
  const sent = useRef<{ cells: Map<string, Record<string, PendingValue>>; then?: () => void } | null>(null);
  const saving = saveFetcher.state !== "idle";
  const save = useCallback(
    (then?: () => void) => {
      const current = pendingRef.current;
      if (current.size === 0) {
        notify({ type: "warning", message: texts.noChanges });
        return;
      }
      if (sent.current) return; // one save at a time
      const body = [...current].map(([id, p]) => ({
        _id: id,
        version: p.version,
        fields: payload((serverRef.current.get(id) ?? p.base) as R, p.cells),
      }));
      sent.current = { cells: new Map([...current].map(([id, p]) => [id, p.cells])), then };
      post(saveFetcher, { intent: "save", rows: JSON.stringify(body) });
    },
    [notify, texts, payload, post, saveFetcher],
  );

  useEffect(() => {
    const result = saveFetcher.data;
    if (saveFetcher.state !== "idle" || !result || !sent.current) return;
    const request = sent.current;
    sent.current = null;
    if ("error" in result) {
      console.warn("sheet: save failed", result.error);
      notify({ type: "error", message: result.error || texts.failed });
      return;
    }
    const failures = result.conflicts.length + result.failed.length;
    const next = afterSave(pendingRef.current, request.cells, result);
    pendingRef.current = next;
    setPending(next);
    // Saved edits are no longer pending: undo starts again from here.
    setHistory(EMPTY_HISTORY);
    setLastChange(null);
    setConflicts((old) => {
      const map = new Map(old);
      for (const id of result.saved) map.delete(id);
      for (const id of result.failed) map.delete(id);
      for (const c of result.conflicts) map.set(c._id, c.message);
      return map;
    });
    if (failures > 0) console.warn("sheet: rows not saved", { conflicts: result.conflicts, failed: result.failed });
    if (failures === 0) notify({ type: "success", message: texts.saved(result.saved.length) });
    else if (result.saved.length === 0) notify({ type: "error", message: texts.failed });
    else notify({ type: "warning", message: texts.partial(result.saved.length, failures) });
    if (failures === 0) request.then?.();
  }, [saveFetcher.state, saveFetcher.data, notify, texts]);

  const discard = useCallback(() => {
    if (pendingRef.current.size > 0) commitPending(EMPTY_PENDING, "Changes discarded");
    setConflicts(new Map());
    setRefused(new Set());
  }, [commitPending]);

  // Ctrl+S (Cmd+S) saves; leaving the page with pending edits asks first.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const key = e.key.toLowerCase();
      if (key === "s") {
        e.preventDefault();
        save();
        return;
      }
      // Undo and redo belong to a text field while one has the focus (the grid's own editor included).
      const target = e.target as HTMLElement | null;
      if (target?.closest?.("input, textarea, select, [contenteditable=true]")) return;
      if (key === "z" && !e.shiftKey) {
        e.preventDefault();
        undo();
      } else if (key === "y" || (key === "z" && e.shiftKey)) {
        e.preventDefault();
        redo();
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
  }, [save, undo, redo]);

  // ---- order save -----------------------------------------------------------------------------------------------
  const orderFetcher = useFetcher<{ ok?: boolean; error?: string; message?: string }>();
  const orderSent = useRef(false);
  const saveOrder = () => {
    orderSent.current = true;
    post(orderFetcher, { intent: "order", ids: JSON.stringify(displayIds) });
  };
  const discardOrder = () => setOrder(null);
  useEffect(() => {
    if (orderFetcher.state !== "idle" || !orderFetcher.data || !orderSent.current) return;
    orderSent.current = false;
    if (orderFetcher.data.ok) {
      setOrder(null);
      notify({ type: "success", message: texts.orderSaved });
    } else notify({ type: "error", message: orderFetcher.data.error ?? texts.orderFailed });
  }, [orderFetcher.state, orderFetcher.data, notify, texts]);

  // ---- selection and colours ------------------------------------------------------------------------------------
  const [selection, setSelection] = useState<SelectionSummary>(NO_SELECTION);
  const [selectionKey, setSelectionKey] = useState(0);
  const [picking, setPicking] = useState(false);
  const colourFetcher = useFetcher<{ ok?: boolean; error?: string }>();
  const colourSent = useRef(false);
  const openColourPicker = () => {
    if (selection.count === 0) return notify({ type: "warning", message: texts.selectFirst });
    setPicking(true);
  };
  const saveColour = (colour: string) => {
    const colourable = new Set(columns.filter((c) => c.colourable !== false).map((c) => c.id));
    const byRow = new Map<string, string[]>();
    for (const c of selection.cells) {
      if (!colourable.has(c.columnId)) continue;
      byRow.set(c.rowId, [...(byRow.get(c.rowId) ?? []), c.columnId]);
    }
    colourSent.current = true;
    post(colourFetcher, {
      intent: "colour",
      colour,
      cells: JSON.stringify([...byRow].map(([_id, cols]) => ({ _id, columns: cols }))),
      rows: JSON.stringify(selection.rows),
    });
  };
  useEffect(() => {
    if (colourFetcher.state !== "idle" || !colourFetcher.data || !colourSent.current) return;
    colourSent.current = false;
    if (colourFetcher.data.ok) {
      setPicking(false);
      setSelectionKey((k) => k + 1);
    } else notify({ type: "error", message: colourFetcher.data.error ?? texts.colourError });
  }, [colourFetcher.state, colourFetcher.data, notify, texts]);

  // ---- who else is here (the grid tells, from the live room) --------------------------------------------------------
  const [others, setOthers] = useState<readonly Presence[]>([]);
  const conflictList = useMemo(() => [...conflicts].filter(([id]) => pending.has(id)), [conflicts, pending]);
  const conflictIds = useMemo(() => new Set(conflictList.map(([id]) => id)), [conflictList]);
  const pendingCells = useMemo(() => new Map([...pending].map(([id, p]) => [id, p.cells])), [pending]);

  return {
    /** What the grid takes. */
    grid: {
      columns,
      rows,
      pending: pendingCells,
      conflicts: conflictIds,
      refused,
      presence: config.presence,
      onOthers: setOthers,
      onEdit,
      onEdits,
      onSelection: setSelection,
      onRowMoved,
      selectionKey,
    },
    others,
    /** A row's name by its id (the bar names the rows someone else also edits). */
    nameOf: (id: string) => rowName(serverById.get(id) ?? { _id: id, version: 0 }) || "a row",
    isPending: (id: string) => pending.has(id),
    readOnly,
    pendingRows: pending.size,
    pendingCells: [...pending.values()].reduce((n, p) => n + Object.keys(p.cells).length, 0),
    lastChange,
    undo,
    redo,
    canUndo: history.undo.length > 0,
    canRedo: history.redo.length > 0,
    conflictList,
    save,
    saving,
    discard,
    orderChanged,
    saveOrder,
    discardOrder,
    orderBusy: orderFetcher.state !== "idle",
    selection,
    picking,
    closePicker: () => setPicking(false),
    openColourPicker,
    saveColour,
    colourBusy: colourFetcher.state !== "idle",
  };
}
export type Sheet = ReturnType<typeof useSheet>;
