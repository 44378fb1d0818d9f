// How a sheet's cells look on the canvas: their text and colours (the sheet's own, pending and refused edits, saved
// colours), the picture or generated icon before a name, another person's name tag, and the select editor.
import { GridCellKind, type DrawCellCallback, type GridCell } from "@glideapps/glide-data-grid";
import { cellTextOf, textColourOf, type PendingValue, type SheetColumn, type SheetRow } from "./rules";
import { CELL_IMAGE_SIZE as IMAGE_SIZE } from "#app/components/grid/geometry";
import type { Presence } from "#contract/presence";

import { Options } from "#app/components/table/Options";

/** A sheet's own colours for a cell (vault fill, dino type, stat colour) and the badge before a name. */
export type CellLook = { bg?: string; fg?: string; badge?: Badge };
/** A generated icon drawn before a name that has no picture (or whose picture does not load): initials on a colour. */
export type Badge = { text: string; colour: string };
export type SheetLook = (column: SheetColumn, row: SheetRow, dark: boolean) => CellLook | undefined;

const REFUSED_BG = "rgba(224, 49, 49, 0.35)";

export type Look = { text: string; bg?: string; fg?: string; image?: string; badge?: Badge; bold?: boolean };

/** A cell's text and colours: the sheet's own look, pending and refused edits, the saved text colours. */
export function lookOf(
  sheetLook: SheetLook | undefined,
  column: SheetColumn,
  row: SheetRow,
  pending: Record<string, PendingValue> | undefined,
  conflict: boolean,
  refused: boolean,
  dark: boolean,
): Look {
  const own = sheetLook?.(column, row, dark);
  const look: Look = {
    text: cellTextOf(column, column.value(row)),
    bg: own?.bg,
    fg: textColourOf(row, column.id, own?.fg),
    badge: own?.badge,
  };
  if (pending && column.id in pending) {
    look.bg = conflict ? REFUSED_BG : "rgba(250, 176, 5, 0.62)";
    look.bold = true;
  }
  if (refused) look.bg = REFUSED_BG;
  if (column.name && row.imageUrl) look.image = row.imageUrl;
  return look;
}

export const sameLook = (a: Look, b: Look) =>
  a.text === b.text &&
  a.bg === b.bg &&
  a.fg === b.fg &&
  a.image === b.image &&
  a.bold === b.bold &&
  a.badge?.text === b.badge?.text;

/** The generated icon: a rounded square of the colour with the initials in white. */
export function drawBadge(ctx: CanvasRenderingContext2D, badge: Badge, x: number, y: number, size: number) {
  ctx.save();
  ctx.fillStyle = badge.colour;
  ctx.beginPath();
  ctx.roundRect(x, y, size, size, 5);
  ctx.fill();
  ctx.fillStyle = "#ffffff";
  ctx.font = `700 ${Math.round(size * 0.42)}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(badge.text, x + size / 2, y + size / 2 + 0.5);
  ctx.restore();
}

export type DrawArgs = Parameters<DrawCellCallback>[0];

/** A cell's content, with the item's picture or the sheet's generated icon left of a name. */
export function drawCellContent(args: DrawArgs, drawContent: () => void) {
  const { stockImage: url, stockBadge: badge } = args.cell as { stockImage?: string; stockBadge?: Badge };
  if (!url && !badge) return drawContent();
  // The item's picture left of its name; a picture that fails to load is not drawn (broken images are
  // hidden), and the sheet's generated icon (if it has one) stands in for it.
  const image = url ? args.imageLoader.loadOrGetImage(url, args.col, args.row) : undefined;
  if (!image && !badge) return drawContent();
  const { ctx, rect } = args;
  if (image) {
    const w = "width" in image ? image.width : IMAGE_SIZE;
    const h = "height" in image ? image.height : IMAGE_SIZE;
    const scale = Math.min(IMAGE_SIZE / (w || IMAGE_SIZE), IMAGE_SIZE / (h || IMAGE_SIZE));
    ctx.drawImage(image, rect.x + 6, rect.y + (rect.height - h * scale) / 2, w * scale, h * scale);
  } else if (badge) drawBadge(ctx, badge, rect.x + 6, rect.y + (rect.height - IMAGE_SIZE) / 2, IMAGE_SIZE);
  const { x, width } = rect;
  rect.x = x + IMAGE_SIZE + 8;
  rect.width = width - IMAGE_SIZE - 8;
  drawContent();
  rect.x = x;
  rect.width = width;
}

/** Another person's name on the top right of the cell they have selected, on their colour. */
export function drawNameTag(
  ctx: CanvasRenderingContext2D,
  other: Presence,
  rect: { x: number; y: number; width: number; height: number },
) {
  const text = other.editing ? `${other.name} ✎` : other.name;
  ctx.save();
  ctx.font = "600 10px system-ui, sans-serif";
  const width = Math.min(ctx.measureText(text).width + 8, rect.width);
  const x = rect.x + rect.width - width;
  ctx.fillStyle = other.colour;
  ctx.fillRect(x, rect.y, width, 13);
  ctx.fillStyle = "#ffffff";
  ctx.textBaseline = "middle";
  ctx.fillText(text, x + 4, rect.y + 7, width - 8);
  ctx.restore();
}

/** A select in place of the text editor: a choice commits at once, Escape leaves the value as it was. */
export function selectEditor(options: readonly string[], title: string) {
  function SelectEditor({
    value,
    onFinishedEditing,
  }: {
    value: GridCell;
    onFinishedEditing: (v?: GridCell, movement?: readonly [-1 | 0 | 1, -1 | 0 | 1]) => void;
  }) {
    const current = value.kind === GridCellKind.Text ? value.data : "";
    return (
      <select
        className="sheet-select-editor"
        aria-label={title}
        autoFocus
        defaultValue={current}
        onChange={(e) => onFinishedEditing({ ...value, data: e.target.value } as GridCell, [0, 0])}
        onKeyDown={(e) => {
          if (e.key === "Escape") onFinishedEditing(undefined, [0, 0]);
        }}
      >
        <Options options={options} value={current} />
      </select>
    );
  }
  return SelectEditor;
}
