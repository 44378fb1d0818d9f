// The old app's search-result target; its real view is the Logs page.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { requireUser } from "#app/auth/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(request, context.auth);
  const q = new URL(request.url).searchParams.get("q");
  throw redirect(`/dashboard/logs?tab=join-log${q ? `&q=${encodeURIComponent(q)}` : ""}`);
}
