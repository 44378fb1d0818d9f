// The player pages' CSV downloads, each under its page's path as the other pages' are (<page>/export):
//   /dashboard/players/{eosId}/export         the player's every session, newest first;
//   /dashboard/players/tribe/{tribe}/export   the tribe's heatmap, a row per weekday and hour.
// One resource route for both (a route costs every page's first load a line of the route manifest); each needs what
// its page needs (requireUser checks the path). Any other path under /dashboard/players is not found.
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
