// The players part of the host API: profiles, the player search, a tribe's heatmap, who was on at a past minute, and
// the tribe's notes, tags and watches on players (reading needs server-stats view, changes tribelists edit:
// contract/access.ts).
import { Hono } from "hono";
import { z } from "zod";
import { EOS_ID, MAX_NOTE, MAX_TAGS, ROSTER_AT_DAYS } from "#contract/players";
import { SERVER_IDS, type ServerId } from "#contract/servers";
import { MAX_QUERY } from "#contract/search";
import { DAY_MS } from "#contract/time";
import { isTimeZone } from "#contract/zones";
import { allSessions, playerProfile, rosterAt, searchPlayers, tribeProfile } from "#worker/domain/players/profile";
import { saveNote, setWatch } from "#worker/domain/players/watches";
import type { WorkerEnv } from "#worker/types";
import { blankIsMissing, deps, fieldError, notFound, valid } from "./http";

const eosParam = z.object({
  eosId: z
    .string()
    .transform((v) => v.toLowerCase())
    .refine((v) => EOS_ID.test(v), "must be an EOS id (32 hex characters)"),
});
const zone = z.preprocess(
  blankIsMissing,
  z.string().max(64).refine(isTimeZone, "must be a time zone such as Europe/Berlin").default("UTC"),
);
const profileQuery = z.object({
  tz: zone,
  page: z.preprocess(blankIsMissing, z.coerce.number().int("must be a whole number").min(1).default(1)),
});
const noteBody = z.object({
  text: z.string().max(MAX_NOTE, `is at most ${MAX_NOTE} characters`),
  tags: z.array(z.string().max(100)).max(MAX_TAGS * 2, `holds at most ${MAX_TAGS} tags`),
  version: z.number().int().nullable(),
});
const watchBody = z.object({ watch: z.boolean({ invalid_type_error: "must be true or false" }) });
const rosterAtQuery = z.object({
  at: z.preprocess(
    blankIsMissing,
    z.coerce.number({ required_error: "is required", invalid_type_error: "must be epoch milliseconds" }).int(),
  ),
});

export const playersApi = new Hono<WorkerEnv>()
  .get("/api/players/search", valid("query", z.object({ q: z.string().max(MAX_QUERY).default("") })), async (c) =>
    c.json({ rows: await searchPlayers(deps(c).db, c.req.valid("query").q) }),
  )
  .get("/api/players/:eosId", valid("param", eosParam), valid("query", profileQuery), async (c) => {
    const { eosId } = c.req.valid("param");
    const { tz, page } = c.req.valid("query");
    const profile = await playerProfile(deps(c).db, eosId, { id: c.get("caller").userId, zone: tz }, page);
    return profile ? c.json(profile) : notFound(c, "player", eosId);
  })
  // Every session, newest first, for the CSV export.
  .get("/api/players/:eosId/sessions", valid("param", eosParam), async (c) =>
    c.json({ rows: await allSessions(deps(c).db, c.req.valid("param").eosId) }),
  )
  .put("/api/players/:eosId/note", valid("param", eosParam), valid("json", noteBody), async (c) => {
    const { eosId } = c.req.valid("param");
    const result = await saveNote(deps(c), eosId, c.req.valid("json"));
    if ("error" in result) return fieldError(c, "note", result.error);
    if ("conflict" in result)
      return c.json(
        { error: "conflict", message: "Someone else changed this note since you opened it.", current: result.conflict },
        409,
      );
    return c.json(result.saved);
  })
  .put("/api/players/:eosId/watch", valid("param", eosParam), valid("json", watchBody), async (c) => {
    const { eosId } = c.req.valid("param");
    return c.json(await setWatch(deps(c), eosId, c.get("caller").userId, c.req.valid("json").watch));
  })
  .get(
    "/api/tribes/:tribe",
    valid("param", z.object({ tribe: z.string().trim().min(1, "is required").max(60, "is at most 60 characters") })),
    valid("query", z.object({ tz: zone })),
    async (c) => {
      const { tribe } = c.req.valid("param");
      const found = await tribeProfile(deps(c).db, tribe, c.req.valid("query").tz);
      return found ? c.json(found) : notFound(c, "tribe", tribe);
    },
  )
  .get(
    "/api/roster-at/:serverId",
    valid(
      "param",
      z.object({ serverId: z.enum(SERVER_IDS, { errorMap: () => ({ message: "must be 2411, 2573 or 2446" }) }) }),
    ),
    valid("query", rosterAtQuery),
    async (c) => {
      const { at } = c.req.valid("query");
      const now = Date.now();
      if (at > now) return fieldError(c, "at", "must not be in the future");
      if (at < now - ROSTER_AT_DAYS * DAY_MS)
        return fieldError(c, "at", `must be within the last ${ROSTER_AT_DAYS} days`);
      return c.json(await rosterAt(deps(c).db, c.req.valid("param").serverId as ServerId, at));
    },
  );
