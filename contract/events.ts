// The messages the live room sends to browsers: one tagged union, validated by the publisher and by every receiver.
import { z } from "zod";

const withMessage = <T extends string>(type: T) => z.object({ type: z.literal(type), message: z.string().optional() });
const perServer = <T extends string>(type: T) =>
  z.object({ type: z.literal(type), serverId: z.string(), message: z.string().optional() });

export const liveEventSchema = z.discriminatedUnion("type", [
  withMessage("vouches_update"),
  withMessage("codes_update"),
  withMessage("discord_join"),
  withMessage("discord_leave"),
  withMessage("tribelist_added"),
  withMessage("tribelist_updated"),
  withMessage("tribelist_deleted"),
  withMessage("stock_2411_update"),
  withMessage("breeder_list_update"),
  withMessage("breeder_update"),
  withMessage("joined_members_update"),
  withMessage("removed_members_update"),
  withMessage("weeklymembers_update"),
  perServer("eoserver_status_update"),
  perServer("joinlog_update"),
  perServer("leavelog_update"),
  perServer("tribemembers_update"),
  perServer("unknowns_update"),
  perServer("enemies_update"),
  perServer("friendlys_update"),
  perServer("enemy_online"),
]);

export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventType = LiveEvent["type"];
export const LIVE_EVENT_TYPES = liveEventSchema.options.map((o) => o.shape.type.value) as LiveEventType[];

/** Parses one socket message; anything malformed is dropped (spec part 1: parse errors are ignored). */
export function parseLiveEvent(data: unknown): LiveEvent | null {
  if (typeof data !== "string") return null;
  try {
    const parsed = liveEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Where the browser connects: partyserver's /parties/{kebab-case class}/{room}. */
export const LIVE_PARTY = "live";
export const LIVE_ROOM = "main";
