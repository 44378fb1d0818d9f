// A tribe's page, server side: its players, heatmap and quiet windows in the viewer's zone (GET /api/tribes/{tribe}).
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { TribeProfile } from "#contract/players";
import { requireUser } from "#app/auth/session.server";
import { failureReason, host, hostErrorOf } from "#app/host/client.server";
import { timeZoneOr } from "#app/utils/dates";
import { json } from "#app/utils/json.server";
import { readPreferences } from "#app/utils/preferences";
import { withList } from "#app/utils/players-view.server";

/** The tribe as the page shows it: each member with their list badge. */
const viewOf = (t: TribeProfile) => ({ ...t, members: t.members.map((m) => withList(m, t.tribe)) });
export type TribeView = ReturnType<typeof viewOf>;

export async function loadTribe(request: Request, context: AppLoadContext, param: string | undefined) {
  requireUser(request, context.auth);
  const name = (param ?? "").trim();
  const timeZone = timeZoneOr(readPreferences(request).timeZone);
  const base = { name, timeZone, tribe: null as TribeView | null, missing: false, error: null as string | null };
  if (!name) return json({ ...base, missing: true }, { status: 404 });
  try {
    const path = `/api/tribes/${encodeURIComponent(name)}?tz=${encodeURIComponent(timeZone)}`;
    const { data } = await host(context).get<TribeProfile>(path);
    return json({ ...base, tribe: viewOf(data) });
  } catch (error) {
    if (hostErrorOf(error)?.status === 404) return json({ ...base, missing: true }, { status: 404 });
    console.error("players: tribe failed", name, error);
    return json({ ...base, error: failureReason(error) });
  }
}
