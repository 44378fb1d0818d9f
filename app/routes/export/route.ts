// GET <page>/export?<the page's query>: the page's table as a CSV download. One module, mapped by
// remix.config.js under each exportable page's path, so the download needs what its page needs (requireUser checks
// pageNeed from the path); the table is read by the page's own loader code (tables.server.ts).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { routedPath } from "#contract/access";
import { requireUser } from "#app/auth/session.server";
import { csvDownload, pageOfExport } from "#app/utils/export.server";
import { isExportPage } from "./pages";
import { TABLE_READERS } from "./tables.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(request, context.auth);
  const page = routedPath(pageOfExport(new URL(request.url)).pathname).replace(/^\/dashboard\//, "");
  if (!isExportPage(page)) throw new Response("Not Found", { status: 404 });
  return csvDownload(request, context, TABLE_READERS[page]);
}
