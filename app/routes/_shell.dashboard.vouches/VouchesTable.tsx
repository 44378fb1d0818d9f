// The vouches' columns, shared by the canvas grid and the accessible HTML table (what the server renders, what shows
// before hydration and without JavaScript). Delete and Kick lead to the server-rendered confirmation step; the avatar
// fetch is a form button.
import { Form, Link } from "@remix-run/react";
import { HtmlTable } from "#app/components/grid/HtmlTable";
import { TONE_COLORS } from "#app/components/grid/tones";
import { idColumn } from "#app/components/MemberName";
import type { GridColumnDef } from "#app/components/grid/types";
import { Icon } from "#app/components/icons";
import { perRow } from "#app/utils/table";
import { statusTone, type VouchRow } from "./vouches";

/** The page a URL is on: its forms post there (this module serves /dashboard/vouches and /dashboard/analytics). */
const pathOf = (url: string) => url.split(/[?#]/)[0];

export const nameOf = (r: VouchRow) => r.vouchedUsername || r.igName || r.vouched || `vouch ${r.id}`;

function Cell({ value }: { value: string | number | null }) {
  if (value === null || value === "") return <span className="muted">—</span>;
  return <>{value}</>;
}

/** The vouched user's avatar; when its image or hash is missing, a button that fetches it. */
export function AvatarCell({
  row,
  redirectTo,
  busy,
  onFetch,
  readOnly,
}: {
  row: VouchRow;
  redirectTo: string;
  busy?: boolean;
  /** A member who may not change vouches sees the picture only. */
  readOnly?: boolean;
  /** With JavaScript: fetch through the page's fetcher instead of posting the form. */
  onFetch?: (row: VouchRow) => void;
}) {
  const img = (
    <img
      className="avatar"
      src={row.avatarSrc}
      alt={`Avatar of ${nameOf(row)}`}
      width={28}
      height={28}
      loading="lazy"
    />
  );
  if (!row.canFetchAvatar || readOnly) return img;
  return (
    <Form
      method="post"
      action={pathOf(redirectTo)}
      preventScrollReset
      onSubmit={
        onFetch
          ? (e) => {
              e.preventDefault();
              if (!busy) onFetch(row);
            }
          : undefined
      }
    >
      <input type="hidden" name="intent" value="fetch-avatar" />
      <input type="hidden" name="_id" value={row._id} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" className="vouches-avatar-button" title="Fetch avatar" aria-busy={busy || undefined}>
        {img}
        <span className="sr-only">Fetch avatar of {nameOf(row)}</span>
      </button>
    </Form>
  );
}

export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge ${statusTone(status)}`}>{status}</span>;
}

/** A text column; an empty cell shows a dash in the HTML table. */
const textColumn = (
  id: "igName" | "igNameServer2" | "igNameServer3" | "vouchedAt" | "vouchedByUsername" | "vouchedUsername",
  title: string,
  width: number,
  priority?: 1,
): GridColumnDef<VouchRow> => ({
  id,
  title,
  width,
  priority,
  value: (r) => r[id],
  render: (r) => <Cell value={r[id]} />,
});

/** A Discord id column, copied with a click in the HTML table. */
const vouchIdColumn = (id: "vouched" | "vouchedBy", title: string) =>
  idColumn<VouchRow>(id, title, (r) => r[id], { width: 180 });

/** The columns of the canvas grid and of the HTML table (its cells where they differ from the text). */
export const COLUMNS: GridColumnDef<VouchRow>[] = [
  { id: "id", title: "ID", width: 70, priority: 3, kind: "number", value: (r) => r.id },
  textColumn("igName", "2411", 140),
  textColumn("igNameServer2", "2573", 140),
  textColumn("igNameServer3", "2446", 140),
  { id: "avatar", title: "Avatar", width: 64, kind: "image", value: (r) => r.avatarSrc },
  {
    id: "status",
    title: "Status",
    priority: 1,
    width: 130,
    kind: "badge",
    value: (r) => r.status,
    colors: (r) => TONE_COLORS[statusTone(r.status)],
    render: (r) => <StatusBadge status={r.status} />,
  },
  vouchIdColumn("vouched", "Vouched ID"),
  textColumn("vouchedAt", "Vouched Date", 115, 1),
  vouchIdColumn("vouchedBy", "Voucher ID"),
  textColumn("vouchedByUsername", "Voucher Username", 150, 1),
  textColumn("vouchedUsername", "Vouched Username", 150, 1),
  {
    id: "actions",
    title: "Actions",
    width: 120,
    priority: 1,
    value: () => "Delete · Kick",
    className: "actions",
    headerClassName: "actions",
  },
];

/** The columns a member sees: Actions only for those who may change vouches. */
export const columnsFor = (canEdit: boolean) => (canEdit ? COLUMNS : COLUMNS.filter((c) => c.id !== "actions"));

export function VouchesTable({
  rows,
  here,
  canEdit,
  canKick,
}: {
  rows: VouchRow[];
  here: string;
  canEdit: boolean;
  canKick: boolean;
}) {
  const deleteHref = perRow(here, "id", { confirm: "delete" });
  const kickHref = perRow(here, "id", { confirm: "kick" });
  return (
    <HtmlTable
      columns={columnsFor(canEdit)}
      rows={rows}
      rowKey={(r) => r._id}
      caption="Vouches"
      className="table vouches-table"
      rowProps={(r) => ({ "data-vouch-id": r.id })}
      cells={{
        avatar: (r) => <AvatarCell row={r} redirectTo={here} readOnly={!canEdit} />,
        actions: (r) => (
          <div className="vouches-row-actions">
            <Link
              className="button small danger"
              to={deleteHref(r._id)}
              preventScrollReset
              aria-label={`Delete vouch ${r.id}`}
            >
              <Icon name="trash" size={14} /> Delete
            </Link>
            {!canKick ? null : r.vouched ? (
              <Link
                className="button small"
                to={kickHref(r._id)}
                preventScrollReset
                aria-label={`Kick user of vouch ${r.id}`}
              >
                <Icon name="kick" size={14} /> Kick
              </Link>
            ) : (
              // No vouched id: the server answers "No vouched user ID to kick".
              <Form method="post" action={pathOf(here)} preventScrollReset>
                <input type="hidden" name="intent" value="kick" />
                <input type="hidden" name="vouchedId" value="" />
                <input type="hidden" name="redirectTo" value={here} />
                <button type="submit" className="button small" aria-label={`Kick user of vouch ${r.id}`}>
                  <Icon name="kick" size={14} /> Kick
                </button>
              </Form>
            )}
          </div>
        ),
      }}
    />
  );
}
