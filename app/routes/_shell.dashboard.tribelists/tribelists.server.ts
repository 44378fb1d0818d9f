// The Tribelists page's server flow: read one server's list through the host client, count, filter, search and page
// it; add, edit, delete and clear entries, answering with a redirect and a toast (or the form's errors).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { json, redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { OBJECT_ID } from "../../../contract/ids";
import { safeRedirect } from "../../auth/redirect";
import { requireUser } from "../../auth/session.server";
import { host, hostErrorOf, type HostError } from "../../host/client.server";
import { readRememberedTab } from "../../utils/remembered-tab";
import { matches, pageSizeFrom, paginate, withParams } from "../../utils/table";
import { redirectWithToast } from "../../utils/toast.server";
import { storedAvatarSrc } from "../../utils/user";
import type { Toast } from "../../utils/toast";
import {
  countEntries,
  DEFAULT_SERVER,
  filterFrom,
  inFilter,
  isServer,
  listPath,
  NATIONALITIES,
  PAGE_PATH,
  RANKS,
  SEARCH_FIELDS,
  SERVER_NAMES,
  serverFrom,
  sortEntries,
  TAB_COOKIE,
  type Entry,
  type EntryRow,
  type Server,
} from "./tribelists";


/** A short fingerprint of a list, so the browser can tell when it changed (for "Last updated"). */
function fingerprint(entries: Entry[]) {
  const text = JSON.stringify(entries);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16);
}

/** Spec part 1 section 8: "Failed to load tribelist-{server} data: HTTP error! status: {n}" (2411: the bare name). */
function loadErrorMessage(server: Server, error: unknown) {
  const name = server === "2411" ? "tribelist" : `tribelist-${server}`;
  const refused = hostErrorOf(error);
  if (refused) return `Failed to load ${name} data: HTTP error! status: ${refused.status}`;
  return `Failed to load ${name} data: ${error instanceof Error ? error.message : String(error)}`;
}

