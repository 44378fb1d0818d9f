// 2411 Server Stats (spec part 2: "Server stats screens"). The page, its loader and its action are shared by the three
// servers' routes: app/components/servers/.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { ServerStatsPage } from "../../components/servers/ServerStatsPage";
import { loadServerStats, serverStatsAction } from "../../components/servers/stats.server";
import styles from "../../styles/server-stats.css?url";

export const meta: MetaFunction = () => [{ title: "2411 Server Stats · ARK Tribe Dashboard" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const loader = ({ request, context }: LoaderFunctionArgs) => loadServerStats(request, context, "2411");
export const action = ({ request, context }: ActionFunctionArgs) => serverStatsAction(request, context, "2411");

export default function ServerStats2411() {
  return <ServerStatsPage />;
}
