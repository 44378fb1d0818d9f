// Discord join and leave logs (spec part 2: Logs page). Tabs and search live in the URL; the table works without
// JavaScript and reloads live when the bot reports joins or leaves.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { requireUser } from "../../auth/session.server";
import { Pagination } from "../../components/table/Pagination";
import { TableToolbar } from "../../components/table/TableToolbar";
import { useLiveRevalidate } from "../../realtime/live";
import { defaultAvatarUrl } from "../../utils/user";
import { loadLogs, type JoinEntry, type LeaveEntry } from "./logs.server";

export const meta: MetaFunction = () => [{ title: "Logs · ARK Tribe Dashboard" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(request, context.auth);
  return loadLogs(context, new URL(request.url));
}

const TAB_KEY = "logs-active-tab";
const dateTime = (ms: number | null) =>
  ms ? new Date(ms).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) : "-";

function Avatar({ url, id }: { url?: string | null; id?: string | null }) {
  if (!id && !url) return <>-</>;
  return <img className="avatar" src={url || defaultAvatarUrl(id)} width={28} height={28} alt="" loading="lazy" />;
}

export default function Logs() {
  const data = useLoaderData<typeof loader>();
  useLiveRevalidate(["joined_members_update", "removed_members_update"]);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // The active tab is remembered in this browser: arriving without one in the URL restores it.
  useEffect(() => {
    const saved = localStorage.getItem(TAB_KEY);
    if (!params.has("tab") && saved === "leave-log" && data.tab !== saved) navigate(`?tab=${saved}`, { replace: true });
    else localStorage.setItem(TAB_KEY, data.tab);
  }, [data.tab, params, navigate]);
  return (
    <>
      <div className="page-header">
        <h1>Logs</h1>
        {data.stale ? <span className="muted small">Showing saved data: the host did not answer.</span> : null}
      </div>
      <nav className="tabs" aria-label="Logs">
        <Link to="?tab=join-log" className={data.tab === "join-log" ? "tab active" : "tab"} aria-current={data.tab === "join-log" ? "page" : undefined}>
          Join Log
        </Link>
        <Link to="?tab=leave-log" className={data.tab === "leave-log" ? "tab active" : "tab"} aria-current={data.tab === "leave-log" ? "page" : undefined}>
          Leave Log
        </Link>
      </nav>
      <section className="card">
        <TableToolbar q={data.q} size={data.size} placeholder={data.tab === "join-log" ? "Search join log..." : "Search leave log..."} keep={["tab"]} />
        <div className="table-scroll">
          {data.join ? <JoinTable rows={data.join.rows} avatars={data.avatars} /> : null}
          {data.leave ? <LeaveTable rows={data.leave.rows} avatars={data.avatars} /> : null}
        </div>
        <Pagination page={(data.join ?? data.leave)!} />
      </section>
    </>
  );
}

function JoinTable({ rows, avatars }: { rows: JoinEntry[]; avatars: Record<string, string> }) {
  return (
    <table className="table">
      <thead>
        <tr>
          <th>User ID</th>
          <th>Display Name</th>
          <th>Username</th>
          <th>Avatar</th>
          <th>Joined At</th>
          <th>Created At</th>
          <th>Invite Code</th>
          <th>Inviter ID</th>
          <th>Inviter Avatar</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={9} className="empty-state">
              No join log entries found.
            </td>
          </tr>
        ) : (
          rows.map((r) => (
            <tr key={`${r.id}:${r.joinedAt}`}>
              <td><code>{r.id}</code></td>
              <td>{r.displayName ?? "-"}</td>
              <td>{r.username ?? "-"}</td>
              <td><Avatar url={r.avatarURL} id={r.id} /></td>
              <td>{dateTime(r.joinedAt)}</td>
              <td>{dateTime(r.createdAt)}</td>
              <td>{r.inviteCode ?? "-"}</td>
              <td>{r.inviterId ? <code>{r.inviterId}</code> : "-"}</td>
              <td><Avatar url={r.inviterId ? avatars[r.inviterId] : null} id={r.inviterId} /></td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

function LeaveTable({ rows, avatars }: { rows: LeaveEntry[]; avatars: Record<string, string> }) {
  return (
    <table className="table">
      <thead>
        <tr>
          <th>Voucher ID</th>
          <th>Display Name</th>
          <th>Username</th>
          <th>User ID</th>
          <th>Avatar</th>
          <th>Joined At</th>
          <th>Left At</th>
          <th>Leave Reason</th>
          <th>Voucher</th>
          <th>Voucher Avatar</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={10} className="empty-state">
              No leave log entries found.
            </td>
          </tr>
        ) : (
          rows.map((r) => (
            <tr key={`${r.id}:${r.leftAt}`}>
              <td>{r.voucherInfo?.vouchedBy ? <code>{r.voucherInfo.vouchedBy}</code> : "-"}</td>
              <td>{r.displayName ?? "-"}</td>
              <td>{r.username ?? "-"}</td>
              <td><code>{r.id}</code></td>
              <td><Avatar url={r.userAvatarURL} id={r.id} /></td>
              <td>{dateTime(r.joinedAt)}</td>
              <td>{dateTime(r.leftAt)}</td>
              <td>{r.leaveReason ?? "-"}</td>
              <td>{r.voucherInfo?.vouchedByUsername ?? "-"}</td>
              <td><Avatar url={r.voucherInfo?.vouchedBy ? avatars[r.voucherInfo.vouchedBy] : null} id={r.voucherInfo?.vouchedBy} /></td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
