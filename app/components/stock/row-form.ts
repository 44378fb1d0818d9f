// The no-JavaScript row form of the stock sheet (spec part 2 section 5): the row's id and version, and one typed text per
// editable column of the tab, read by the sheet's own rules (rules.ts parseInput, which the grid's cell edits use too).
// The action reads the form with it; with JavaScript the grid replaces the form, and each cell edit goes through the
// same parseInput. Pure: server and browser.
import { z } from "zod";
import { objectIdSchema } from "../../../contract/ids";
import type { TabKind } from "../../../contract/stock";
import { labelled } from "../../utils/forms";
import { editableColumns, MAX_NAME_LENGTH, parseInput } from "./rules";

/** A tab's row form. A column left out of the form keeps its value; only a name is ever refused. */
export function rowForm(kind: TabKind) {
  const cells = Object.fromEntries(
    editableColumns(kind).map((column) => [
      column.id,
      z
        .string()
        .optional()
        .superRefine((raw, ctx) => {
          if (raw === undefined || parseInput(column, raw) !== undefined) return;
          ctx.addIssue({ code: "custom", message: raw.trim() === "" ? "is required" : `can be at most ${MAX_NAME_LENGTH} characters` });
        }),
    ]),
  );
  return z.object({ _id: objectIdSchema, version: z.coerce.number().int().positive(), ...cells });
}

/** "Item Name is required.", by the column's title. */
export const rowWording = (kind: TabKind) => labelled(Object.fromEntries(editableColumns(kind).map((c) => [c.id, c.title])));
