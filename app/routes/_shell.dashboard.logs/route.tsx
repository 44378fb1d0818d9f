// Discord join and leave logs (Logs page). Tabs and search live in the URL; the table works without
// JavaScript and reloads live when the bot reports joins or leaves.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { CopyId, MemberName } from "#app/components/MemberName";
import { useLoaderData, useLocation } from "@remix-run/react";
import { requireUser } from "#app/auth/session.server";
import { HtmlTable } from "#app/components/grid/HtmlTable";
import type { GridColumnDef } from "#app/components/grid/types";
import { LoadError, StaleSince } from "#app/components/HostNotice";
import { TabNav } from "#app/components/TabNav";
import { Pagination } from "#app/components/table/Pagination";
import { TableToolbar } from "#app/components/table/TableToolbar";
import { useLiveRevalidate } from "#app/realtime/live";
import { formatDateTime } from "#app/utils/dates";
import { readRememberedTab, useRememberedTab } from "#app/utils/remembered-tab";
import { defaultAvatarUrl } from "#app/utils/user";
import type { JoinEntry, LeaveEntry } from "#contract/community";
import { LOG_TABS, TAB_MEMORY, type LogTab } from "./logs";
import { loadLogs } from "./logs.server";
import { SourceAgeOf } from "#app/components/SourceAge";
import { sourceOf } from "#app/utils/sources.server";
import { json } from "#app/utils/json.server";

