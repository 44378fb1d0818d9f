// The community lists as the host API answers them (docs/api.md): vouches, and the Discord join log and removed
// members. Types only: the host builds these (worker/domain/vouches.ts, members.ts), the pages and the tests read them.

/** A vouch: the old backend's field names, without the host's bookkeeping columns. */
export type Vouch = {
  _id: string;
  id: number;
  username: string | null;
  displayName: string | null;
  discordId: string | null;
  notes: string | null;
  aliases: string | null;
  /** In-game names on 2411, 2573 and 2446. */
  igName: string | null;
  igNameServer2: string | null;
  igNameServer3: string | null;
  vouchedAvatar: string | null;
  vouchedAvatarHash: string | null;
  status: "Complete" | "Invalid" | "Not Provided" | "Remove Pending";
  /** Discord id of the vouched user. */
  vouched: string;
  vouchedUsername: string | null;
  /** month/day/year, as the old backend stored it. */
  vouchedAt: string;
  vouchedBy: string;
  vouchedByUsername: string | null;
};

/** Who vouched for a member who left, as the Discord bot reported it. */
export type VoucherInfo = { id?: string | null; vouchedBy?: string | null; vouchedByUsername?: string | null };

/** A join to the tribe's Discord (GET /api/join-log, the Logs page's join tab). Times are epoch ms. */
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

/** A member who left the tribe's Discord (GET /api/removed-members, the Logs page's leave tab). Times are epoch ms. */
export type LeaveEntry = {
  id: string;
  displayName: string | null;
  username: string | null;
  userAvatarURL: string | null;
  joinedAt: number | null;
  leftAt: number;
  leaveReason: string | null;
  voucherInfo: VoucherInfo | null;
};
