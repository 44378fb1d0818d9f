// What the Discord bot posts to the ingestion routes: joins, leaves and vouches, checked and normalized (times to
// epoch milliseconds, vouch dates to the UTC day), and the batches they come in.
import { z } from "zod";
import { VOUCH_STATUSES } from "#drizzle/schema";
import { discordIdSchema } from "#contract/ids";
import { parseVouchDate } from "./vouches";

/** Discord's epoch (2015-01-01): no Discord event is older. Seconds instead of milliseconds would fall before it. */
const DISCORD_EPOCH = 1420070400000;
/** Epoch milliseconds, or an ISO 8601 date-time (as Discord's API writes them). */
const instant = z.union(
  [
    z.number().int().min(DISCORD_EPOCH, "must be epoch milliseconds").max(8.64e15),
    z
      .string()
      .datetime({ offset: true, message: "must be epoch milliseconds or an ISO 8601 date-time" })
      .transform((s) => Date.parse(s)),
  ],
  {
    errorMap: (issue, ctx) => ({
      message:
        issue.code === "invalid_union" ? "must be epoch milliseconds or an ISO 8601 date-time" : ctx.defaultError,
    }),
  },
);
const snowflake = discordIdSchema;
const name = z.string().max(100, "is at most 100 characters").nullable().optional();
const url = z.string().url("must be a URL").max(500).nullable().optional();

export const joinInput = z.object({
  id: snowflake,
  displayName: name,
  username: name,
  avatarURL: url,
  joinedAt: instant,
  /** When the Discord account was created; read from the id when absent. */
  createdAt: instant.nullable().optional(),
  inviteCode: z.string().max(100).nullable().optional(),
  inviterId: snowflake.nullable().optional(),
});

export const leaveInput = z
  .object({
    id: snowflake,
    displayName: name,
    username: name,
    userAvatarURL: url,
    joinedAt: instant.nullable().optional(),
    leftAt: instant,
    leaveReason: z.string().max(500).nullable().optional(),
    /** Who vouched for the member; looked up in the vouches when absent. */
    voucherInfo: z
      .object({
        id: z.string().max(40).nullable().optional(),
        vouchedBy: z.string().max(40).nullable().optional(),
        vouchedByUsername: name,
      })
      .nullable()
      .optional(),
  })
  .refine((l) => l.joinedAt == null || l.joinedAt <= l.leftAt, {
    message: "must not be after leftAt",
    path: ["joinedAt"],
  });

const vouchDate = z.string().transform((s, ctx) => {
  const trimmed = s.trim();
  const ms = parseVouchDate(trimmed) ?? (/^\d{4}-\d{2}-\d{2}(T.*)?$/.test(trimmed) ? Date.parse(trimmed) : null);
  if (ms === null || Number.isNaN(ms)) {
    ctx.addIssue({ code: "custom", message: "must be a date as month/day/year (or ISO 8601)" });
    return z.NEVER;
  }
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
});
const free = z.string().max(500, "is at most 500 characters").nullable().optional();

export const vouchInput = z.object({
  /** The Discord message the vouch was made in: re-sending it adds nothing. */
  sourceMessageId: snowflake,
  vouched: snowflake,
  vouchedUsername: name,
  vouchedBy: snowflake,
  vouchedByUsername: name,
  /** month/day/year; today (UTC) when absent. */
  vouchedAt: vouchDate.optional(),
  status: z
    .enum(VOUCH_STATUSES, { errorMap: () => ({ message: `must be one of ${VOUCH_STATUSES.join(", ")}` }) })
    .optional(),
  username: name,
  displayName: name,
  discordId: snowflake.nullable().optional(),
  notes: free,
  aliases: free,
  igName: name,
  igNameServer2: name,
  igNameServer3: name,
  vouchedAvatar: url,
  vouchedAvatarHash: z.string().max(100).nullable().optional(),
});

const batch = <T extends z.ZodTypeAny>(item: T, max: number) =>
  z
    .array(item, { message: "must be an array of entries" })
    .min(1, "must hold at least one entry")
    .max(max, `holds at most ${max} entries per request`);
export const joinBatch = batch(joinInput, 500);
export const leaveBatch = batch(leaveInput, 500);
export const vouchBatch = batch(vouchInput, 100);
