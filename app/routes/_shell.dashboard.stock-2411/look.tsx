// How 2411 Stock looks: its colours and legend, its cells in the HTML table, and a past snapshot's column.
import type { CellLook } from "#app/components/sheet/cells";
import type { HtmlCell } from "#app/components/sheet/SheetTable";
import { escapeHtml, tag } from "#app/utils/html";
import { type SheetColumn, type SheetRow } from "#app/components/sheet/rules";
import { DINO_TYPES, typeColour, type StockColumn } from "#app/components/stock/rules";
import { figureKey, FULL_VAULT_CELL, vaultCellState, type Cell, type TabKind } from "#contract/stock";
import { type LegendItem } from "#app/components/sheet/ColourLegend";

/** The column that shows a past snapshot's figure per row, right after the tab's own figure column. */
export function withHistoryColumn(
  kind: TabKind,
  columns: StockColumn[],
  view: { label: string; figures: unknown } | null | undefined,
): StockColumn[] {
  if (!view) return columns;
  const figures = view.figures as Record<string, Cell>;
  const column: StockColumn = {
    id: "history",
    title: `Stock at ${view.label}`,
    width: 176,
    role: "history",
    align: "right",
    colourable: false,
    editable: false,
    value: (row) => figures[String(row._id)] ?? null,
  };
  const key = figureKey(kind);
  const at = columns.findIndex((c) => c.id === key || (key === "currentStock" && c.id === "currentStock"));
  const index = at >= 0 ? at + 1 : columns.length;
  return [...columns.slice(0, index), column, ...columns.slice(index)];
}

/** The stock sheet's own colours: vault fill, dino type (kept over a saved text colour), a past snapshot's figure. */
export function stockLook(column: SheetColumn, row: SheetRow, dark: boolean): CellLook | undefined {
  const { role } = column as StockColumn;
  const alpha = dark ? 0.32 : 0.22;
  if (role === "count") {
    const value = column.value(row);
    const state = vaultCellState(typeof value === "number" ? value : null);
    if (state === "full") return { bg: `rgba(47, 158, 68, ${alpha})` };
    if (state === "empty") return { bg: `rgba(134, 142, 150, ${alpha + 0.08})` };
    if (state === "partial") return { bg: `rgba(240, 140, 0, ${alpha})` };
  }
  if (role === "type") {
    const colour = typeColour(String(column.value(row)));
    return { fg: colour, bg: `${colour}${dark ? "33" : "22"}` };
  }
  if (role === "history") return { bg: dark ? "rgba(28, 126, 214, 0.22)" : "rgba(28, 126, 214, 0.1)" };
  return undefined;
}

/** What the tab's colours mean: the vault cells' fills, the dino types, the past snapshot's column (stock.css). */
export function stockLegend(columns: StockColumn[]): LegendItem[] {
  const roles = new Set(columns.map((c) => c.role));
  const items: LegendItem[] = [];
  if (roles.has("count")) {
    items.push(
      { label: `Full (${FULL_VAULT_CELL})`, colour: "color-mix(in srgb, var(--green) 22%, transparent)" },
      { label: "Partly filled", colour: "color-mix(in srgb, var(--yellow) 22%, transparent)" },
      { label: "Empty (0)", colour: "color-mix(in srgb, #868e96 28%, transparent)" },
    );
  }
  if (roles.has("type"))
    for (const type of DINO_TYPES) items.push({ label: type, colour: typeColour(type), as: "text" });
  if (roles.has("history")) items.push({ label: "A past snapshot's figure", colour: "rgba(28, 126, 214, 0.1)" });
  return items;
}

/** The same in the HTML table: vault fill classes and the dino type badge. */
export function stockHtml(column: SheetColumn, row: SheetRow): HtmlCell | undefined {
  const { role } = column as StockColumn;
  if (role === "count") {
    const value = column.value(row);
    const state = vaultCellState(typeof value === "number" ? value : null);
    return state ? { className: `vault-${state}` } : undefined;
  }
  if (role === "type") {
    const text = String(column.value(row));
    const c = typeColour(text);
    return {
      className: "col-type",
      html: tag(
        "span",
        { class: "stock-type pick", style: `--pick:${c};border-color:${c}`, "data-type": text },
        escapeHtml(text),
      ),
    };
  }
  return undefined;
}
