import type { AppLoadContext } from "@remix-run/cloudflare";
import { storedAvatars } from "../../utils/avatars.server";
import { searchedPage } from "../../utils/host-search.server";
import { pageSizeFrom } from "../../utils/table";

export const LOG_TABS = ["join-log", "leave-log"] as const;
export type LogTab = (typeof LOG_TABS)[number];

export type JoinEntry = {
  id: string;
  displayName: string | null;
  username: string | null;
  avatarURL: string | null;
  joinedAt: number;
  createdAt: number | null;
  inviteCode: string | null;
  inviterId: string | null;
};
export type LeaveEntry = {
  id: string;
  displayName: string | null;
  username: string | null;
  userAvatarURL: string | null;
  joinedAt: number | null;
  leftAt: number;
  leaveReason: string | null;
  voucherInfo: { id?: string | null; vouchedBy?: string | null; vouchedByUsername?: string | null } | null;
};

const JOIN_FIELDS: (keyof JoinEntry)[] = ["id", "displayName", "username", "inviteCode", "inviterId"];
const LEAVE_FIELDS = [
  "id",
  "displayName",
  "username",
  "leaveReason",
  (r: LeaveEntry) => r.voucherInfo?.vouchedBy,
  (r: LeaveEntry) => r.voucherInfo?.vouchedByUsername,
] as const;

/** One tab of the Discord logs, searched and paged by the host in SQL (spec part 2: logs page). */
export async function loadLogs(context: AppLoadContext, url: URL) {
  const tab: LogTab = url.searchParams.get("tab") === "leave-log" ? "leave-log" : "join-log";
  const q = url.searchParams.get("q") ?? "";
  const size = pageSizeFrom(url.searchParams.get("size"));
  const page = Number(url.searchParams.get("page") ?? 1) || 1;
  // Avatars only for the users on the page.
  const avatarsOf = (ids: (string | null | undefined)[]) => storedAvatars(context, ids);
  if (tab === "join-log") {
    const { stale, ...shown } = await searchedPage<JoinEntry>(context, "/api/join-log", { q, page, size }, { fields: JOIN_FIELDS });
    return { tab, q, size, stale: stale !== null, join: shown, leave: null, avatars: await avatarsOf(shown.rows.map((r) => r.inviterId)) };
  }
  const { stale, ...shown } = await searchedPage<LeaveEntry>(context, "/api/removed-members", { q, page, size }, { fields: [...LEAVE_FIELDS] });
  return { tab, q, size, stale: stale !== null, join: null, leave: shown, avatars: await avatarsOf(shown.rows.map((r) => r.voucherInfo?.vouchedBy)) };
}
