// The Vouches page's shapes, texts and pure rules, shared by the server flow and the browser (Vouches
// page). Free of zod: the row actions' check is in vouches-action.ts.
import type { Vouch } from "#contract/community";
import { avatarUrl, defaultAvatarUrl } from "#app/utils/user";

/** What a table row shows. */
export type VouchRow = {
  _id: string;
  id: number;
  igName: string | null;
  igNameServer2: string | null;
  igNameServer3: string | null;
  avatarSrc: string;
  /** The avatar's image or hash is missing: clicking it fetches it. */
  canFetchAvatar: boolean;
  status: string;
  vouched: string | null;
  vouchedAt: string | null;
  vouchedBy: string | null;
  vouchedByUsername: string | null;
  vouchedUsername: string | null;
};

/** The columns a search looks in: every displayed one. The API does the same in SQL. */
export const SEARCH_FIELDS: (keyof Vouch)[] = [
  "id",
  "igName",
  "igNameServer2",
  "igNameServer3",
  "status",
  "vouched",
  "vouchedAt",
  "vouchedBy",
  "vouchedByUsername",
  "vouchedUsername",
];

export const TEXTS = {
  search: "Search vouches...",
  empty: "No vouches found.",
  loadFailed: (reason: string) => `Failed to load vouches: ${reason}`,
  confirmDelete: "Are you sure you want to delete this vouch?",
  confirmKick: (id: string) => `Are you sure you want to kick user ${id} from all Discord servers?`,
  deleted: "Vouch deleted successfully!",
  deleteFailed: "Failed to delete vouch. Please try again.",
  deleteError: "An error occurred while deleting the vouch.",
  kickSent: "Kick request sent.",
  kickFailed: (message: string) => `Failed to kick user: ${message}`,
  noKickId: "No vouched user ID to kick",
  avatarFailed: (message: string) => `Failed to fetch avatar: ${message}`,
} as const;

/** Green for Complete, red for Invalid, grey otherwise. */
export function statusTone(status: string | null | undefined): "green" | "red" | "grey" {
  return status === "Complete" ? "green" : status === "Invalid" ? "red" : "grey";
}

/** The vouched user's avatar: the stored image, else the CDN image of the stored hash, else the default by id mod 5. */
export function avatarSrc(v: Pick<Vouch, "vouched" | "vouchedAvatar" | "vouchedAvatarHash">) {
  if (v.vouchedAvatar) return v.vouchedAvatar;
  if (v.vouched && v.vouchedAvatarHash) return avatarUrl({ id: v.vouched, avatar: v.vouchedAvatarHash });
  return defaultAvatarUrl(v.vouched);
}

export function toRow(v: Vouch): VouchRow {
  return {
    _id: v._id,
    id: v.id,
    igName: v.igName ?? null,
    igNameServer2: v.igNameServer2 ?? null,
    igNameServer3: v.igNameServer3 ?? null,
    avatarSrc: avatarSrc(v),
    canFetchAvatar: !v.vouchedAvatar || !v.vouchedAvatarHash,
    status: v.status || "Not Provided",
    vouched: v.vouched || null,
    vouchedAt: v.vouchedAt ?? null,
    vouchedBy: v.vouchedBy ?? null,
    vouchedByUsername: v.vouchedByUsername ?? null,
    vouchedUsername: v.vouchedUsername ?? null,
  };
}

export type KickAnswer = {
  results?: { guildId: string; status: "kicked" | "failed"; error?: string }[];
  removePending?: number;
};

/** "N kicked, M failed." (a warning if any failed), or "Kick request sent." without a results array. */
export function kickToast(answer: KickAnswer | null | undefined): { type: "success" | "warning"; message: string } {
  if (!answer || !Array.isArray(answer.results)) return { type: "success", message: TEXTS.kickSent };
  const kicked = answer.results.filter((r) => r.status === "kicked").length;
  const failed = answer.results.filter((r) => r.status === "failed").length;
  return { type: failed > 0 ? "warning" : "success", message: `${kicked} kicked, ${failed} failed.` };
}

/** The rows as they will be once the writes on their way land: deleted ones gone, kicked users Remove Pending. */
export function optimisticRows(rows: VouchRow[], pending: { deleting: Set<string>; kicking: Set<string> }) {
  if (pending.deleting.size === 0 && pending.kicking.size === 0) return rows;
  return rows
    .filter((r) => !pending.deleting.has(r._id))
    .map((r) => (r.vouched && pending.kicking.has(r.vouched) ? { ...r, status: "Remove Pending" } : r));
}
