// A player's profile page, server side: the loader reads one page of the profile in the viewer's zone
// (GET /api/players/{eosId}); the action saves the note and tags, or starts or stops the viewer's watch.
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { isEosId, playerPath, type PlayerNote, type PlayerProfile } from "#contract/players";
import { requireUser } from "#app/auth/session.server";
import { failureReason, host, hostErrorOf } from "#app/host/client.server";
import { backTo, formOf, hostConflict, hostFieldErrors, refuse, refuseConflict, reply } from "#app/utils/action.server";
import { timeZoneOr } from "#app/utils/dates";
import { apiWording } from "#app/utils/forms";
import { json } from "#app/utils/json.server";
import { readPreferences } from "#app/utils/preferences";
import { pageFrom, placed } from "#app/utils/table";
import { listOf, platformName, withList } from "#app/utils/players-view.server";
import { parseNote } from "./note";

/** The profile as the page shows it: the host's answer with the list badges and the platform's name. */
const viewOf = (p: PlayerProfile) => ({
  ...p,
  list: listOf(p.status, p.tribe),
  platformName: platformName(p.platform),
  // The page's place in the list too ("Showing 26 to 50 of 80 entries").
  sessions: placed({ ...p.sessions, rows: p.sessions.rows.map((s) => withList(s)) }),
});
export type ProfileView = ReturnType<typeof viewOf>;

/** The EOS id of the address, in the lower case the host keeps; an address in upper case is sent to that one. */
function eosIdOf(request: Request, param: string | undefined) {
  const eosId = (param ?? "").toLowerCase();
  if (eosId !== param && isEosId(eosId)) {
    const url = new URL(request.url);
    throw redirect(playerPath(eosId) + url.search);
  }
  return eosId;
}

export async function loadProfile(request: Request, context: AppLoadContext, param: string | undefined) {
  requireUser(request, context.auth);
  const eosId = eosIdOf(request, param);
  const url = new URL(request.url);
  const timeZone = timeZoneOr(readPreferences(request).timeZone);
  const base = { eosId, timeZone, profile: null as ProfileView | null, missing: false, error: null as string | null };
  // Never seen (or no EOS id at all): the page says so, answered 404.
  if (!isEosId(eosId)) return json({ ...base, missing: true }, { status: 404 });
  const query = new URLSearchParams({ tz: timeZone, page: String(pageFrom(url.searchParams.get("page"))) });
  try {
    const { data } = await host(context).get<PlayerProfile>(`/api/players/${eosId}?${query}`);
    return json({ ...base, profile: viewOf(data) });
  } catch (error) {
    if (hostErrorOf(error)?.status === 404) return json({ ...base, missing: true }, { status: 404 });
    console.error("players: profile failed", eosId, error);
    return json({ ...base, error: failureReason(error) });
  }
}

export type ProfileData = Awaited<ReturnType<typeof loadProfile>>;

const NOTE_WORDING = (field: string, message: string) =>
  field === "text" ? `Note ${message}` : apiWording(field, message);

export async function profileAction(request: Request, context: AppLoadContext, param: string | undefined) {
  requireUser(request, context.auth);
  // The form first, as every action reads it: a body that cannot be read is refused before anything else.
  const form = await formOf(request);
  const eosId = (param ?? "").toLowerCase();
  if (!isEosId(eosId)) throw new Response("Not Found", { status: 404 });
  const io = { request, context, form };
  const back = backTo(form, playerPath(eosId));
  const intent = form.get("intent");

  if (intent === "watch") {
    const watch = form.get("watch") === "true";
    try {
      const answer = await host(context).send<{ watching: boolean; watchers: number }>(
        "PUT",
        `/api/players/${eosId}/watch`,
        { watch },
      );
      const message = answer.watching
        ? "Watching this player: you will get a notification when they come online."
        : "Stopped watching this player.";
      return reply(io, back, { type: "success", message }, { data: { intent, ...answer } });
    } catch (error) {
      console.error("players: watch failed", eosId, error);
      return reply(io, back, { type: "error", message: `Could not change the watch: ${failureReason(error)}` });
    }
  }

  if (intent === "note") {
    const parsed = parseNote(form);
    const data = { intent, values: parsed.values };
    if (!parsed.ok) return refuse(parsed.errors, { data });
    try {
      await host(context).send<PlayerNote>("PUT", `/api/players/${eosId}/note`, parsed.body);
      return reply(io, back, { type: "success", message: "Note saved." }, { data: { intent } });
    } catch (error) {
      // Someone else saved first: nothing was written; the form shows their note and saves on top of it next time.
      const current = hostConflict<PlayerNote>(error);
      if (current) return refuseConflict(current, parsed.values, "Someone else changed this note.", data);
      const fields = hostFieldErrors(error, ["text", "tags"], NOTE_WORDING);
      if (fields) return refuse(fields, { data });
      console.error("players: note failed", eosId, error);
      const status = hostErrorOf(error)?.status ?? 500;
      return refuse({ form: `Could not save the note: ${failureReason(error)}` }, { status, data });
    }
  }

  return json({ toast: { type: "error", message: "Unknown action." } }, { status: 400 });
}
