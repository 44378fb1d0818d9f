import type { AppLoadContext } from "@remix-run/cloudflare";
import { failureReason } from "#app/host/client.server";
import { avatarsSentWith, storedAvatars } from "#app/utils/avatars.server";
import { searchedPage } from "#app/utils/host-search.server";
import { pageQueryOf } from "#app/utils/table";
import type { JoinEntry, LeaveEntry } from "#contract/community";
import type { RememberedTab } from "#app/utils/remembered-tab";
import { LOG_NAMES, type LogTab } from "./logs";

const JOIN_FIELDS: (keyof JoinEntry)[] = ["id", "displayName", "username", "inviteCode", "inviterId"];
const LEAVE_FIELDS = [
  "id",
  "displayName",
  "username",
  "leaveReason",
  (r: LeaveEntry) => r.voucherInfo?.vouchedBy,
  (r: LeaveEntry) => r.voucherInfo?.vouchedByUsername,
] as const;

/** One tab of the Discord logs, searched and paged by the host in SQL (logs page). */
export async function loadLogs(context: AppLoadContext, url: URL, { tab, hasTabParam }: RememberedTab<LogTab>) {
  const { q, page, size } = pageQueryOf(url.searchParams);
  const base = { tab, hasTabParam, q, size };
  try {
    if (tab === "join-log") {
      const { stale, ...join } = await searchedPage<JoinEntry>(
        context,
        "/api/join-log",
        { q, page, size },
        { fields: JOIN_FIELDS },
      );
      // Avatars only for the users on the page: our host sends them with the rows.
      const avatars =
        avatarsSentWith(join.rows, (r) => r.inviterId, "inviterAvatar") ??
        (await storedAvatars(
          context,
          join.rows.map((r) => r.inviterId),
        ));
      return { ...base, staleAsOf: stale, loadError: null, join, leave: null, avatars };
    }
    const { stale, ...leave } = await searchedPage<LeaveEntry>(
      context,
      "/api/removed-members",
      { q, page, size },
      { fields: [...LEAVE_FIELDS] },
    );
    const avatars =
      avatarsSentWith(leave.rows, (r) => r.voucherInfo?.vouchedBy, "vouchedByAvatar") ??
      (await storedAvatars(
        context,
        leave.rows.map((r) => r.voucherInfo?.vouchedBy),
      ));
    return { ...base, staleAsOf: stale, loadError: null, join: null, leave, avatars };
  } catch (error) {
    // The old app logged a failure and showed the table empty; the page also says why, with Retry.
    console.error("logs: load failed", tab, error);
    return {
      ...base,
      staleAsOf: null,
      loadError: `Failed to load the ${LOG_NAMES[tab].name}: ${failureReason(error)}`,
      join: null,
      leave: null,
      avatars: {},
    };
  }
}
