// The stock page's pure rules: typed input, columns per tab, pending edits and their save payloads, order merging,
// Tab movement, colours and the image form's checks.
import { describe, expect, it } from "vitest";
import { afterSave, EMPTY_PENDING, withEdit as withSheetEdit } from "#app/components/sheet/pending";
import { imageFormError, mergeOrder, moveItem, swapItems, type PendingValue } from "#app/components/sheet/rules";
import { DINO_STOCK_COLUMNS } from "#tests/expected-columns";
import {
  checkInput,
  columnsFor,
  IMAGE_TEXTS,
  displayRow,
  editableColumns,
  parseInput,
  savePayload,
  storedValue,
  typeLabel,
} from "./rules";
import type { StockItem } from "#contract/stock-item";

const cells = (n: number, values: (number | null)[] = []) => Array.from({ length: n }, (_, i) => values[i] ?? null);
const vaultRow = (over: Partial<StockItem> = {}): StockItem => ({
  _id: "a".repeat(24),
  order: 0,
  imageUrl: null,
  isEmpty: false,
  fieldColors: {},
  textColor: null,
  version: 3,
  updatedAt: "2026-01-01T00:00:00.000Z",
  updatedBy: "Rex Rider",
  prevStock: 500,
  item: "Element",
  counts: cells(18, [350, 100]),
  maxcount: 700,
  todo: null,
  currentStock: 450,
  percentage: 64,
  ...over,
});

describe("typed input per column", () => {
  it("parses per column: names may not be empty, todo and type may", () => {
    const [item] = columnsFor("war-vault");
    expect(parseInput(item, "  Element ")).toBe("Element");
    expect(parseInput(item, " ")).toBeUndefined();
    expect(parseInput({ id: "todo", role: "text" }, "  ")).toBeNull();
    expect(parseInput({ id: "type", role: "type" }, "flyer")).toBe("Flyer");
    expect(parseInput({ id: "type", role: "type" }, "unknown")).toBeNull();
    expect(parseInput({ id: "count1", role: "count" }, "abc")).toBe(0);
  });
});

describe("columns and editable columns", () => {
  it("lists each tab's columns in the product's order", () => {
    const titles = (kind: Parameters<typeof columnsFor>[0], o = {}) => columnsFor(kind, o).map((c) => c.title);
    expect(titles("war-vault")).toEqual([
      "Item",
      ...Array.from({ length: 18 }, (_, i) => String(i + 1)),
      "Current Stock",
      "Max Stock",
      "%",
      "Prev Stock",
      "Todo",
    ]);
    expect(titles("defense-vault")).not.toContain("Prev Stock");
    expect(titles("admin-vault").filter((t) => /^\d+$/.test(t))).toHaveLength(12);
    expect(titles("dedis")).toEqual(["Item", "Stock", "Target", "%", "Todo"]);
    expect(titles("war-dedis")).toEqual([
      "Item Name",
      "Current Stock",
      "Previous Stock",
      "Stock Used",
      "Target",
      "%",
      "Todo",
    ]);
    expect(titles("dinos")).toEqual(DINO_STOCK_COLUMNS);
    const both = titles("dinos", { ready: true, unready: true });
    expect(both.indexOf("R1")).toBe(2);
    expect(both.indexOf("War Ready")).toBe(18);
    expect(both.indexOf("U16")).toBe(34);
  });

  it("makes exactly the editable columns docs/product/stock.md lists editable", () => {
    const ids = (kind: Parameters<typeof editableColumns>[0]) => editableColumns(kind).map((c) => c.id);
    expect(ids("war-dedis")).toEqual(["item", "currentStock", "previousStock", "target", "todo"]);
    expect(ids("dinos")).toEqual([
      "dino",
      "type",
      ...Array.from({ length: 16 }, (_, i) => `ready${i + 1}`),
      ...Array.from({ length: 16 }, (_, i) => `unready${i + 1}`),
      "target",
    ]);
    expect(ids("admin-vault")).toEqual([
      "item",
      ...Array.from({ length: 12 }, (_, i) => `count${i + 1}`),
      "target",
      "todo",
    ]);
    expect(ids("dedis")).toEqual(["item", "currentStock", "maxStock", "todo"]);
    expect(ids("war-vault")).toEqual([
      "item",
      ...Array.from({ length: 18 }, (_, i) => `count${i + 1}`),
      "maxcount",
      "todo",
    ]);
  });
});

/** A stock edit through the sheet engine's pending rules, compared with the tab's stored values. */
const withEdit = (
  pending: Parameters<typeof withSheetEdit>[0],
  kind: Parameters<typeof storedValue>[0],
  row: StockItem,
  column: string,
  value: PendingValue,
) => withSheetEdit(pending, (r, c) => storedValue(kind, r, c), row, column, value);

