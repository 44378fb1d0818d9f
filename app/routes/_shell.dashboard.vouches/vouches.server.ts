// The Vouches page's server flow: one page of vouches from the host's paged search, and the row actions (delete, kick,
// avatar fetch), each answered by a redirect back with the product's toast so it works without JavaScript.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { json } from "#app/utils/json.server";
import { requireLevel, requireUser } from "#app/auth/session.server";
import { failureReason, host, hostErrorOf } from "#app/host/client.server";
import { backTo, formOf, reply } from "#app/utils/action.server";
import { shownPage } from "#app/utils/host-search.server";
import { pageQueryOf } from "#app/utils/table";
import type { Toast } from "#app/utils/toast";
import type { Vouch } from "#contract/community";
import { kickToast, SEARCH_FIELDS, TEXTS, toRow, type KickAnswer } from "./vouches";
import { checkVouchAction } from "./vouches-action";

export async function loadVouches(request: Request, context: AppLoadContext) {
  requireUser(request, context.auth);
  const url = new URL(request.url);
  const { q, page: requested, size } = pageQueryOf(url.searchParams);

  // One page from GET /api/vouches/search (a host without it is searched here, sorted by id). The old app only logged
  // a failure; the page says it too, never "No vouches found.".
  const shown = await shownPage<Vouch>(
    context,
    "/api/vouches",
    { q, page: requested, size },
    { fields: SEARCH_FIELDS, order: (a, b) => a.id - b.id },
    (error) => TEXTS.loadFailed(failureReason(error)),
  );
  const page = { ...shown.page, rows: shown.page.rows.map(toRow) };

  // Without JavaScript, a row's Delete and Kick lead here first: ?confirm=delete|kick&id=<_id>.
  const kind = url.searchParams.get("confirm");
  const target = url.searchParams.get("id");
  const row = target ? page.rows.find((r) => r._id === target) : undefined;
  const confirm = row && (kind === "delete" || (kind === "kick" && row.vouched)) ? { kind, row } : null;

  return json({ q, size, page, confirm, stale: shown.staleAsOf, loadError: shown.loadError });
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : String(error));

export async function vouchesAction(request: Request, context: AppLoadContext) {
  requireUser(request, context.auth);
  const form = await formOf(request);
  // Back to the page the form was on: /dashboard/vouches, or /dashboard/analytics (the same view).
  const to = backTo(form, new URL(request.url).pathname, { close: ["confirm", "id"] });
  // Forms get a redirect back with the toast in the flash cookie (replacing the confirmation's history entry when
  // JavaScript drives the form); the page's fetchers get the toast as data.
  const back = (toast: Toast | null) => reply({ request, context, form }, to, toast, { replace: true });
  // A kick acts on every Discord server: it has a level of its own (contract/access.ts).
  if (form.get("intent") === "kick") requireLevel(context.auth, "kick", "edit");
  const checked = checkVouchAction(form);
  if ("refusal" in checked) return back(checked.refusal);
  const input = checked.value;

  if (input.intent === "delete") {
    try {
      await host(context).send("DELETE", `/api/vouches/${input._id}`);
      return back({ type: "success", message: TEXTS.deleted });
    } catch (error) {
      // The host said no (404, 5xx...) versus the call itself going wrong.
      if (hostErrorOf(error)) return back({ type: "error", message: TEXTS.deleteFailed });
      console.error("vouches: delete failed", error);
      return back({ type: "error", message: TEXTS.deleteError });
    }
  }

  if (input.intent === "kick") {
    try {
      // The host marks every vouch of the user Remove Pending once a kick succeeds (docs/api/community.md).
      const answer = await host(context).send<KickAnswer>("POST", `/kick/${input.vouchedId}`);
      return back(kickToast(answer));
    } catch (error) {
      console.error("vouches: kick failed", error);
      return back({ type: "error", message: TEXTS.kickFailed(messageOf(error)) });
    }
  }

  try {
    await host(context).send("POST", `/api/vouches/${input._id}/fetch-avatar`);
    return back(null); // no words needed: the new image shows
  } catch (error) {
    console.error("vouches: avatar fetch failed", error);
    return back({ type: "error", message: TEXTS.avatarFailed(messageOf(error)) });
  }
}
