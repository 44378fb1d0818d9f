// The Codes page's server flow: read the codes through the host client and shape one page of them; edit and delete
// them and come back with the spec's toasts (part 1 section 8).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { OBJECT_ID } from "../../../contract/ids";
import { requireUser } from "../../auth/session.server";
import { host, hostErrorOf } from "../../host/client.server";
import { backTo, reply } from "../../utils/action.server";
import { errorsOf, parseForm } from "../../utils/forms";
import { matches, pageSizeFrom, paginate } from "../../utils/table";
import { storedAvatarSrc } from "../../utils/user";
import { codeForm, codeWording, PAGE_PATH, SEARCH_FIELDS, sortCodes, TEXTS, type Code, type CodeRow } from "./codes";


export async function loadCodes(request: Request, context: AppLoadContext) {
  requireUser(request, context.auth);
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.trim() ?? "";
  const size = pageSizeFrom(url.searchParams.get("size"));
  const requestedPage = Number(url.searchParams.get("page") ?? 1);

  let codes: Code[] = [];
  let stale: { asOf: number } | null = null;
  let loadError: string | null = null;
  try {
    const answer = await host(context).get<Code[]>("/api/codes");
    codes = sortCodes(answer.data);
    if (answer.stale) stale = { asOf: answer.asOf };
  } catch (error) {
    // Spec part 1 section 8: a failed load shows an empty table (and is logged).
    console.error("codes: load failed", error);
    const refused = hostErrorOf(error);
    loadError = refused ? `Failed to load codes: HTTP error! status: ${refused.status}` : "Failed to load codes.";
  }

  const found = codes.filter((c) => matches(c, q, SEARCH_FIELDS));
  const page = paginate(found, requestedPage, size);
  const rows: CodeRow[] = page.rows.map((c) => ({ ...c, avatarSrc: storedAvatarSrc(c.avatar, c.user) }));

  const editId = url.searchParams.get("edit");
  const editing = editId ? (codes.find((c) => c._id === editId) ?? null) : null;
  const deleteId = url.searchParams.get("confirm") === "delete" ? url.searchParams.get("id") : null;
  const deleting = deleteId ? (codes.find((c) => c._id === deleteId) ?? null) : null;

  return json({
    q,
    size,
    page: { ...page, rows },
    total: codes.length,
    editing,
    deleting,
    stale,
    loadError,
  });
}

export async function codesAction(request: Request, context: AppLoadContext) {
  requireUser(request, context.auth);
  const form = await request.formData();
  const io = { request, context, form };
  const intent = form.get("intent");
  const back = backTo(form, PAGE_PATH, { close: ["edit", "confirm", "id"] });

  if (intent === "update") {
    const submission = parseForm(form, codeForm, codeWording);
    if (submission.status !== "success") {
      return reply(io, back, { type: "error", message: TEXTS.updateFailed }, { status: 400, data: { errors: errorsOf(submission.error) } });
    }
    const { _id, ...fields } = submission.value;
    try {
      // Spec section 7: the body is the full code object.
      await host(context).send("PUT", `/api/codes/${_id}`, { _id, ...fields });
      return reply(io, back, { type: "success", message: TEXTS.updated });
    } catch (error) {
      console.error("codes: update failed", error);
      return reply(io, back, { type: "error", message: hostErrorOf(error) ? TEXTS.updateFailed : TEXTS.updateError });
    }
  }

  if (intent === "delete") {
    const _id = String(form.get("_id") ?? "");
    if (!OBJECT_ID.test(_id)) return reply(io, back, { type: "error", message: TEXTS.deleteFailed });
    try {
      await host(context).send("DELETE", `/api/codes/${_id}`);
      return reply(io, back, { type: "success", message: TEXTS.deleted });
    } catch (error) {
      console.error("codes: delete failed", error);
      return reply(io, back, { type: "error", message: hostErrorOf(error) ? TEXTS.deleteFailed : TEXTS.deleteError });
    }
  }

  return json({ error: "Unknown action." }, 400);
}
