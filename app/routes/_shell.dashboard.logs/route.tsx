// Discord join and leave logs (Logs page). Tabs and search live in the URL; the table works without
// JavaScript and reloads live when the bot reports joins or leaves.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { idColumn, MemberName } from "#app/components/MemberName";
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
import { LOG_NAMES, LOG_TABS, TAB_MEMORY, type LogTab } from "./logs";
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

export default function Logs() {
  const data = useLoaderData<typeof loader>();
  useLiveRevalidate(["joined_members_update", "removed_members_update"]);
  const location = useLocation();
  const here = location.pathname + location.search;
  // The active tab is remembered in this browser: arriving without one in the URL restores it.
  useRememberedTab(TAB_MEMORY, { tab: data.tab, hasTabParam: data.hasTabParam, here });
  const page = data.join ?? data.leave;
  const log = LOG_NAMES[data.tab].name;
  const failed = !!data.loadError;
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
        text={(t) => LOG_NAMES[t].tab}
      />
      <section className="card">
        <TableToolbar q={data.q} size={data.size} placeholder={`Search ${log}...`} keep={["tab"]} exportable />
        <StaleSince asOf={data.staleAsOf} what={`the ${log}`} />
        <LoadError message={data.loadError} />
        {data.join ? (
          <LogTable tab={data.tab} failed={failed} rows={data.join.rows} columns={joinColumns(data.avatars)} />
        ) : null}
        {data.leave ? (
          <LogTable tab={data.tab} failed={failed} rows={data.leave.rows} columns={leaveColumns(data.avatars)} />
        ) : null}
        {page ? <Pagination page={page} /> : null}
      </section>
    </>
  );
}

/** One log's table; a row is one member's join or leave at a time. */
function LogTable<T extends JoinEntry | LeaveEntry>(props: {
  tab: LogTab;
  failed: boolean;
  rows: T[];
  columns: GridColumnDef<T>[];
}) {
  return (
    <HtmlTable
      rows={props.rows}
      columns={props.columns}
      rowKey={(r) => `${r.id}:${"leftAt" in r ? r.leftAt : r.joinedAt}`}
      caption={LOG_NAMES[props.tab].caption}
      className="table extras-when-wide"
      empty={props.failed ? null : `No ${LOG_NAMES[props.tab].name} entries found.`}
    />
  );
}

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

/** An avatar column: the image at `url`, or the Discord default of the member `owner`. */
const avatar = <T,>(
  id: string,
  title: string,
  url: (row: T) => string | null | undefined,
  owner: (row: T) => string | null | undefined,
): GridColumnDef<T> => ({ id, title, kind: "image", value: url, render: (r) => <Avatar url={url(r)} id={owner(r)} /> });

/** The member a log row is about: the columns both logs show of them. */
type Member = Pick<LeaveEntry, "id" | "displayName" | "username" | "joinedAt">;
const displayName: GridColumnDef<Member> = {
  ...text("displayName", "Display Name", (r: Member) => r.displayName, 1),
  render: (r) => <MemberName id={r.id} name={r.displayName} />,
};
const username = text("username", "Username", (r: Member) => r.username, 1);
const joinedAt = when("joinedAt", "Joined At", (r: Member) => dateTime(r.joinedAt), 1);
const memberAvatar = <T extends Member>(url: (row: T) => string | null | undefined) =>
  avatar("avatar", "Avatar", url, (r) => r.id);

export const joinColumns = (avatars: Avatars): GridColumnDef<JoinEntry>[] => [
  idColumn("id", "User ID", (r) => r.id),
  displayName,
  username,
  memberAvatar((r) => r.avatarURL),
  joinedAt,
  when("createdAt", "Created At", (r: JoinEntry) => dateTime(r.createdAt)),
  text("inviteCode", "Invite Code", (r: JoinEntry) => r.inviteCode),
  idColumn("inviterId", "Inviter ID", (r) => r.inviterId),
  avatar(
    "inviterAvatar",
    "Inviter Avatar",
    (r) => (r.inviterId ? avatars[r.inviterId] : null),
    (r) => r.inviterId,
  ),
];

const voucherOf = (r: LeaveEntry) => r.voucherInfo?.vouchedBy;
export const leaveColumns = (avatars: Avatars): GridColumnDef<LeaveEntry>[] => [
  idColumn("voucherId", "Voucher ID", voucherOf),
  displayName,
  username,
  idColumn("id", "User ID", (r) => r.id),
  memberAvatar((r) => r.userAvatarURL),
  joinedAt,
  when("leftAt", "Left At", (r: LeaveEntry) => dateTime(r.leftAt), 1),
  text("leaveReason", "Leave Reason", (r: LeaveEntry) => r.leaveReason),
  {
    ...text("voucher", "Voucher", (r: LeaveEntry) => r.voucherInfo?.vouchedByUsername, 1),
    render: (r) => <MemberName id={voucherOf(r)} name={r.voucherInfo?.vouchedByUsername} />,
  },
  avatar("voucherAvatar", "Voucher Avatar", (r) => (voucherOf(r) ? avatars[voucherOf(r)!] : null), voucherOf),
];
