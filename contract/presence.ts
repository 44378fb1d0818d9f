// Who else has a sheet open, through the live room: each browser says which sheet it shows, the cell it has selected,
// whether it is editing it and which rows it holds unsaved edits in; the room passes that on, with the member's name,
// to the others who may view that sheet. Checked on both ends like the events (contract/events.ts).
import type { Section } from "./access";
import { isSheetName } from "./sheet-names";

/** What a browser tells the room. `sheet: null` leaves every sheet. */
export type PresenceUpdate = {
  type: "presence";
  sheet: string | null;
  cell: { row: string; column: string } | null;
  editing: boolean;
  pendingRows: readonly string[];
};

/** What the room tells the others: one person on one sheet (`sheet: null` when they left it). */
export type Presence = Omit<PresenceUpdate, "type"> & { type: "presence"; id: string; name: string; colour: string };
/** What the room answers a browser that opened a sheet: everyone already there. */
export type PresenceSync = { type: "presence-sync"; sheet: string; people: Presence[] };

const ID = /^[A-Za-z0-9_:.-]{1,80}$/;
const MAX_PENDING_ROWS = 200;

/** Who may see a person on a sheet: those who may view its section. */
export const sectionOfSheet = (sheet: string): Section => (sheet.startsWith("stock:") ? "stock" : "breeder");

const isId = (v: unknown): v is string => typeof v === "string" && ID.test(v);

export function toPresenceUpdate(value: unknown): PresenceUpdate | null {
  if (!value || typeof value !== "object") return null;
  const { type, sheet, cell, editing, pendingRows } = value as Record<string, unknown>;
  if (type !== "presence") return null;
  if (sheet !== null && !(typeof sheet === "string" && isSheetName(sheet))) return null;
  let at: PresenceUpdate["cell"] = null;
  if (cell !== null && cell !== undefined) {
    const { row, column } = cell as Record<string, unknown>;
    if (!isId(row) || typeof column !== "string" || column.length === 0 || column.length > 80) return null;
    at = { row, column };
  }
  const rows = Array.isArray(pendingRows) ? pendingRows.filter(isId).slice(0, MAX_PENDING_ROWS) : [];
  return { type: "presence", sheet: sheet ?? null, cell: at, editing: editing === true, pendingRows: rows };
}

/** A room message about presence, or null for anything else (events are read by parseLiveEvent). */
export function parsePresence(data: unknown): Presence | PresenceSync | null {
  if (typeof data !== "string" || !data.includes('"presence')) return null;
  try {
    const value = JSON.parse(data) as Record<string, unknown>;
    const person = (v: unknown): Presence | null => {
      const update = toPresenceUpdate(v);
      const { id, name, colour } = (v ?? {}) as Record<string, unknown>;
      if (!update || typeof id !== "string" || typeof name !== "string" || typeof colour !== "string") return null;
      return { ...update, id, name, colour };
    };
    if (value.type === "presence") return person(value);
    if (value.type === "presence-sync" && typeof value.sheet === "string" && Array.isArray(value.people)) {
      return {
        type: "presence-sync",
        sheet: value.sheet,
        people: value.people.map(person).filter((p): p is Presence => p !== null),
      };
    }
    return null;
  } catch {
    return null;
  }
}

/** Distinct colours under white text (WCAG AA, 4.5:1 and more); a member keeps theirs everywhere. */
const COLOURS = ["#1864ab", "#a61e4d", "#2b6f3a", "#b34700", "#5f3dc4", "#0b7285", "#862e9c", "#5c6600"];
export function presenceColour(memberId: string): string {
  let hash = 0;
  for (const ch of memberId) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return COLOURS[hash % COLOURS.length];
}
