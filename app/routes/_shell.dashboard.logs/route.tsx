// Discord join and leave logs (spec part 2: Logs page). Tabs and search live in the URL; the table works without
// JavaScript and reloads live when the bot reports joins or leaves.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { requireUser } from "../../auth/session.server";
import { Pagination } from "../../components/table/Pagination";
import { TableToolbar } from "../../components/table/TableToolbar";
import { useLiveRevalidate } from "../../realtime/live";
import { formatDateTime } from "../../utils/dates";
import { defaultAvatarUrl } from "../../utils/user";
import { loadLogs, type JoinEntry, type LeaveEntry } from "./logs.server";

export const meta: MetaFunction = () => [{ title: "Logs · ARK Tribe Dashboard" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(request, context.auth);
  return loadLogs(context, new URL(request.url));
}

const TAB_KEY = "logs-active-tab";
const dateTime = (ms: number | null) => (ms ? formatDateTime(ms, "UTC") : "-");

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
          {data.join ? (
            <LogTable
              rows={data.join.rows}
              columns={JOIN_COLUMNS}
              rowKey={(r) => `${r.id}:${r.joinedAt}`}
              avatars={data.avatars}
              empty="No join log entries found."
            />
          ) : null}
          {data.leave ? (
            <LogTable
              rows={data.leave.rows}
              columns={LEAVE_COLUMNS}
              rowKey={(r) => `${r.id}:${r.leftAt}`}
              avatars={data.avatars}
              empty="No leave log entries found."
            />
          ) : null}
        </div>
        <Pagination page={(data.join ?? data.leave)!} />
      </section>
    </>
  );
}

type Column<T> = { title: string; cell: (row: T, avatars: Record<string, string>) => React.ReactNode };

const code = (id: string | null | undefined) => (id ? <code>{id}</code> : "-");

const JOIN_COLUMNS: Column<JoinEntry>[] = [
  { title: "User ID", cell: (r) => code(r.id) },
  { title: "Display Name", cell: (r) => r.displayName ?? "-" },
  { title: "Username", cell: (r) => r.username ?? "-" },
  { title: "Avatar", cell: (r) => <Avatar url={r.avatarURL} id={r.id} /> },
  { title: "Joined At", cell: (r) => dateTime(r.joinedAt) },
  { title: "Created At", cell: (r) => dateTime(r.createdAt) },
  { title: "Invite Code", cell: (r) => r.inviteCode ?? "-" },
  { title: "Inviter ID", cell: (r) => code(r.inviterId) },
  { title: "Inviter Avatar", cell: (r, avatars) => <Avatar url={r.inviterId ? avatars[r.inviterId] : null} id={r.inviterId} /> },
];

const LEAVE_COLUMNS: Column<LeaveEntry>[] = [
  { title: "Voucher ID", cell: (r) => code(r.voucherInfo?.vouchedBy) },
  { title: "Display Name", cell: (r) => r.displayName ?? "-" },
  { title: "Username", cell: (r) => r.username ?? "-" },
  { title: "User ID", cell: (r) => code(r.id) },
  { title: "Avatar", cell: (r) => <Avatar url={r.userAvatarURL} id={r.id} /> },
  { title: "Joined At", cell: (r) => dateTime(r.joinedAt) },
  { title: "Left At", cell: (r) => dateTime(r.leftAt) },
  { title: "Leave Reason", cell: (r) => r.leaveReason ?? "-" },
  { title: "Voucher", cell: (r) => r.voucherInfo?.vouchedByUsername ?? "-" },
  {
    title: "Voucher Avatar",
    cell: (r, avatars) => {
      const voucher = r.voucherInfo?.vouchedBy;
      return <Avatar url={voucher ? avatars[voucher] : null} id={voucher} />;
    },
  },
];

function LogTable<T>({
  rows,
  columns,
  rowKey,
  avatars,
  empty,
}: {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  avatars: Record<string, string>;
  empty: string;
}) {
  return (
    <table className="table">
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.title}>{c.title}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length} className="empty-state">
              {empty}
            </td>
          </tr>
        ) : (
          rows.map((r) => (
            <tr key={rowKey(r)}>
              {columns.map((c) => (
                <td key={c.title}>{c.cell(r, avatars)}</td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
