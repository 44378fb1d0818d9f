// What a live event says to the people watching.
import type { Toast } from "#app/utils/toast";
import type { LiveEvent } from "#contract/events";

export function toastForEvent(event: LiveEvent): Toast | null {
  switch (event.type) {
    case "vouches_update":
      return { type: "success", message: "Vouches updated! (live)" };
    case "codes_update":
      return { type: "success", message: "Codes updated! (live)" };
    case "discord_join":
      return { type: "success", message: event.message ?? "A member joined the Discord." };
    case "discord_leave":
      return { type: "warning", message: event.message ?? "A member left the Discord." };
    case "tribelist_added":
    case "tribelist_updated":
      return { type: "success", message: event.message ?? "Tribelist updated." };
    case "tribelist_deleted":
      return { type: "warning", message: event.message ?? "Tribelist entry removed." };
    case "stock_2411_update":
      return { type: "success", message: "2411 Stock updated! (live)" };
    case "breeder_list_update":
      return { type: "success", message: "Breeder list updated! Live update received." };
    case "breeder_update":
      return { type: "success", message: "A breeder entry was updated! Live update received." };
    case "joined_members_update":
      return { type: "success", message: "Join log updated! (live)" };
    case "removed_members_update":
      return { type: "success", message: "Leave log updated! (live)" };
    // A watched player's join is sent only to the members watching them (party/live.ts); its message names them.
    case "enemy_online":
    case "watch_online":
      return {
        type: "warning",
        message:
          event.message ??
          `${event.type === "watch_online" ? "A watched player" : "An enemy"} came online on ${event.serverId}`,
      };
    default:
      return null;
  }
}

/** The sheets whose changes arrive in bursts (several officers saving): their events are summed up in one toast. */
export const SHEET_EVENTS: Partial<Record<LiveEvent["type"], string>> = {
  stock_2411_update: "2411 Stock",
  breeder_list_update: "Breeder List",
  breeder_update: "Breeder tables",
};

/** How long a sheet's burst stays open after its last event, and at most after its first. */
export const BURST_QUIET_MS = 1500;
export const BURST_MAX_MS = 5000;

/** A burst of one sheet's changes: how many each person made, in the order they first appeared. */
export type Burst = { sheet: string; changes: Map<string, number> };

export function addToBurst(burst: Burst, event: LiveEvent): Burst {
  const changes = new Map(burst.changes);
  const who = event.by ?? "someone";
  changes.set(who, (changes.get(who) ?? 0) + (event.count ?? 1));
  return { ...burst, changes };
}

/** "2411 Stock: 12 changes by vaultkeeper and 2 others": the one who changed most named first. */
export function burstToast({ sheet, changes }: Burst): Toast {
  const total = [...changes.values()].reduce((a, b) => a + b, 0);
  const people = [...changes].sort((a, b) => b[1] - a[1]).map(([name]) => name);
  const others = people.length - 1;
  const who = others === 0 ? people[0] : `${people[0]} and ${others} ${others === 1 ? "other" : "others"}`;
  return { type: "success", message: `${sheet}: ${total} ${total === 1 ? "change" : "changes"} by ${who}` };
}
