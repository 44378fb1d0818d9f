// The Logs page's tabs and entries (Logs page), for the loader and the page.

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

export const isLogTab = (v: unknown): v is LogTab =>
  typeof v === "string" && (LOG_TABS as readonly string[]).includes(v);
