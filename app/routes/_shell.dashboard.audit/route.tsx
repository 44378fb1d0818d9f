// Audit (admin): every change with who, when, what (section, record, action) and its before and after as a
// list of field changes; filtered by section, person and time, searched, paged in SQL; a record's whole history one
// click away. Plain GET forms and links: it works without JavaScript.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { SECTION_LABELS, SECTIONS } from "#contract/access";
import { AUDIT_ENTITY_SECTIONS, entityLabel, fieldChanges, type AuditRow } from "#contract/audit";
import { requireUser } from "#app/auth/session.server";
import { ExportLink } from "#app/components/table/ExportLink";
import { LoadError } from "#app/components/HostNotice";
import { Pagination } from "#app/components/table/Pagination";
import { EmptyRow } from "#app/components/table/EmptyRow";
import { columnHeads, ScrollTable } from "#app/components/table/ScrollTable";
import { formatDateTime, timeZoneOr } from "#app/utils/dates";
import { readPreferences } from "#app/utils/preferences";
import { PAGE_SIZES, withParams } from "#app/utils/table";
import { loadAudit } from "./audit.server";
import { json } from "#app/utils/json.server";
import { Choices } from "#app/components/table/Options";

export const meta: MetaFunction = () => [{ title: "Audit · ARK Tribe Dashboard" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(request, context.auth);
  // Times in the viewer's own zone, as every other page shows them.
  return json({
    ...(await loadAudit(context, new URL(request.url))),
    timeZone: timeZoneOr(readPreferences(request).timeZone),
  });
}

const PAGE = "/dashboard/audit";
const HEADS = ["When", "Who", "Section", "Record", "Action", "Changes"];

/** One labelled filter box. */
function Filter({ label, ...input }: { label: string } & JSX.IntrinsicElements["input"]) {
  return (
    <label>
      <span>{label}</span>
      <input {...input} />
    </label>
  );
}

export default function Audit() {
  const { filters, size, page, error, timeZone } = useLoaderData<typeof loader>();
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <div className="page audit-page">
      <h1>Audit</h1>
      <p className="muted">
        Every change, newest first: who made it, when ({timeZone === "UTC" ? "UTC" : "your time"}), to what, and what it
        changed. The From and To filters are UTC days.
      </p>

      <section className="card">
        <Form method="get" className="audit-filters" aria-label="Audit filters">
          <Filter
            label="Search"
            type="search"
            name="q"
            defaultValue={filters.q}
            placeholder="Record, person or action..."
            maxLength={200}
          />
          <label>
            <span>Section</span>
            <select name="section" defaultValue={filters.section}>
              <option value="">All sections</option>
              <Choices values={SECTIONS} label={(s) => SECTION_LABELS[s]} />
            </select>
          </label>
          <Filter
            label="Person"
            name="person"
            defaultValue={filters.person}
            placeholder="Name or user:id"
            maxLength={100}
          />
          <Filter label="From" type="date" name="from" defaultValue={filters.from} />
          <Filter label="To" type="date" name="to" defaultValue={filters.to} />
          <label>
            <span>Show</span>
            <select name="size" defaultValue={String(size)}>
              <Choices values={PAGE_SIZES} />
            </select>
          </label>
          {filters.entity ? <input type="hidden" name="entity" value={filters.entity} /> : null}
          {filters.record ? <input type="hidden" name="record" value={filters.record} /> : null}
          <button type="submit" className="button primary">
            Apply
          </button>
          <Link to={PAGE} className="button">
            Reset
          </Link>
          <ExportLink />
        </Form>
        {filters.record ? (
          <p className="notice" data-testid="audit-history">
            History of {entityLabel(filters.entity || "record")} <code>{filters.record}</code>.{" "}
            <Link to={withParams(here, { entity: null, record: null, page: null })}>Show every record</Link>
          </p>
        ) : null}
        <LoadError message={error} />

        <ScrollTable className="table audit-table" testId="audit-table" caption="Audit trail" head={columnHeads(HEADS)}>
          {page.rows.length === 0 ? (
            <EmptyRow columns={HEADS.length} text={error ? "—" : "No changes match."} />
          ) : (
            page.rows.map((row) => <AuditLine key={row.id} row={row} here={here} timeZone={timeZone} />)
          )}
        </ScrollTable>
        <Pagination page={page} />
      </section>
    </div>
  );
}

type Line = Omit<AuditRow, "before" | "after"> & { before?: unknown; after?: unknown };

function AuditLine({ row, here, timeZone }: { row: Line; here: string; timeZone: string }) {
  const section = AUDIT_ENTITY_SECTIONS[row.entity];
  // The record's own id is the link beside it: a created or deleted record's `_id` is not one of its changes.
  const changes = fieldChanges(row.before, row.after)
    .filter((c) => c.field !== "_id")
    .map((c) => ({ ...c, before: readable(c.field, c.before, timeZone), after: readable(c.field, c.after, timeZone) }));
  return (
    <tr data-testid="audit-row">
      <td className="nowrap">{formatDateTime(row.at, timeZone)}</td>
      {/* The person by name; their actor id (user:{Discord id}, token:{id}) on hover. */}
      <td title={row.actorName ? row.actor : undefined} data-testid="audit-actor">
        {row.actorName ?? <span className="mono small">{row.actor}</span>}
      </td>
      <td>{section ? SECTION_LABELS[section] : "—"}</td>
      <td>
        {entityLabel(row.entity)}
        {row.entityId ? (
          <div>
            <Link
              className="mono small"
              to={withParams(here, { entity: row.entity, record: row.entityId, page: null })}
              aria-label={`History of ${entityLabel(row.entity)} ${row.entityId}`}
            >
              {row.entityId}
            </Link>
          </div>
        ) : null}
      </td>
      <td>{row.action}</td>
      <td>
        {changes.length === 0 ? (
          <span className="muted">No field changed</span>
        ) : (
          <ul className="audit-changes">
            {changes.map((c) => (
              <li key={c.field}>
                <strong>{c.field}</strong>:{" "}
                {c.before !== null ? <del className="audit-before">{short(c.before)}</del> : null}
                {c.before !== null && c.after !== null ? " → " : null}
                {c.after !== null ? <ins className="audit-after">{short(c.after)}</ins> : null}
              </li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}

/**
 * A time field's epoch milliseconds (updatedAt, lastUpdated: 1796340839000) as a date and time in the viewer's zone;
 * any other value as it is.
 */
function readable(field: string, value: string | null, timeZone: string): string | null {
  if (value === null || !/(At|Time|lastUpdated|timestamp)$/.test(field) || !/^\d{12,13}$/.test(value)) return value;
  return formatDateTime(Number(value), timeZone);
}

/** A long value (an image URL, a JSON list) cut to a readable length; the whole of it in the trail's data. */
const short = (v: string) => (v.length > 120 ? `${v.slice(0, 117)}...` : v);
