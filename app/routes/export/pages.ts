// The pages whose tables download as CSV: each at <page>/export, with the page's own query. remix.config.js
// maps this folder's route module at each of them, so a download sits under its section's path and needs what the
// page needs (contract/access.ts pageNeed). Pure, so the config can import it.
import { SERVER_IDS } from "#contract/servers";

export const EXPORT_PAGES = [
  "vouches",
  "analytics",
  "codes",
  "tribelists",
  "logs",
  ...SERVER_IDS.map((id) => `server-stats-${id}` as const),
  "stock-2411",
  "breeder-stats",
  "weekly-members",
  "audit",
] as const;
export type ExportPage = (typeof EXPORT_PAGES)[number];

export const isExportPage = (v: unknown): v is ExportPage => (EXPORT_PAGES as readonly unknown[]).includes(v);

/** The download of what a page shows: its path and query, with /export after the path and the page number dropped. */
export function exportHref(pathname: string, search: string) {
  const params = new URLSearchParams(search);
  for (const name of ["page", "size", "edit", "confirm", "id", "dialog", "add", "_data"]) params.delete(name);
  const query = params.toString();
  return `${pathname.replace(/\/$/, "")}/export${query ? `?${query}` : ""}`;
}
