// The no-JavaScript row form of a sheet: the row's id and version, and one typed text per
// editable column, read by the sheet's own parse (the one the grid's cell edits use too). The action reads the form
// with it; with JavaScript the grid replaces the form. Pure: server and browser.
import { z } from "zod";
import { objectIdSchema } from "#contract/ids";
import { labelled } from "#app/utils/forms";
import type { PendingValue, SheetColumn } from "./rules";

export type SheetParse = (column: SheetColumn, text: string) => PendingValue | undefined;
/** Why a column refuses a text its parse refused ("is required", "must be a number"). */
export type SheetRefusal = (column: SheetColumn, text: string) => string;

/** A sheet's row form. A column left out of the form keeps its value. */
export function rowForm(columns: readonly SheetColumn[], parse: SheetParse, refusal: SheetRefusal) {
  const cells = Object.fromEntries(
    columns.map((column) => [
      column.id,
      z
        .string()
        .optional()
        .superRefine((raw, ctx) => {
          if (raw === undefined || parse(column, raw) !== undefined) return;
          ctx.addIssue({ code: "custom", message: refusal(column, raw) });
        }),
    ]),
  );
  return z.object({ _id: objectIdSchema, version: z.coerce.number().int().positive(), ...cells });
}

/** "Item Name is required.", by the column's title. */
export const rowWording = (columns: readonly SheetColumn[]) =>
  labelled(Object.fromEntries(columns.map((c) => [c.id, c.title])));
