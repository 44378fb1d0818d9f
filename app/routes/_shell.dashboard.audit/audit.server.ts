// The Audit page's server side: the filters from the URL, one page of the trail from the host (GET /api/audit/search),
// and its refusal or failure in words.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { isSection, type Section } from "#contract/access";
import type { AuditRow } from "#contract/audit";
import { failureReason, host, hostErrorOf } from "#app/host/client.server";
import { pageFrom, pageSizeFrom, placed, type Page } from "#app/utils/table";

export type AuditFilters = {
  q: string;
  section: Section | "";
  person: string;
  from: string;
  to: string;
  entity: string;
  record: string;
};

const FILTERS = ["q", "section", "person", "from", "to", "entity", "record"] as const;

export async function loadAudit(context: AppLoadContext, url: URL) {
  const get = (k: string) => (url.searchParams.get(k) ?? "").trim();
  const section = get("section");
  const filters: AuditFilters = {
    q: get("q"),
    section: isSection(section) ? section : "",
    person: get("person"),
    from: get("from"),
    to: get("to"),
    entity: get("entity"),
    record: get("record"),
  };
  const size = pageSizeFrom(url.searchParams.get("size"));
  const params = new URLSearchParams({ page: String(pageFrom(url.searchParams.get("page"))), size: String(size) });
  for (const k of FILTERS) if (filters[k]) params.set(k, filters[k]);
  const empty: Page<AuditRow> = { rows: [], total: 0, page: 1, pageCount: 1, size, from: 0, to: 0 };
  try {
    const { data } = await host(context).get<Omit<Page<AuditRow>, "from" | "to">>(`/api/audit/search?${params}`);
    return { filters, size, page: placed(data), error: null };
  } catch (error) {
    // A filter the host refused (a date that is not one, say) is the member's to fix; anything else is the host's.
    const refused = hostErrorOf(error);
    if (!refused || refused.status >= 500) console.error("audit: load failed", error);
    const message =
      refused && refused.status === 400
        ? failureReason(error)
        : `The audit trail could not be loaded: ${failureReason(error)}`;
    return { filters, size, page: empty, error: message };
  }
}
