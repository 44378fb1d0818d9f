// The servers part of the host API (mounted at the root; routes carry their full paths): server status, join and
// leave logs, the activity tabs, manual refresh, population history, weekly members, and ingestion for game-server
// collectors. Also mounts the local official server list stand-in at /__official/servers.json (development only).
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { ingestEvents, listActivity, listLog } from "#worker/domain/servers/events";
import { populationJson } from "#worker/domain/servers/population";
import { recordSnapshot } from "#worker/domain/servers/snapshots";
import { serverStatusJson } from "#worker/domain/servers/status";
import {
  ingestWeeklyMembers,
  listWeeklyMembers,
  refreshWeeklyMembers,
  searchWeeklyMembers,
} from "#worker/domain/servers/weekly-members";
import { ACTIVITY_CLASSES, parseTime } from "#worker/domain/servers-rules";
import { isServerId, POPULATION_RANGES, WEEKLY_ACTIVITY, type PopulationRange, type ServerId } from "#contract/servers";
import { refreshServer } from "#worker/jobs/snapshot";
import { officialStandin } from "#worker/sources/official-standin";
import type { WorkerEnv } from "#worker/types";
import type { Db } from "#worker/domain/context";
import { blankIsMissing, deps, notFound, pageQuery, valid } from "./http";

const serverParam = z.object({ serverId: z.string().regex(/^\d{1,10}$/, "must be a server id such as 2411") });

/** 404 for a well-formed id that is not one of the tracked servers (2411, 2573, 2446). */
const knownServer = createMiddleware<WorkerEnv>(async (c, next) => {
  const id = c.req.param("serverId") ?? "";
  if (!isServerId(id)) return notFound(c, "server", id);
  await next();
});

// ---------------------------------------------------------------------------------------------------------------
// Ingestion bodies. Text is trimmed; an empty status or tribe is kept as "" (it means unknown / no tribe).

const MAX_FUTURE_MS = 5 * 60 * 1000;
const text = (maxLength: number) => z.string().trim().max(maxLength, `is at most ${maxLength} characters`);
const optionalText = (maxLength: number) =>
  text(maxLength)
    .nullish()
    .transform((v) => v ?? null);
const eosId = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{32}$/, "must be an EOS id (32 hex characters)")
  .transform((v) => v.toLowerCase());
