// The import page's action, for a stock tab and the Breeder List: the sheet read from the pasted text or an uploaded
// CSV, the columns mapped (as the person chose, else guessed), a preview of what would change, and Apply, which plans
// again from what is stored now and writes the changes in one batch.
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { json } from "#app/utils/json.server";
import { hostErrorOf } from "#app/host/client.server";
import { toastSetCookie } from "#app/utils/toast.server";
import { ID_FIELD, MAX_IMPORT_ROWS, type Mapping } from "./fields";
import { guessMapping, planImport, readTable, type ImportPlan, type ImportSheet } from "./plan";

/** What the page shows of a preview: the counts, the refused lines, and the first changes. */
export const PREVIEW_ROWS = 200;

export type ImportTarget = {
  sheet: ImportSheet;
  /** The sheet page the import goes back to. */
  back: string;
  /**
   * Writes the plan's rows; answers the names of rows that moved on since they were read, and how many were written
   * (the breeder list writes all or nothing; a stock tab's batch save writes the others).
   */
  apply: (plan: ImportPlan) => Promise<{ conflicts: string[]; written: number }>;
};

export type ImportAnswer =
  | { error: string; text: string }
  | {
      text: string;
      headers: string[];
      mapping: Mapping;
      counts: { update: number; create: number; unchanged: number; refused: number };
      refused: ImportPlan["refused"];
      rows: { line: number; kind: "update" | "create"; name: string; changes: ImportPlan["rows"][number]["changes"] }[];
    };

async function sheetText(form: FormData): Promise<{ text: string } | { error: string }> {
  const file = form.get("file");
  if (file instanceof File && file.size > 0) {
    if (/\.xlsx$/i.test(file.name))
      return {
        error: "An Excel file is read in the browser: turn JavaScript on, or save the sheet as CSV and upload that.",
      };
    return { text: await file.text() };
  }
  return { text: String(form.get("text") ?? "") };
}

/** The import page's action; `form` is the request's, read first (a form that cannot be read is a 400 before anything). */
export async function importAction(request: Request, context: AppLoadContext, form: FormData, target: ImportTarget) {
  const intent = form.get("intent");
  const read = await sheetText(form);
  if ("error" in read) return json<ImportAnswer>({ error: read.error, text: "" }, 400);
  const { text } = read;
  const fail = (error: string, status = 400) => json<ImportAnswer>({ error, text }, status);

  const table = readTable(text);
  if (table.length < 2) return fail("Nothing to import: the first line names the columns, then one row per line.");
  if (table.length - 1 > MAX_IMPORT_ROWS)
    return fail(`The sheet has ${table.length - 1} rows; an import takes at most ${MAX_IMPORT_ROWS}.`);
  const [headers] = table;
  const { columns } = target.sheet;
  const known = new Set([ID_FIELD, ...columns.map((c) => c.id)]);
  const chosen = form.getAll("map").map((v) => String(v));
  const mapping: Mapping =
    chosen.length === headers.length ? chosen.map((v) => (known.has(v) ? v : null)) : guessMapping(headers, columns);
  if (!mapping.includes(ID_FIELD) && !mapping.includes(columns[0].id)) {
    return fail(`Map a column to ${columns[0].title} (or to ID), so each row can be matched to the sheet.`);
  }
  const plan = planImport(table, mapping, target.sheet);

  if (intent === "apply") {
    if (plan.rows.length === 0) return fail("Nothing to import: no row would change.");
    try {
      const { conflicts, written } = await target.apply(plan);
      if (conflicts.length) {
        const names = `${conflicts.slice(0, 3).join(", ")}${conflicts.length > 3 ? ` and ${conflicts.length - 3} more` : ""}`;
        const done = written ? `${written} ${written === 1 ? "row was" : "rows were"} imported; ` : "";
        return fail(
          `${done}${names} changed since the preview and ${conflicts.length === 1 ? "was" : "were"} not: preview again.`,
          409,
        );
      }
    } catch (error) {
      console.error("import failed", error);
      const refused = hostErrorOf(error);
      return fail(
        refused?.body?.message ?? refused?.message ?? "The import could not be saved. Try again.",
        refused?.status ?? 500,
      );
    }
    const updated = plan.rows.filter((r) => r.kind === "update").length;
    const created = plan.rows.length - updated;
    const parts = [`${updated} ${updated === 1 ? "row" : "rows"} changed`, ...(created ? [`${created} added`] : [])];
    const refusedNote = plan.refused.length
      ? ` ${plan.refused.length} ${plan.refused.length === 1 ? "line was" : "lines were"} refused.`
      : "";
    const toast = { type: "success" as const, message: `Imported: ${parts.join(", ")}.${refusedNote}` };
    return redirect(target.back, { headers: { "Set-Cookie": await toastSetCookie(context, request, toast) } });
  }

  const updates = plan.rows.filter((r) => r.kind === "update").length;
  return json<ImportAnswer>({
    text,
    headers,
    mapping,
    counts: {
      update: updates,
      create: plan.rows.length - updates,
      unchanged: plan.unchanged,
      refused: plan.refused.length,
    },
    refused: plan.refused.slice(0, PREVIEW_ROWS),
    rows: plan.rows.slice(0, PREVIEW_ROWS).map(({ line, kind, name, changes }) => ({ line, kind, name, changes })),
  });
}
