// The Tribelists page's server flow: read one server's list through the host client, count, filter, search and page
// it; add, edit, delete and clear entries, answering with a redirect and a toast (or the form's errors).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { json } from "#app/utils/json.server";
import { OBJECT_ID } from "#contract/ids";
import { requireUser } from "#app/auth/session.server";
import { avatarsOf } from "#app/utils/avatars.server";
import { host, hostErrorOf } from "#app/host/client.server";
import type { Conflict, FieldErrors } from "#app/utils/action";
import { backTo, formOf, hostConflict, hostFieldErrors, refuse, refuseConflict, reply } from "#app/utils/action.server";
import { errorsOf } from "#app/utils/forms";
import { readRememberedTab } from "#app/utils/remembered-tab";
import { matches, pageSizeFrom, paginate, withParams } from "#app/utils/table";
import type { Toast } from "#app/utils/toast";
import {
  CONFLICT_TEXT,
  countEntries,
  entryWording,
  filterFrom,
  FORM_FIELDS,
  inFilter,
  listPath,
  PAGE_PATH,
  SEARCH_FIELDS,
  SERVER_NAMES,
  serverFrom,
  sortEntries,
  TAB_MEMORY,
  type EntryRow,
  type FormField,
  type Server,
} from "./tribelists";
import type { TribelistEntry } from "#contract/tribelists";
import { parseEntry } from "./tribelists-form";

/** A short fingerprint of a list, so the browser can tell when it changed (for "Last updated"). */
function fingerprint(entries: TribelistEntry[]) {
  const text = JSON.stringify(entries);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16);
}

/** "Failed to load tribelist-{server} data: HTTP error! status: {n}" (2411: the bare name), as the old app said. */
function loadErrorMessage(server: Server, error: unknown) {
  const name = server === "2411" ? "tribelist" : `tribelist-${server}`;
  const refused = hostErrorOf(error);
  if (refused) return `Failed to load ${name} data: HTTP error! status: ${refused.status}`;
  return `Failed to load ${name} data: ${error instanceof Error ? error.message : String(error)}`;
}

export async function loadTribelist(request: Request, context: AppLoadContext) {
  requireUser(request, context.auth);
  const url = new URL(request.url);
  const remembered = readRememberedTab(request, TAB_MEMORY);
  const server = remembered.tab;
  const filter = filterFrom(url.searchParams.get("filter"));
  const q = url.searchParams.get("q")?.trim() ?? "";
  const size = pageSizeFrom(url.searchParams.get("size"));

  let entries: TribelistEntry[] = [];
  let fetchedAt = Date.now();
  let stale = false;
  let loadError: string | null = null;
  try {
    const answer = await host(context).get<TribelistEntry[]>(listPath(server));
    entries = sortEntries(answer.data);
    if (answer.stale) {
      stale = true;
      fetchedAt = answer.asOf;
    }
  } catch (error) {
    console.error("tribelists: load failed", server, error);
    loadError = loadErrorMessage(server, error);
  }

  const positioned = entries.map((e, i) => ({ ...e, position: i + 1 }));
  const found = positioned.filter((e) => inFilter(e, filter) && matches(e, q, SEARCH_FIELDS));
  const page = paginate(found, Number(url.searchParams.get("page") ?? 1), size);

  // Avatars: the ones the dashboard knows (vouches' avatars and Discord's records), else the default by id modulo 5.
  const avatar = await avatarsOf(
    context,
    page.rows.map((e) => e.discordId),
  );
  const rows: EntryRow[] = page.rows.map((e) => ({
    ...e,
    avatar: avatar(e.discordId),
  }));

  const editId = url.searchParams.get("edit");
  const confirm = url.searchParams.get("confirm");
  const confirmId = url.searchParams.get("id");
  const byId = (id: string | null) => (id ? (positioned.find((e) => e._id === id) ?? null) : null);

  return json(
    {
      server,
      serverName: SERVER_NAMES[server],
      hasTabParam: remembered.hasTabParam,
      q,
      filter,
      size,
      counts: countEntries(entries),
      page: { ...page, rows },
      editing: byId(editId),
      adding: url.searchParams.get("add") === "1",
      confirm:
        confirm === "clear"
          ? ({ kind: "clear" } as const)
          : confirm === "delete" && byId(confirmId)
            ? ({ kind: "delete", entry: byId(confirmId)! } as const)
            : null,
      fetchedAt,
      stale,
      signature: fingerprint(entries),
      loadError,
    },
    { headers: remembered.headers },
  );
}

