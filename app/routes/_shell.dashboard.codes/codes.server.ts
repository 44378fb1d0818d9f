// The Codes page's server flow: read the codes through the host client and shape one page of them; edit and delete
// them and come back with the spec's toasts (part 1 section 8).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { z } from "zod";
import { OBJECT_ID } from "../../../contract/ids";
import { safeRedirect } from "../../auth/redirect";
import { requireUser } from "../../auth/session.server";
import { host, hostErrorOf } from "../../host/client.server";
import { matches, pageSizeFrom, paginate, withParams } from "../../utils/table";
import { redirectWithToast } from "../../utils/toast.server";
import { storedAvatarSrc } from "../../utils/user";
import { PAGE_PATH, SEARCH_FIELDS, sortCodes, type Code, type CodeRow } from "./codes";


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

/** Back to the page the form was on, with any modal closed. Only this page's own URLs are accepted. */
function backTo(form: FormData) {
  const target = safeRedirect(form.get("redirectTo"), PAGE_PATH);
  const path = target.startsWith(PAGE_PATH) ? target : PAGE_PATH;
  return withParams(path, { edit: null, confirm: null, id: null });
}

/** The Edit Code form: every field free text (spec section 5); empty text clears a field; completed is Yes/No. */
const text = z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null), z.string().nullable());
export const codeForm = z.object({
  _id: z.string().regex(OBJECT_ID),
  id: z.coerce.number().int().optional(),
  username: text,
  code: text,
  server: text,
  avatar: text,
  mainserver: text,
  location: text,
  user: text,
  completed: z.enum(["Yes", "No", "true", "false"]).transform((v) => v === "Yes" || v === "true"),
});

export async function codesAction(request: Request, context: AppLoadContext) {
  requireUser(request, context.auth);
  const form = await request.formData();
  const intent = form.get("intent");
  const back = backTo(form);

  if (intent === "update") {
    const parsed = codeForm.safeParse(Object.fromEntries(form));
    if (!parsed.success) return redirectWithToast(back, { type: "error", message: "Failed to update code. Please try again." });
    const { _id, ...fields } = parsed.data;
    try {
      // Spec section 7: the body is the full code object.
      await host(context).send("PUT", `/api/codes/${_id}`, { _id, ...fields });
      return redirectWithToast(back, { type: "success", message: "Code updated successfully!" });
    } catch (error) {
      console.error("codes: update failed", error);
      const message = hostErrorOf(error) ? "Failed to update code. Please try again." : "An error occurred while updating the code.";
      return redirectWithToast(back, { type: "error", message });
    }
  }

  if (intent === "delete") {
    const _id = String(form.get("_id") ?? "");
    if (!OBJECT_ID.test(_id)) return redirectWithToast(back, { type: "error", message: "Failed to delete code. Please try again." });
    try {
      await host(context).send("DELETE", `/api/codes/${_id}`);
      return redirectWithToast(back, { type: "success", message: "Code deleted successfully!" });
    } catch (error) {
      console.error("codes: delete failed", error);
      const message = hostErrorOf(error) ? "Failed to delete code. Please try again." : "An error occurred while deleting the code.";
      return redirectWithToast(back, { type: "error", message });
    }
  }

  return json({ error: "Unknown action." }, 400);
}
