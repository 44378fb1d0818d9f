import type { AppLoadContext } from "@remix-run/cloudflare";
import { host } from "../../host/client.server";
import { matches, pageSizeFrom, paginate } from "../../utils/table";

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

/** One tab of the Discord logs, searched and paged on the server (spec part 2: logs page). */
export async function loadLogs(context: AppLoadContext, url: URL) {
  const tab: LogTab = url.searchParams.get("tab") === "leave-log" ? "leave-log" : "join-log";
  const q = url.searchParams.get("q") ?? "";
  const size = pageSizeFrom(url.searchParams.get("size"));
  const page = Number(url.searchParams.get("page") ?? 1);
  const client = host(context);
  const avatars = client
    .get<Record<string, string>>("/api/vouches/avatar-cache")
    .then((a) => a.data)
    .catch(() => ({}) as Record<string, string>);
  if (tab === "join-log") {
    const [{ data, stale }, known] = await Promise.all([client.get<JoinEntry[]>("/api/join-log"), avatars]);
    const rows = data.filter((r) => matches(r, q, JOIN_FIELDS));
    const shown = paginate(rows, page, size);
    return { tab, q, size, stale, join: shown, leave: null, avatars: pick(known, shown.rows.map((r) => r.inviterId)) };
  }
  const [{ data, stale }, known] = await Promise.all([client.get<LeaveEntry[]>("/api/removed-members"), avatars]);
  const rows = data.filter((r) => matches(r, q, [...LEAVE_FIELDS]));
  const shown = paginate(rows, page, size);
  return { tab, q, size, stale, join: null, leave: shown, avatars: pick(known, shown.rows.map((r) => r.voucherInfo?.vouchedBy)) };
}

const pick = (all: Record<string, string>, ids: (string | null | undefined)[]) =>
  Object.fromEntries(ids.filter((id): id is string => !!id && !!all[id]).map((id) => [id, all[id]]));
