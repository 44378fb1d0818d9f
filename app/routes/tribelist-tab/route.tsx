// /dashboard/tribelist-2411, -2573 and -2446 ("Router") open that server's tab of the Tribelists page.
// One route module for the three paths (remix.config.js maps it at each); it reads the server from the URL.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { requireUser } from "#app/auth/session.server";
import { isServerId } from "#contract/servers";
import { withParams } from "#app/utils/table";
import { PAGE_PATH } from "#app/routes/_shell.dashboard.tribelists/tribelists";

export function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(request, context.auth);
  const url = new URL(request.url);
  const server = /^\/dashboard\/tribelist-(\d+)\/?$/.exec(url.pathname)?.[1];
  if (!isServerId(server)) throw new Response("Not Found", { status: 404 });
  throw redirect(withParams(PAGE_PATH, { tab: server }));
}
