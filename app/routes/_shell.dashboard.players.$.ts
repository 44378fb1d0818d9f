// The player pages' CSVs under their pages' paths: /dashboard/players/{eosId}/export (every session, newest first) and
// /dashboard/players/tribe/{tribe}/export (the heatmap, a row per weekday and hour). One route for both, since a route
// costs every first load a line of the manifest; anything else under /dashboard/players is not found.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isEosId } from "#contract/players";
import { requireUser } from "#app/auth/session.server";
import { csvDownload } from "#app/utils/export.server";
import { heatmapTable, sessionsTable } from "#app/utils/players-export.server";

const PREFIX = "/dashboard/players/";

/** The path's parts after /dashboard/players/, each decoded on its own: the router's splat has already turned a tribe
 *  name's "%2F" into "/", which would split the name. */
const partsOf = (request: Request) =>
  new URL(request.url).pathname
    .slice(PREFIX.length)
    .split("/")
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return "";
      }
    });

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(request, context.auth);
  const parts = partsOf(request);
  if (parts.length === 2 && parts[1] === "export" && isEosId(parts[0].toLowerCase()))
    return csvDownload(request, context, sessionsTable(parts[0].toLowerCase()));
  if (parts.length === 3 && parts[0] === "tribe" && parts[2] === "export" && parts[1].trim())
    return csvDownload(request, context, heatmapTable(parts[1].trim()));
  throw new Response("Not Found", { status: 404 });
}
