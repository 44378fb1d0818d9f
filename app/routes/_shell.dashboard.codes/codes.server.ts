// The Codes page's server flow: read the codes through the host client and shape one page of them; edit and delete
// them and come back with the product's toasts.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { json } from "#app/utils/json.server";
import { OBJECT_ID } from "#contract/ids";
import { requireUser } from "#app/auth/session.server";
import { host, hostErrorOf } from "#app/host/client.server";
import { backTo, formOf, hostConflict, refuseConflict, reply } from "#app/utils/action.server";
import { errorsOf } from "#app/utils/forms";
import { shownPage } from "#app/utils/host-search.server";
import { pageQueryOf } from "#app/utils/table";
import { storedAvatarSrc } from "#app/utils/user";
import { checkCode } from "./codes-form";
import type { Code } from "#contract/codes";
import { byId, FORM_FIELDS, PAGE_PATH, SEARCH_FIELDS, TEXTS, type CodeRow } from "./codes";

export async function loadCodes(request: Request, context: AppLoadContext) {
  requireUser(request, context.auth);
  const url = new URL(request.url);
  const { q, page: requestedPage, size } = pageQueryOf(url.searchParams);

  // One page searched and counted by the host (SQL), not the whole list. The old app showed an empty table when the
  // load failed (and logged it); here the page says so, with Retry.
  const { page, all, staleAsOf, loadError } = await shownPage<Code>(
    context,
    "/api/codes",
    { q, page: requestedPage, size },
    { fields: SEARCH_FIELDS, order: byId },
    (error) => {
      const refused = hostErrorOf(error);
      return refused ? `Failed to load codes: HTTP error! status: ${refused.status}` : "Failed to load codes.";
    },
  );
  const total = all ?? page.total;
  const stale = staleAsOf ? { asOf: staleAsOf } : null;

  const rows: CodeRow[] = page.rows.map((c) => ({ ...c, avatarSrc: storedAvatarSrc(c.avatar, c.user) }));

  // The edit and delete dialogs open on a row of the page being shown.
  const onPage = (id: string | null) => (id ? (page.rows.find((c) => c._id === id) ?? null) : null);
  const editing = onPage(url.searchParams.get("edit"));
  const deleting = url.searchParams.get("confirm") === "delete" ? onPage(url.searchParams.get("id")) : null;

  return json({
    q,
    size,
    page: { ...page, rows },
    total,
    editing,
    deleting,
    stale,
    loadError,
  });
}

export async function codesAction(request: Request, context: AppLoadContext) {
  requireUser(request, context.auth);
  const form = await formOf(request);
  const io = { request, context, form };
  const intent = form.get("intent");
  const back = backTo(form, PAGE_PATH, { close: ["edit", "confirm", "id"] });

  if (intent === "update") {
    const submission = checkCode(form);
    if (submission.status !== "success") {
      return reply(
        io,
        back,
        { type: "error", message: TEXTS.updateFailed },
        { status: 400, data: { errors: errorsOf(submission.error) } },
      );
    }
    const { _id, ...fields } = submission.value;
    try {
      // The body is the full code object.
      await host(context).send("PUT", `/api/codes/${_id}`, { _id, ...fields });
      return reply(io, back, { type: "success", message: TEXTS.updated });
    } catch (error) {
      // Someone else saved the code first: nothing was written; the page shows their values beside these.
      const current = hostConflict<Code>(error);
      if (current) {
        const submitted = Object.fromEntries(FORM_FIELDS.map((k) => [k, String(form.get(k) ?? "")]));
        return refuseConflict(current, submitted, TEXTS.conflict);
      }
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
