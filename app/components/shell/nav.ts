import type { IconName } from "../icons";

export type NavItem = { to: string; label: string; icon: IconName; end?: boolean };
export type NavGroup = { label: string; items: NavItem[] };

/** The sidebar's groups (spec part 1). A group shows only once it has a page; later sections add theirs here. */
export const NAV_GROUPS: NavGroup[] = [
  { label: "Dashboard", items: [{ to: "/dashboard", label: "Dashboard", icon: "home", end: true }] },
  { label: "EOS", items: [] },
  {
    label: "Main",
    items: [
      { to: "/dashboard/vouches", label: "Vouches", icon: "users" },
      { to: "/dashboard/codes", label: "Codes", icon: "key" },
      { to: "/dashboard/tribelists", label: "Tribelists", icon: "list" },
    ],
  },
  { label: "Stock", items: [] },
  { label: "Settings", items: [{ to: "/settings", label: "Settings", icon: "settings" }] },
];
