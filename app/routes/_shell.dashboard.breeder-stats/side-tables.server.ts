// The FFA Raising and Codes Given To tabs' server flow ("Breeder page"): one page
// of a side table, searched by the shared search, and its edits (the cell's fetcher sends one field, the no-JavaScript
// row form all of them; each changed field is one PATCH, checked here first and again by the host).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { json } from "#app/utils/json.server";
import { OBJECT_ID } from "#contract/ids";
import { host, hostErrorOf } from "#app/host/client.server";
import { backTo, hostIssues, reply } from "#app/utils/action.server";
import { shownPage } from "#app/utils/host-search.server";
import { pageQueryOf } from "#app/utils/table";
import { PAGE_PATH, SIDE_TABLES, TEXTS, type CodeGiven, type FfaRaising, type SideTable } from "./breeder";

type Io = { request: Request; context: AppLoadContext; form: FormData };

/**
 * One page of a side table, searched over every column and paged by the host (an older host is read whole and paged
 * here), 25/50/100 to a page; `failed` when the host did not answer.
 */
export async function loadSideTable(context: AppLoadContext, which: SideTable, url: URL, q: string) {
  const table = SIDE_TABLES[which];
  const { page: requested, size } = pageQueryOf(url.searchParams);
  const keys = table.columns.map((c) => c.key as keyof (FfaRaising | CodeGiven));
  const query = { q, page: requested, size };
  const { page, all, staleAsOf, loadError } = await shownPage<FfaRaising | CodeGiven>(
    context,
    table.path,
    query,
    { fields: keys },
    () => table.failed,
  );
  const editId = url.searchParams.get("edit");
  return {
    which,
    failed: loadError !== null,
    staleAsOf,
    total: all ?? page.total,
    page,
    editing: editId && page.rows.some((r) => r._id === editId) ? editId : null,
  };
}
export type SideTableData = Awaited<ReturnType<typeof loadSideTable>>;

/**
 * Saves the fields of one row that changed: each field the form carries whose value differs from the one it was
 * rendered with (`was:<field>`), one PATCH each, in column order. Answers the live toast's words on success (the write
 * raises breeder_update with them); a refusal names the field in the page's words and keeps what was typed.
 */
export async function sideTableAction(io: Io, which: SideTable, form: FormData) {
  const table = SIDE_TABLES[which];
  const intent = table.intent;
  const _id = String(form.get("_id") ?? "");
  const back = backTo(form, PAGE_PATH, { close: ["edit"] });
  const values: Record<string, string> = {};
  for (const c of table.columns) {
    const v = form.get(c.key);
    if (typeof v === "string") values[c.key] = v;
  }
  const refuse = (error: string, status = 400) =>
    json({ intent, _id, values, error, toast: { type: "error" as const, message: error } }, status);

  if (!OBJECT_ID.test(_id)) return refuse(`No such entry: "${_id}" is not an entry id.`);
  if (Object.keys(values).length === 0) {
    return refuse(`Nothing to save: the form names none of ${table.columns.map((c) => c.key).join(", ")}.`);
  }
  const changed = Object.entries(values).filter(([key, value]) => {
    const was = form.get(`was:${key}`);
    return was === null || String(was) !== value;
  });
  if (changed.length === 0)
    return reply(io, back, { type: "warning", message: TEXTS.noChanges }, { data: { intent, ok: true } });

  const titleOf = (key: string) => table.columns.find((c) => c.key === key)?.title ?? key;
  // Every field is checked before any is sent: a refused form changes nothing (each field is its own PATCH).
  const tooLong = changed.find(
    ([key, value]) => value.trim().length > table.lengths[key as keyof typeof table.lengths],
  );
  if (tooLong) {
    const [key] = tooLong;
    return refuse(`${titleOf(key)} is at most ${table.lengths[key as keyof typeof table.lengths]} characters.`);
  }
  for (const [key, value] of changed) {
    try {
      // A cleared cell is stored as empty (a cleared status falls back to the table's default).
      await host(io.context).send("PATCH", `${table.path}/${_id}`, { [key]: value.trim() === "" ? null : value });
    } catch (error) {
      console.warn(`breeder: ${table.path}/${_id} ${key} not saved`, error);
      const issue = hostIssues(error)?.[0];
      if (issue) return refuse(`${titleOf(issue.field || key)} ${issue.message}.`);
      const refused = hostErrorOf(error);
      if (refused?.status === 404) return refuse(`${TEXTS.saveFailed(table.what)} It no longer exists.`, 404);
      return refuse(TEXTS.saveFailed(table.what), refused?.status && refused.status >= 400 ? refused.status : 500);
    }
  }
  // Not announced: the live event is quiet for the member who made the change (app/realtime/toasts.ts), so the answer
  // itself says it.
  return reply(io, back, { type: "success", message: TEXTS.updated }, { data: { intent, ok: true } });
}