export const meta: MetaFunction = () => [{ title: "Logs · ARK Tribe Dashboard" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(request, context.auth);
  // The Discord bot pushes both logs: its last report, to show the logs' age.
  const remembered = readRememberedTab(request, TAB_MEMORY);
  const [logs, source] = await Promise.all([
    loadLogs(context, new URL(request.url), remembered),
    sourceOf(context, "discord-bot"),
  ]);
  return json({ ...logs, source, now: Date.now() }, { headers: remembered.headers });
}

const dateTime = (ms: number | null) => (ms ? formatDateTime(ms, "UTC") : "-");

function Avatar({ url, id }: { url?: string | null; id?: string | null }) {
  if (!id && !url) return <>-</>;
  return <img className="avatar" src={url || defaultAvatarUrl(id)} width={28} height={28} alt="" loading="lazy" />;
}

const TAB_LABELS: Record<LogTab, string> = { "join-log": "Join Log", "leave-log": "Leave Log" };

export default function Logs() {
  const data = useLoaderData<typeof loader>();
  useLiveRevalidate(["joined_members_update", "removed_members_update"]);
  const location = useLocation();
  const here = location.pathname + location.search;
  // The active tab is remembered in this browser: arriving without one in the URL restores it.
  useRememberedTab(TAB_MEMORY, { tab: data.tab, hasTabParam: data.hasTabParam, here });
  const page = data.join ?? data.leave;
  return (
    <>
      <div className="page-header">
        <h1>Logs</h1>
        <SourceAgeOf source={data.source} now={data.now} timeZone="UTC" />
      </div>
      <TabNav
        tabs={LOG_TABS}
        active={data.tab}
        label="Logs"
        href={(t) => `${location.pathname}?tab=${t}`}
        text={(t) => TAB_LABELS[t]}
      />
      <section className="card">
        <TableToolbar
          q={data.q}
          size={data.size}
          placeholder={data.tab === "join-log" ? "Search join log..." : "Search leave log..."}
          keep={["tab"]}
          exportable
        />
        <StaleSince asOf={data.staleAsOf} what={data.tab === "join-log" ? "the join log" : "the leave log"} />
        <LoadError message={data.loadError} />
        {data.join ? (
          <HtmlTable
            rows={data.join.rows}
            columns={joinColumns(data.avatars)}
            rowKey={(r) => `${r.id}:${r.joinedAt}`}
            caption="Join log"
            className="table extras-when-wide"
            empty={data.loadError ? null : "No join log entries found."}
          />
        ) : null}
        {data.leave ? (
          <HtmlTable
            rows={data.leave.rows}
            columns={leaveColumns(data.avatars)}
            rowKey={(r) => `${r.id}:${r.leftAt}`}
            caption="Leave log"
            className="table extras-when-wide"
            empty={data.loadError ? null : "No leave log entries found."}
          />
        ) : null}
        {page ? <Pagination page={page} /> : null}
      </section>
    </>
  );
}

const code = (id: string | null | undefined) => <CopyId id={id} />;
/** A text column: "-" when the row has no value. */
const text = <T,>(
  id: string,
  title: string,
  value: (row: T) => string | null | undefined,
  priority?: 1,
): GridColumnDef<T> => ({
  id,
  title,
  priority,
  value,
  render: (r) => value(r) ?? "-",
});

/** A time column: shown whole, on one line. */
const when = <T,>(...args: Parameters<typeof text<T>>): GridColumnDef<T> => ({ ...text(...args), className: "nowrap" });

type Avatars = Record<string, string>;

export const joinColumns = (avatars: Avatars): GridColumnDef<JoinEntry>[] => [
  { id: "id", title: "User ID", priority: 3, value: (r) => r.id, render: (r) => code(r.id) },
  {
    ...text("displayName", "Display Name", (r: JoinEntry) => r.displayName, 1),
    render: (r) => <MemberName id={r.id} name={r.displayName} />,
  },
  text("username", "Username", (r: JoinEntry) => r.username, 1),
  {
    id: "avatar",
    title: "Avatar",
    kind: "image",
    value: (r) => r.avatarURL,
    render: (r) => <Avatar url={r.avatarURL} id={r.id} />,
  },
  when("joinedAt", "Joined At", (r: JoinEntry) => dateTime(r.joinedAt), 1),
  when("createdAt", "Created At", (r: JoinEntry) => dateTime(r.createdAt)),
  text("inviteCode", "Invite Code", (r: JoinEntry) => r.inviteCode),
  { id: "inviterId", title: "Inviter ID", priority: 3, value: (r) => r.inviterId, render: (r) => code(r.inviterId) },
  {
    id: "inviterAvatar",
    title: "Inviter Avatar",
    kind: "image",
    value: (r) => (r.inviterId ? avatars[r.inviterId] : null),
    render: (r) => <Avatar url={r.inviterId ? avatars[r.inviterId] : null} id={r.inviterId} />,
  },
];

export const leaveColumns = (avatars: Avatars): GridColumnDef<LeaveEntry>[] => [
  {
    id: "voucherId",
    title: "Voucher ID",
    priority: 3,
    value: (r) => r.voucherInfo?.vouchedBy,
    render: (r) => code(r.voucherInfo?.vouchedBy),
  },
  {
    ...text("displayName", "Display Name", (r: LeaveEntry) => r.displayName, 1),
    render: (r) => <MemberName id={r.id} name={r.displayName} />,
  },
  text("username", "Username", (r: LeaveEntry) => r.username, 1),
  { id: "id", title: "User ID", priority: 3, value: (r) => r.id, render: (r) => code(r.id) },
  {
    id: "avatar",
    title: "Avatar",
    kind: "image",
    value: (r) => r.userAvatarURL,
    render: (r) => <Avatar url={r.userAvatarURL} id={r.id} />,
  },
  when("joinedAt", "Joined At", (r: LeaveEntry) => dateTime(r.joinedAt), 1),
  when("leftAt", "Left At", (r: LeaveEntry) => dateTime(r.leftAt), 1),
  text("leaveReason", "Leave Reason", (r: LeaveEntry) => r.leaveReason),
  {
    ...text("voucher", "Voucher", (r: LeaveEntry) => r.voucherInfo?.vouchedByUsername, 1),
    render: (r) => <MemberName id={r.voucherInfo?.vouchedBy} name={r.voucherInfo?.vouchedByUsername} />,
  },
  {
    id: "voucherAvatar",
    title: "Voucher Avatar",
    kind: "image",
    value: (r) => (r.voucherInfo?.vouchedBy ? avatars[r.voucherInfo.vouchedBy] : null),
    render: (r) => {
      const voucher = r.voucherInfo?.vouchedBy;
      return <Avatar url={voucher ? avatars[voucher] : null} id={voucher} />;
    },
  },
];