export async function loadTribelist(request: Request, context: AppLoadContext) {
  requireUser(request, context.auth);
  const url = new URL(request.url);
  const remembered = readRememberedTab(request, { cookie: TAB_COOKIE, path: PAGE_PATH, isTab: isServer, fallback: DEFAULT_SERVER });
  const server = remembered.tab;
  const filter = filterFrom(url.searchParams.get("filter"));
  const q = url.searchParams.get("q")?.trim() ?? "";
  const size = pageSizeFrom(url.searchParams.get("size"));

  let entries: Entry[] = [];
  let fetchedAt = Date.now();
  let stale = false;
  let loadError: string | null = null;
  try {
    const answer = await host(context).get<Entry[]>(listPath(server));
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
  let known: Record<string, string> = {};
  if (page.rows.some((e) => e.discordId)) {
    known = await host(context)
      .get<Record<string, string>>("/api/vouches/avatar-cache")
      .then((a) => a.data)
      .catch(() => ({}));
  }
  const rows: EntryRow[] = page.rows.map((e) => ({
    ...e,
    avatar: storedAvatarSrc(e.discordId ? (known[e.discordId] ?? null) : null, e.discordId),
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

const LABELS: Record<string, string> = { name: "Name", discordId: "Discord ID", rank: "Rank", nationality: "Nationality" };

const optional = (v: unknown) => (typeof v === "string" ? v.trim() : "");
const choice = (options: readonly string[], label: string) =>
  z.preprocess(optional, z.string().refine((v) => v === "" || options.includes(v), `${label} must be ${options.join(", ")} or none.`));

/** The add and edit rows' fields (spec section 3). The name is required (spec section 5 disables Add/Save without it). */
export const entryForm = z.object({
  name: z.preprocess(optional, z.string().min(1, "Name is required.").max(100, "Name is at most 100 characters.")),
  discordId: z.preprocess(optional, z.string().regex(/^(\d{17,20})?$/, "Discord ID must be 17 to 20 digits, or empty.")),
  rank: choice(RANKS, "Rank"),
  nationality: choice(NATIONALITIES, "Nationality"),
});

export type FormErrors = Partial<Record<"name" | "discordId" | "rank" | "nationality" | "form", string>>;
export type FormFailure = { intent: "add" | "update"; _id?: string; errors: FormErrors; values: Record<string, string> };

/** Back to the page the form was on, with the add row, edit row and confirmations closed. Only this page's URLs. */
function backTo(form: FormData, server: Server) {
  const target = safeRedirect(form.get("redirectTo"), "");
  const path = target.startsWith(PAGE_PATH) ? target : withParams(PAGE_PATH, { tab: server });
  return withParams(path, { edit: null, add: null, confirm: null, id: null });
}

/**
 * A success: with the live socket connected (the form says so), the live event raises the same toast in every browser,
 * this one included, so the redirect carries none; without it (no JavaScript), the redirect carries it.
 */
const done = (to: string, live: boolean, toast: Toast) => (live ? redirect(to) : redirectWithToast(to, toast));

/** The host's refusal as a form error: "discordId: must be ..." becomes "Discord ID must be ...". */
function hostErrors(error: HostError): FormErrors {
  const field = error.body?.field;
  const reason = (error.body?.message ?? "").replace(/^[\w.]+:\s*/, "");
  if (field && field in LABELS) return { [field]: `${LABELS[field]} ${reason}.`.replace(/\.\.$/, ".") };
  return { form: error.body?.message ?? `The host refused the entry (${error.status}).` };
}

export async function tribelistAction(request: Request, context: AppLoadContext) {
  requireUser(request, context.auth);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const server = serverFrom(form.get("tab"));
  const path = listPath(server);
  const back = backTo(form, server);
  const live = form.get("live") === "1";
  const values = Object.fromEntries(
    ["name", "discordId", "rank", "nationality"].map((k) => [k, typeof form.get(k) === "string" ? String(form.get(k)) : ""]),
  );

  if (intent === "add" || intent === "update") {
    const _id = intent === "update" ? String(form.get("_id") ?? "") : undefined;
    const fail = (errors: FormErrors, status = 400) => json<FormFailure>({ intent, _id, errors, values }, { status });
    if (_id !== undefined && !OBJECT_ID.test(_id)) return fail({ form: "That entry does not exist." }, 404);
    const parsed = entryForm.safeParse(values);
    if (!parsed.success) {
      const errors: FormErrors = {};
      for (const issue of parsed.error.issues) errors[issue.path[0] as keyof FormErrors] ??= issue.message;
      return fail(errors);
    }
    const body = parsed.data;
    try {
      if (intent === "add") {
        const added = await host(context).send<Entry>("POST", path, body);
        return done(back, live, { type: "success", message: `Added entry: ${added.name}.` });
      }
      // Spec section 7: PUT carries the whole edited entry (username and order ride along unchanged).
      const order = String(form.get("order") ?? "").trim();
      const whole = { _id, ...body, username: optional(form.get("username")) || null, order: order === "" ? null : Number(order) };
      const saved = await host(context).send<Entry>("PUT", `${path}/${_id}`, whole);
      return done(back, live, { type: "success", message: `Updated entry: ${saved.name}.` });
    } catch (error) {
      console.error(`tribelists: ${intent} failed`, server, error);
      const refused = hostErrorOf(error);
      if (refused?.status === 400) return fail(hostErrors(refused));
      if (refused?.status === 404) return fail({ form: "That entry no longer exists." }, 404);
      const verb = intent === "add" ? "add the entry" : "save the entry";
      return fail({ form: `Could not ${verb}. Please try again.` }, refused && refused.status >= 400 ? refused.status : 500);
    }
  }

  if (intent === "delete") {
    const _id = String(form.get("_id") ?? "");
    try {
      if (!OBJECT_ID.test(_id)) return redirectWithToast(back, { type: "error", message: "That entry was already removed." });
      const answer = await host(context).send<{ message?: string }>("DELETE", `${path}/${_id}`);
      return done(back, live, { type: "success", message: answer?.message ?? `Removed entry: ${_id}.` });
    } catch (error) {
      console.error("tribelists: delete failed", server, error);
      const message =
        hostErrorOf(error)?.status === 404
          ? "That entry was already removed."
          : "Could not remove the entry. Please try again.";
      return redirectWithToast(back, { type: "error", message });
    }
  }

  if (intent === "clear") {
    try {
      const answer = await host(context).send<{ deleted?: number }>("DELETE", path);
      const deleted = answer?.deleted ?? 0;
      if (deleted === 0) return redirectWithToast(back, { type: "warning", message: `The ${server} tribelist is already empty.` });
      return done(back, live, { type: "warning", message: `Cleared the ${server} tribelist (${deleted} entries).` });
    } catch (error) {
      console.error("tribelists: clear failed", server, error);
      return redirectWithToast(back, { type: "error", message: `Could not clear the ${server} tribelist. Please try again.` });
    }
  }

  return json({ error: "Unknown action." }, 400);
}