const time = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const ms = parseTime(v);
  if (ms === null) {
    ctx.addIssue({ code: "custom", message: "must be epoch milliseconds or an ISO 8601 date-time" });
    return z.NEVER;
  }
  if (ms > Date.now() + MAX_FUTURE_MS) {
    ctx.addIssue({ code: "custom", message: "must not be in the future" });
    return z.NEVER;
  }
  return ms;
});
const steamLink = z
  .string()
  .trim()
  .max(300, "is at most 300 characters")
  .url("must be a URL")
  .refine((v) => /^https?:\/\//i.test(v), "must be an http(s) URL")
  .nullish()
  .transform((v) => v ?? null);

/** An issue at each entry of `list` (the body's `key`) whose eosId an earlier entry has. */
function refuseRepeatedEosIds(list: { eosId: string }[], key: string, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  list.forEach((entry, i) => {
    if (seen.has(entry.eosId)) ctx.addIssue({ code: "custom", path: [key, i, "eosId"], message: "is listed twice" });
    seen.add(entry.eosId);
  });
}

const player = z.object({
  eosId,
  displayName: optionalText(100),
  name: optionalText(100),
  status: optionalText(20),
  tribe: optionalText(60),
  platform: optionalText(20),
  lastArkLaunch: optionalText(40),
  steamProfileLink: steamLink,
});

const rosterBody = z
  .object({
    online: z.boolean({ required_error: "is required", invalid_type_error: "must be true or false" }),
    playerCount: z.number().int().min(0).max(1000).nullish(),
    maxPlayers: z.number().int().min(1).max(1000).nullish(),
    errorDetails: optionalText(500),
    observedAt: time.optional(),
    players: z.array(player).max(200, "holds at most 200 players"),
  })
  .superRefine((body, ctx) => {
    if (!body.online && body.players.length > 0) {
      ctx.addIssue({ code: "custom", path: ["players"], message: "must be empty when the server is offline" });
    }
    refuseRepeatedEosIds(body.players, "players", ctx);
  });

const eventsBody = z.object({
  events: z
    .array(
      z.object({
        eventType: z.enum(["join", "leave"], { errorMap: () => ({ message: "must be join or leave" }) }),
        eosId,
        displayName: optionalText(100),
        memberName: optionalText(100),
        name: optionalText(100),
        status: optionalText(20),
        tribe: optionalText(60),
        platform: optionalText(20),
        eventTime: time,
        lastArkLaunch: optionalText(40),
        steamProfileLink: steamLink,
      }),
    )
    .min(1, "holds at least one event")
    .max(2000, "holds at most 2000 events"),
});

const weeklyBody = z
  .object({
    members: z
      .array(
        z
          .object({
            eosId,
            displayName: text(100).nullish(),
            memberName: text(100).nullish(),
            status: text(20).nullish(),
            isActiveThisWeek: z.boolean().optional(),
            isTribeMember: z.boolean().optional(),
            tribe: text(60).nullish(),
            platform: text(20).nullish(),
            eventType: z
              .enum(WEEKLY_ACTIVITY, { errorMap: () => ({ message: "must be active or inactive" }) })
              .optional(),
            eventTime: time.nullish(),
            lastArkLaunch: text(40).nullish(),
            steamProfileLink: steamLink.optional(),
          })
          .refine(
            (m) =>
              m.isActiveThisWeek === undefined ||
              m.eventType === undefined ||
              m.isActiveThisWeek === (m.eventType === "active"),
            { message: "disagrees with isActiveThisWeek", path: ["eventType"] },
          ),
      )
      .min(1, "holds at least one member")
      .max(2000, "holds at most 2000 members"),
  })
  .superRefine((body, ctx) => refuseRepeatedEosIds(body.members, "members", ctx));

/** The Weekly Members page's paged search: a tab (active by default), `q`, `page` and `size`. */
const weeklySearchQuery = pageQuery.extend({
  tab: z.preprocess(
    blankIsMissing,
    z.enum(WEEKLY_ACTIVITY, { errorMap: () => ({ message: "must be active or inactive" }) }).default("active"),
  ),
});

const serverOf = (param: { serverId: string }) => param.serverId as ServerId;

const RANGES = Object.keys(POPULATION_RANGES) as [PopulationRange, ...PopulationRange[]];
const populationQuery = z.object({
  range: z.enum(RANGES, { errorMap: () => ({ message: `must be ${RANGES.join(" or ")}` }) }).default("24h"),
});

export const serversApi = new Hono<WorkerEnv>()
  .get("/api/eoserver-status/:serverId", valid("param", serverParam), knownServer, async (c) =>
    c.json(await serverStatusJson(deps(c).db, serverOf(c.req.valid("param")))),
  )
  .post("/api/eoserver-refresh/:serverId", valid("param", serverParam), knownServer, async (c) => {
    // The snapshot job for this server, now. A failing source marks the server offline (with the reason) and is
    // still a successful refresh: the status answer shows what happened.
    const { actor } = deps(c);
    await refreshServer(c.env, serverOf(c.req.valid("param")), actor);
    return c.json({ message: "Manual refresh triggered! Server data will be updated shortly." });
  })
  .get(
    "/api/eoserver-population/:serverId",
    valid("param", serverParam),
    knownServer,
    valid("query", populationQuery),
    async (c) => c.json(await populationJson(deps(c).db, serverOf(c.req.valid("param")), c.req.valid("query").range)),
  )
  .get("/api/weeklymembers", async (c) => c.json(await listWeeklyMembers(deps(c).db)))
  // The Weekly Members page's tab, searched and paged (the whole list above stays for old clients).
  .get("/api/weeklymembers/search", valid("query", weeklySearchQuery), async (c) =>
    c.json(await searchWeeklyMembers(deps(c).db, c.req.valid("query"))),
  )
  .post("/api/weeklymembers-refresh", async (c) => c.json(await refreshWeeklyMembers(deps(c))))
  .post(
    "/api/ingest/servers/:serverId/roster",
    valid("param", serverParam),
    knownServer,
    valid("json", rosterBody),
    async (c) => {
      const body = c.req.valid("json");
      if (body.observedAt !== undefined) c.set("observedAt", body.observedAt);
      const result = await recordSnapshot(
        deps(c),
        serverOf(c.req.valid("param")),
        {
          online: body.online,
          playerCount: body.playerCount,
          maxPlayers: body.maxPlayers,
          errorDetails: body.errorDetails,
          source: "ingest",
          roster: body.players,
          observedAt: body.observedAt,
        },
        "ingest",
      );
      return c.json(result);
    },
  )
  .post(
    "/api/ingest/servers/:serverId/events",
    valid("param", serverParam),
    knownServer,
    valid("json", eventsBody),
    async (c) => {
      const { events } = c.req.valid("json");
      const rows = events.map(({ name, memberName, ...e }) => ({ ...e, memberName: memberName ?? name }));
      return c.json(await ingestEvents(deps(c), serverOf(c.req.valid("param")), rows));
    },
  )
  .post("/api/ingest/weekly-members", valid("json", weeklyBody), async (c) =>
    c.json(await ingestWeeklyMembers(deps(c), c.req.valid("json").members)),
  )
  // The local official server list (development only; 404 unless OFFICIAL_SERVER_LIST_STANDIN is "true").
  .route("/", officialStandin);

/** The per-server lists: the join and leave logs and the four activity tabs. */
const SERVER_LISTS: Record<string, (db: Db, serverId: ServerId) => Promise<unknown>> = {
  joinlog: (db, serverId) => listLog(db, serverId, "join"),
  leavelog: (db, serverId) => listLog(db, serverId, "leave"),
  ...Object.fromEntries(
    ACTIVITY_CLASSES.map((kind) => [kind, (db: Db, serverId: ServerId) => listActivity(db, serverId, kind)]),
  ),
};
for (const [name, read] of Object.entries(SERVER_LISTS)) {
  serversApi.get(`/api/${name}/:serverId`, valid("param", serverParam), knownServer, async (c) =>
    c.json(await read(deps(c).db, serverOf(c.req.valid("param")))),
  );
}
