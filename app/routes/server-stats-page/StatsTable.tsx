// The columns of the seven tables, defined once for the canvas grid and the HTML table. The
// Weekly Members table has the activity tabs' columns with its own Event Type: it builds on the ones exported here.
import { Link } from "@remix-run/react";
import { HtmlTable } from "#app/components/grid/HtmlTable";
import { TONE_COLORS } from "#app/components/grid/tones";
import type { GridColumnDef } from "#app/components/grid/types";
import { PlatformCell, platformIcon, SteamLink } from "./bits";
import { Badge } from "#app/components/Badge";
import { isActivityTab, type StatsRow, type Tab } from "./servers";
import type { ServerId } from "#contract/servers";

export type Column<T extends StatsRow = StatsRow> = GridColumnDef<T> & { render: (row: T) => React.ReactNode };

const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === "" ? "-" : v);
const plain = (v: string | number | null | undefined) => {
  const d = dash(v);
  return d === "-" ? <span className="muted">-</span> : d;
};

/** The HTML table's cell as a plain link (it works without JavaScript); the canvas follows the column's `href`. */
const linked = (href: string | null, text: string | null) =>
  href && text ? (
    <Link to={href} className="player-link">
      {text}
    </Link>
  ) : (
    plain(text)
  );

/** A column of a row's text, "-" (muted in the table) when it has none. */
const textColumn = (
  field: "eosId" | "displayName" | "name" | "tribe" | "time" | "lastArkLaunch",
  title: string,
  width: number,
  more: Partial<Column> = {},
): Column => ({ id: field, title, width, value: (r) => dash(r[field]), render: (r) => plain(r[field]), ...more });

export const ID: Column = { id: "id", title: "ID", width: 56, priority: 3, value: (r) => r.id, render: (r) => r.id };
export const EOS: Column = textColumn("eosId", "EOS ID", 285, {
  priority: 3,
  render: (r) => (r.eosId ? <code>{r.eosId}</code> : plain(null)),
});
export const DISPLAY: Column = textColumn("displayName", "Display Name", 140, {
  priority: 1,
  href: (r) => (r.displayName ? r.profileHref : null),
  render: (r) => (
    <>
      {linked(r.profileHref, r.displayName)}
      {r.tribelist ? (
        <span className="tribelist-match" title={`On the tribelist: ${r.tribelist}`}>
          {" "}
          <Badge tone="blue">Tribelist: {r.tribelist}</Badge>
        </span>
      ) : null}
    </>
  ),
});
export const name = (title: "Name" | "Member Name"): Column =>
  textColumn("name", title, 130, {
    priority: 1,
    href: (r) => (r.name ? r.profileHref : null),
    render: (r) => linked(r.profileHref, r.name),
  });
export const STATUS: Column = {
  id: "status",
  title: "Status",
  priority: 1,
  width: 110,
  kind: "badge",
  value: (r) => r.statusLabel || "-",
  colors: (r) => TONE_COLORS[r.statusTone],
  render: (r) => (r.statusLabel ? <Badge tone={r.statusTone}>{r.statusLabel}</Badge> : plain(null)),
};
export const TRIBE: Column = textColumn("tribe", "Tribe", 78, {
  href: (r) => r.tribeHref,
  render: (r) => linked(r.tribeHref, r.tribe),
});
export const PLATFORM: Column = {
  id: "platform",
  title: "Platform",
  width: 132, // the glyph and "PlayStation"
  value: (r) => r.platformLabel,
  icon: (r) => platformIcon(r.platform),
  render: (r) => <PlatformCell kind={r.platform} label={r.platformLabel} />,
};
export const time = (title: "Join Time" | "Leave Time" | "Event Time"): Column =>
  textColumn("time", title, 170, { priority: 1, className: "nowrap" });
const EVENT_TYPE: Column = {
  id: "eventType",
  title: "Event Type",
  priority: 1,
  width: 96,
  kind: "badge",
  value: (r) => (r.eventType === "join" ? "Join" : r.eventType === "leave" ? "Leave" : "-"),
  colors: (r) => (r.eventTone ? TONE_COLORS[r.eventTone] : undefined),
  render: (r) =>
    r.eventType && r.eventTone ? (
      <Badge tone={r.eventTone}>{r.eventType === "join" ? "Join" : "Leave"}</Badge>
    ) : (
      plain(null)
    ),
};
export const LAUNCH: Column = textColumn("lastArkLaunch", "Last Ark Launch", 170, { className: "nowrap" });
export const STEAM: Column = {
  id: "steamProfile",
  title: "Steam Profile",
  width: 120,
  value: (r) => (r.steamProfileLink ? "View Profile" : "-"),
  csv: (r) => r.steamProfileLink,
  colors: (r) => (r.steamProfileLink ? { fg: "#1c7ed6" } : undefined),
  render: (r) => <SteamLink href={r.steamProfileLink} />,
};

/** Who a row is about: ID, EOS ID, Display Name, (Member) Name, Status, Tribe and Platform. */
const memberColumns = (title: "Name" | "Member Name" = "Member Name") => [
  ID,
  EOS,
  DISPLAY,
  name(title),
  STATUS,
  TRIBE,
  PLATFORM,
];

/** An activity log's columns (the activity tabs here, Weekly Members), with its own Event Type column. */
export const activityColumns = <T extends StatsRow>(eventType: Column<T>): Column<T>[] => [
  ...memberColumns(),
  eventType,
  time("Event Time"),
  LAUNCH,
  STEAM,
];

/** The columns of each tab (2573 adds Steam Profile to its join and leave logs). */
export function columnsFor(tab: Tab, server: ServerId): Column[] {
  if (tab === "playerlist") return memberColumns("Name");
  if (isActivityTab(tab)) return activityColumns(EVENT_TYPE);
  const base = [...memberColumns(), time(tab === "joinlog" ? "Join Time" : "Leave Time"), LAUNCH];
  return server === "2573" ? [...base, STEAM] : base;
}

export const hasSteamColumn = (tab: Tab, server: ServerId) => columnsFor(tab, server).includes(STEAM);

/** The accessible HTML table: what the server renders, what shows before hydration and without JavaScript. */
export function StatsTable<T extends StatsRow>({
  rows,
  columns,
  caption,
  testId = "stats-table",
  className = "table stats-table",
}: {
  rows: T[];
  columns: Column<T>[];
  caption: string;
  testId?: string;
  className?: string;
}) {
  return (
    <HtmlTable
      columns={columns}
      rows={rows}
      rowKey={(r) => r.key}
      caption={caption}
      className={className}
      testId={testId}
      rowProps={(r) => ({ "data-eos-id": r.eosId })}
    />
  );
}
