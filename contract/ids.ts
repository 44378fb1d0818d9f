// The ids the API speaks: 24-hex-character record ids (like the old backend's MongoDB ObjectIds) and Discord ids
// (snowflakes). One pattern each, for the host API, the BFF's forms and the configuration.
import { z } from "zod";

/** A record id: 24 lowercase hex characters. */
export const OBJECT_ID = /^[0-9a-f]{24}$/;
export const objectIdSchema = z
  .string({ required_error: "is required" })
  .regex(OBJECT_ID, "must be a 24-character hex id");

/** A Discord id (snowflake): 17 to 20 digits. */
export const DISCORD_ID = /^\d{17,20}$/;
export const isDiscordId = (v: unknown): v is string => typeof v === "string" && DISCORD_ID.test(v);
export const discordIdSchema = z
  .string({ invalid_type_error: "must be a Discord id" })
  .regex(DISCORD_ID, "must be a Discord id (17 to 20 digits)");

/**
 * The version a save is based on (codes, tribelist entries): the one the row had when it was read. A save based on an
 * older version is refused with 409. A number in JSON; forms send it as digits.
 */
export const versionSchema = z
  .union([z.number(), z.string().regex(/^\d+$/, "must be a whole number").transform(Number)])
  .pipe(
    z
      .number({ invalid_type_error: "must be a whole number" })
      .int("must be a whole number")
      .positive("must be positive"),
  )
  .optional();
