// The vouches as an accessible HTML table: what the server renders, what shows before hydration and without
// JavaScript. Delete and Kick lead to the server-rendered confirmation step; the avatar fetch is a form button.
import { Form, Link } from "@remix-run/react";
import { Icon } from "../../components/icons";
import { withParams } from "../../utils/table";
import { PAGE_PATH, statusTone, type VouchRow } from "./vouches";

export const nameOf = (r: VouchRow) => r.vouchedUsername || r.igName || r.vouched || `vouch ${r.id}`;

function Cell({ value, mono }: { value: string | number | null; mono?: boolean }) {
  if (value === null || value === "") return <span className="muted">—</span>;
  return mono ? <code>{value}</code> : <>{value}</>;
}

/** The vouched user's avatar; when its image or hash is missing, a button that fetches it (spec section 4). */
export function AvatarCell({
  row,
  redirectTo,
  busy,
  onFetch,
}: {
  row: VouchRow;
  redirectTo: string;
  busy?: boolean;
  /** With JavaScript: fetch through the page's fetcher instead of posting the form. */
  onFetch?: (row: VouchRow) => void;
}) {
  const img = <img className="avatar" src={row.avatarSrc} alt={`Avatar of ${nameOf(row)}`} width={28} height={28} loading="lazy" />;
  if (!row.canFetchAvatar) return img;
  return (
    <Form
      method="post"
      action={PAGE_PATH}
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

export function VouchesTable({ rows, here }: { rows: VouchRow[]; here: string }) {
  return (
    <div className="table-scroll">
      <table className="table vouches-table">
        <caption className="sr-only">Vouches</caption>
        <thead>
          <tr>
            <th scope="col">ID</th>
            <th scope="col">2411</th>
            <th scope="col">2573</th>
            <th scope="col">2446</th>
            <th scope="col">Avatar</th>
            <th scope="col">Status</th>
            <th scope="col">Vouched ID</th>
            <th scope="col">Vouched Date</th>
            <th scope="col">Voucher ID</th>
            <th scope="col">Voucher Username</th>
            <th scope="col">Vouched Username</th>
            <th scope="col" className="actions">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r._id} data-vouch-id={r.id}>
              <td>{r.id}</td>
              <td>
                <Cell value={r.igName} />
              </td>
              <td>
                <Cell value={r.igNameServer2} />
              </td>
              <td>
                <Cell value={r.igNameServer3} />
              </td>
              <td>
                <AvatarCell row={r} redirectTo={here} />
              </td>
              <td>
                <StatusBadge status={r.status} />
              </td>
              <td>
                <Cell value={r.vouched} mono />
              </td>
              <td>
                <Cell value={r.vouchedAt} />
              </td>
              <td>
                <Cell value={r.vouchedBy} mono />
              </td>
              <td>
                <Cell value={r.vouchedByUsername} />
              </td>
              <td>
                <Cell value={r.vouchedUsername} />
              </td>
              <td className="actions">
                <div className="vouches-row-actions">
                  <Link
                    className="button small danger"
                    to={withParams(here, { confirm: "delete", id: r._id })}
                    preventScrollReset
                    aria-label={`Delete vouch ${r.id}`}
                  >
                    <Icon name="trash" size={14} /> Delete
                  </Link>
                  {r.vouched ? (
                    <Link
                      className="button small"
                      to={withParams(here, { confirm: "kick", id: r._id })}
                      preventScrollReset
                      aria-label={`Kick user of vouch ${r.id}`}
                    >
                      <Icon name="kick" size={14} /> Kick
                    </Link>
                  ) : (
                    // No vouched id: the server answers "No vouched user ID to kick".
                    <Form method="post" action={PAGE_PATH} preventScrollReset>
                      <input type="hidden" name="intent" value="kick" />
                      <input type="hidden" name="vouchedId" value="" />
                      <input type="hidden" name="redirectTo" value={here} />
                      <button type="submit" className="button small" aria-label={`Kick user of vouch ${r.id}`}>
                        <Icon name="kick" size={14} /> Kick
                      </button>
                    </Form>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
