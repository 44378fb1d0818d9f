// What a live event says to the people watching (spec part 1 section 4, part 2 sections 4 and 8).
import type { Toast } from "../utils/toast";
import type { LiveEvent } from "../../contract/events";

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
    case "enemy_online":
      return { type: "warning", message: event.message ?? `An enemy came online on ${event.serverId}` };
    default:
      return null;
  }
}
