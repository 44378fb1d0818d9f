// The generic Server Stats page (spec part 2 section 2): tabs 2411 Playerlist, 2573 Playerlist and 2446 Playerlist,
// each placeholder text only. The placeholder says where the live playerlist is and links to that server's page.
// The tab lives in the URL (?tab=2573), so it works without JavaScript.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "../../auth/session.server";
import { Icon } from "../../components/icons";
import { GENERIC_PATH, pagePath, SERVERS } from "../server-stats-page/servers";
import { isServerId, SERVER_IDS, type ServerId } from "../../../contract/servers";
import styles from "../../styles/server-stats.css?url";

export const meta: MetaFunction = () => [{ title: "Server Stats · ARK Tribe Dashboard" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(request, context.auth);
  const tab = new URL(request.url).searchParams.get("tab");
  return json({ tab: isServerId(tab) ? tab : ("2411" as ServerId) });
}

export default function ServerStats() {
  const { tab } = useLoaderData<typeof loader>();
  const server = SERVERS[tab];
  return (
    <div className="server-stats generic-stats">
      <div className="page-header">
        <h1>Server Stats</h1>
      </div>
      <nav className="tabs" aria-label="Server Stats tabs">
        {SERVER_IDS.map((id) => (
          <Link
            key={id}
            to={`${GENERIC_PATH}?tab=${id}`}
            className={id === tab ? "tab active" : "tab"}
            aria-current={id === tab ? "page" : undefined}
            preventScrollReset
          >
            {id} Playerlist
          </Link>
        ))}
      </nav>
      <section className="card placeholder-card" data-testid="placeholder">
        <h2>{tab} Playerlist</h2>
        <p className="muted">
          The live playerlist of {server.shortName} ({server.fullName}) is on its own page, with its join and leave logs
          and the tribemember, unknown, enemy and friendly activity.
        </p>
        <Link to={pagePath(tab)} className="button primary">
          <Icon name="server" size={16} /> Open {server.title}
        </Link>
      </section>
    </div>
  );
}
