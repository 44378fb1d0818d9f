import { can, pageNeed, type Access } from "#contract/access";
import { SERVER_IDS } from "#contract/servers";
import type { IconName } from "#app/components/icons";

export type NavItem = { to: string; label: string; icon: IconName; end?: boolean };
export type NavGroup = { label: string; items: NavItem[] };

/** The sidebar's groups. A group shows only once it has a page; later sections add theirs here. */
export const NAV_GROUPS: NavGroup[] = [
  { label: "Dashboard", items: [{ to: "/dashboard", label: "Dashboard", icon: "home", end: true }] },
  {
    label: "EOS",
    items: [
      ...SERVER_IDS.map((id): NavItem => ({
        to: `/dashboard/server-stats-${id}`,
        label: `${id} Server Stats`,
        icon: "server",
      })),
      { to: "/dashboard/weekly-members", label: "Weekly Members", icon: "calendar" },
      { to: "/dashboard/players", label: "Players", icon: "user" },
    ],
  },
  {
    label: "Main",
    items: [
      { to: "/dashboard/vouches", label: "Vouches", icon: "users" },
      { to: "/dashboard/codes", label: "Codes", icon: "key" },
      { to: "/dashboard/tribelists", label: "Tribelists", icon: "list" },
      { to: "/dashboard/logs", label: "Logs", icon: "log" },
    ],
  },
  {
    label: "Stock",
    items: [
      { to: "/dashboard/stock-2411", label: "2411 Stock", icon: "box" },
      { to: "/dashboard/breeder-stats", label: "Breeder", icon: "egg" },
    ],
  },
  {
    label: "Settings",
    items: [
      { to: "/settings", label: "Settings", icon: "settings" },
      { to: "/dashboard/access", label: "Access", icon: "key" },
      { to: "/dashboard/audit", label: "Audit", icon: "log" },
      { to: "/dashboard/sources", label: "Sources", icon: "server" },
    ],
  },
];

/** The sidebar a member sees: only the pages their access lets them view (contract/access.ts). */
export function navFor(access: Access): NavGroup[] {
  const visible = (item: NavItem) => {
    const need = pageNeed(item.to, "GET");
    return need === "signed-in" || can(access, need.section, "view");
  };
  return NAV_GROUPS.map((g) => ({ ...g, items: g.items.filter(visible) })).filter((g) => g.items.length > 0);
}