// ---- Writes ---------------------------------------------------------------------------------------------------------

/** A refused add or edit: the form's errors and what was typed, to show the form again (with or without JavaScript). */
export type FormFailure = {
  intent: "add" | "update";
  _id?: string;
  errors: FieldErrors;
  values: Record<FormField, string>;
  /** Refused because someone else saved the entry first (409): the entry as it now is. */
  conflict?: Conflict<TribelistEntry>;
};

export async function tribelistAction(request: Request, context: AppLoadContext) {
  requireUser(request, context.auth);
  const form = await formOf(request);
  const io = { request, context, form };
  const intent = String(form.get("intent") ?? "");
  const server = serverFrom(form.get("tab"));
  const path = listPath(server);
  const back = backTo(form, PAGE_PATH, {
    close: ["edit", "add", "confirm", "id"],
    fallback: withParams(PAGE_PATH, { tab: server }),
  });
  // A success: its live event raises the same toast in every browser, this one included (see Answer.announced).
  const done = (toast: Toast) => reply(io, back, toast, { announced: true });
  const fail = (toast: Toast) => reply(io, back, toast);
  const values = Object.fromEntries(
    FORM_FIELDS.map((k) => [k, typeof form.get(k) === "string" ? String(form.get(k)) : ""]),
  ) as FormFailure["values"];

  if (intent === "add" || intent === "update") {
    const _id = intent === "update" ? String(form.get("_id") ?? "") : undefined;
    const refused = (errors: FieldErrors, status = 400) => refuse(errors, { status, data: { intent, _id, values } });
    if (_id !== undefined && !OBJECT_ID.test(_id)) return refused({ form: "That entry does not exist." }, 404);
    const submission = parseEntry(intent, form);
    if (submission.status !== "success") return refused(errorsOf(submission.error));
    try {
      if (intent === "add") {
        const added = await host(context).send<TribelistEntry>("POST", path, submission.value);
        return done({ type: "success", message: `Added entry: ${added.name}.` });
      }
      // PUT carries the whole edited entry (username and order ride along unchanged).
      const saved = await host(context).send<TribelistEntry>("PUT", `${path}/${_id}`, { ...submission.value, _id });
      return done({ type: "success", message: `Updated entry: ${saved.name}.` });
    } catch (error) {
      // Someone else saved the entry first: nothing was written; the row shows their values beside these.
      const current = hostConflict<TribelistEntry>(error);
      if (current) return refuseConflict(current, values, CONFLICT_TEXT, { intent, _id, values });
      console.error(`tribelists: ${intent} failed`, server, error);
      const host400 = hostFieldErrors(error, FORM_FIELDS, entryWording);
      if (host400) return refused(host400);
      const status = hostErrorOf(error)?.status;
      if (status === 400)
        return refused({ form: hostErrorOf(error)?.body?.message ?? "The host refused the entry (400)." });
      if (status === 404) return refused({ form: "That entry no longer exists." }, 404);
      const verb = intent === "add" ? "add the entry" : "save the entry";
      return refused({ form: `Could not ${verb}. Please try again.` }, status && status >= 400 ? status : 500);
    }
  }

  if (intent === "delete") {
    const _id = String(form.get("_id") ?? "");
    try {
      if (!OBJECT_ID.test(_id)) return fail({ type: "error", message: "That entry was already removed." });
      const answer = await host(context).send<{ message?: string }>("DELETE", `${path}/${_id}`);
      return done({ type: "success", message: answer?.message ?? `Removed entry: ${_id}.` });
    } catch (error) {
      console.error("tribelists: delete failed", server, error);
      const message =
        hostErrorOf(error)?.status === 404
          ? "That entry was already removed."
          : "Could not remove the entry. Please try again.";
      return fail({ type: "error", message });
    }
  }

  if (intent === "clear") {
    try {
      const answer = await host(context).send<{ deleted?: number }>("DELETE", path);
      const deleted = answer?.deleted ?? 0;
      if (deleted === 0) return fail({ type: "warning", message: `The ${server} tribelist is already empty.` });
      return done({ type: "warning", message: `Cleared the ${server} tribelist (${deleted} entries).` });
    } catch (error) {
      console.error("tribelists: clear failed", server, error);
      return fail({ type: "error", message: `Could not clear the ${server} tribelist. Please try again.` });
    }
  }

  return json({ error: "Unknown action." }, 400);
}
