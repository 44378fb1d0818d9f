// The audit trail as people read it: which section each recorded entity belongs to, the query the Audit page
// and GET /api/audit/search take, and a change's before and after as a list of field changes. Pure: the host API, the
// page and the browser share it.
import type { Section } from "./access";

/** The section each audited entity belongs to (worker/domain/*.ts name them in their audit entries). */
export const AUDIT_ENTITY_SECTIONS: Record<string, Section> = {
  vouch: "vouches",
  discord_member: "kick",
  code: "codes",
  tribelist: "tribelists",
  tribelist_entry: "tribelists",
  server_snapshot: "server-stats",
  server_snapshots: "server-stats",
  server_events: "server-stats",
  stock_item: "stock",
  item_image: "stock",
  breeder_list: "breeder",
  breeder_session_stats: "breeder",
  claim_session: "breeder",
  codes_given: "breeder",
  ffa_raising: "breeder",
  role_mapping: "breeder",
  join_log: "logs",
  removed_members: "logs",
  weekly_members: "weekly-members",
  api_token: "admin",
  source: "admin",
  alert_channel: "admin",
  role_access: "admin",
};

/** The entities of a section, for the filter. */
export const entitiesOf = (section: Section) =>
  Object.keys(AUDIT_ENTITY_SECTIONS).filter((e) => AUDIT_ENTITY_SECTIONS[e] === section);

/** An entity's name in words: "tribelist_entry" is "Tribelist entry". */
export const entityLabel = (entity: string) => (entity.charAt(0).toUpperCase() + entity.slice(1)).replace(/_/g, " ");

/** One row of the trail as the API answers it. */
export type AuditRow = {
  id: number;
  at: number;
  actor: string;
  actorName: string | null;
  entity: string;
  entityId: string | null;
  action: string;
  before: unknown;
  after: unknown;
};

export type FieldChange = { field: string; before: string | null; after: string | null };

const show = (v: unknown): string | null =>
  v === undefined || v === null ? null : typeof v === "string" ? v : JSON.stringify(v);

/**
 * A change as its fields: each field whose value differs between before and after (a created record: every field it
 * was made with; a deleted one: every field it had). Values that are not objects are one field named "value".
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const asObject = (v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : v === undefined || v === null
        ? {}
        : { value: v };
  const b = asObject(before);
  const a = asObject(after);
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields
    .map((field) => ({ field, before: show(b[field]), after: show(a[field]) }))
    .filter((c) => c.before !== c.after);
}
