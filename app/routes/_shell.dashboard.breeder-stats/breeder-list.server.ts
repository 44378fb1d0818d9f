// The Breeder List tab's server flow (spec part 2: "Breeder page", sections 3-9). STUB: the sheet-engine version
// replaces this file; the route calls only the three exports below.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { host } from "../../host/client.server";
import { matches, paginate } from "../../utils/table";

export type BreederRow = { _id: string; Dino: string; [column: string]: unknown };

/** The Breeder List tab's data for one page view (url carries q, page, server filter and toggles). */
export async function loadBreederList(context: AppLoadContext, url: URL) {
  const rows = await host(context)
    .get<BreederRow[]>("/api/breeder-list")
    .then((a) => a.data)
    .catch(() => [] as BreederRow[]);
  const q = url.searchParams.get("q")?.trim() ?? "";
  const found = q ? rows.filter((r) => matches(r, q, Object.keys(r) as (keyof BreederRow)[])) : rows;
  return { page: paginate(found, Number(url.searchParams.get("page") ?? 1), 100) };
}
export type BreederListData = Awaited<ReturnType<typeof loadBreederList>>;

/** The intents the Breeder List tab's forms and fetchers post. */
export const LIST_INTENTS = ["save", "save-row", "order", "move", "colour"] as const;
export const isListIntent = (v: unknown) => typeof v === "string" && (LIST_INTENTS as readonly string[]).includes(v);

export async function breederListAction(_request: Request, _context: AppLoadContext, form: FormData) {
  return json({ intent: form.get("intent"), error: "Not built yet." }, 400);
}