describe("pending edits", () => {
  it("shows a pending edit with its derived values and drops an edit back to the stored value", () => {
    const row = vaultRow();
    let { pending, changed } = withEdit(EMPTY_PENDING, "war-vault", row, "count2", 350);
    expect(changed).toBe(true);
    const shown = displayRow("war-vault", row, pending.get(row._id)!.cells);
    expect(shown).toMatchObject({ currentStock: 700, percentage: 100 });
    expect(pending.get(row._id)!.version).toBe(3);
    ({ pending, changed } = withEdit(pending, "war-vault", row, "count2", 100));
    expect(changed).toBe(true);
    expect(pending.size).toBe(0);
    expect(withEdit(pending, "war-vault", row, "count1", 350).changed).toBe(false);
  });

  it("sends whole lists built on the row as it is now, keeping another officer's neighbouring cell", () => {
    const loaded = vaultRow();
    const { pending } = withEdit(EMPTY_PENDING, "war-vault", loaded, "count1", 0);
    const now = vaultRow({ counts: cells(18, [350, 100, 42]), version: 4 });
    expect(savePayload("war-vault", now, pending.get(loaded._id)!.cells)).toEqual({ counts: cells(18, [0, 100, 42]) });
    expect(savePayload("war-vault", now, { todo: "Craft", maxcount: null })).toEqual({ todo: "Craft", maxcount: null });
  });

  it("after a save: drops what was saved, keeps newer edits, keeps refused rows with the current version", () => {
    const a = vaultRow();
    const b = vaultRow({ _id: "b".repeat(24), version: 7 });
    let { pending } = withEdit(EMPTY_PENDING, "war-vault", a, "count1", 1);
    ({ pending } = withEdit(pending, "war-vault", b, "count1", 2));
    const sent = new Map([...pending].map(([id, p]) => [id, p.cells]));
    ({ pending } = withEdit(pending, "war-vault", a, "todo", "while saving"));
    const next = afterSave(pending, sent, { saved: [a._id], conflicts: [{ _id: b._id, version: 8 }], failed: [] });
    expect(next.get(a._id)!.cells).toEqual({ todo: "while saving" });
    expect(next.get(a._id)!.version).toBe(4);
    expect(next.get(b._id)).toMatchObject({ version: 8, cells: { count1: 2 } });
    expect(afterSave(next, new Map(), { saved: [], conflicts: [], failed: [a._id] }).has(a._id)).toBe(false);
  });
});

describe("order, movement, colours, images", () => {
  it("moves rows and merges a reordered subset into the whole tab", () => {
    expect(moveItem(["a", "b", "c", "d"], 0, 2)).toEqual(["b", "c", "a", "d"]);
    expect(swapItems(["a", "b", "c", "d"], 0, 2)).toEqual(["c", "b", "a", "d"]);
    expect(mergeOrder(["a", "b", "c", "d", "e"], ["e", "b", "d"])).toEqual(["a", "e", "c", "b", "d"]);
  });

  it("checks a pasted text strictly: a figure column refuses what is no number, where typing stores 0", () => {
    const [item, stock, , , todo] = columnsFor("dedis"); // Item, Stock, Target, %, Todo
    expect(checkInput(stock, "1,250")).toEqual({ value: 1250 });
    expect(checkInput(stock, " ")).toEqual({ value: null });
    expect(checkInput(stock, "Metal")).toEqual({ error: "must be a number" });
    expect(parseInput(stock, "Metal")).toBe(0);
    expect(checkInput(item, "")).toEqual({ error: "must not be empty" });
    expect(checkInput(item, " Metal ")).toEqual({ value: "Metal" });
    expect(checkInput(todo, "craft 40")).toEqual({ value: "craft 40" });
  });

  it("types default to Unknown", () => {
    expect(typeLabel(null)).toBe("Unknown");
    expect(typeLabel("DPS")).toBe("DPS");
  });

  it("checks the image form", () => {
    expect(imageFormError(IMAGE_TEXTS, "", "https://x", ["Rex"])).toBe("Please fill in both item name and image URL");
    expect(imageFormError(IMAGE_TEXTS, "rex", "https://x", ["Rex"])).toBe(
      "Item not found. Please make sure you're on the correct tab and enter the exact item name as it appears in the table.",
    );
    expect(imageFormError(IMAGE_TEXTS, "Rex", "https://x", ["Rex"])).toBeNull();
  });
});

describe("War Room Dedis' Stock Used (ADR 068)", () => {
  it("shows what was used as a positive number, a restock as a negative one, while the wire keeps current - previous", () => {
    const used = columnsFor("war-dedis").find((c) => c.id === "stockUsed")!;
    expect(used.title).toBe("Stock Used");
    expect([-15, 30, 0, null].map((stockUsed) => used.value({ _id: "a", version: 1, stockUsed }))).toEqual([
      15,
      -30,
      0,
      null,
    ]);
    expect(Object.is(used.value({ _id: "a", version: 1, stockUsed: 0 }), -0)).toBe(false);
  });
});
