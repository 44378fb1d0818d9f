// The community part of the host API (mounted at the root; routes carry their full paths): codes, the three
// tribelists, the Discord join log and removed members, the Discord bot's ingestion, kicks and avatars.
import { Hono, type Context } from "hono";
import { z } from "zod";
import { createCode, deleteCode, findCode, listCodes, searchCodes, updateCode } from "#worker/domain/codes";
import { codeFields, codeUpdate } from "#contract/codes";
import {
  avatarCacheMap,
  discordClient,
  DiscordError,
  fetchVouchAvatar,
  kickEverywhere,
  resolveAvatar,
  resolveAvatars,
} from "#worker/domain/discord";
import { listJoinLog, listRemovedMembers, searchJoinLog, searchRemovedMembers } from "#worker/domain/members";
import { ingestJoins, ingestLeaves, ingestVouches } from "#worker/domain/members-ingest";
import { joinBatch, leaveBatch, vouchBatch } from "#worker/domain/members-input";
import { addEntry, clearEntries, deleteEntry, listEntries, updateEntry } from "#worker/domain/tribelists";
import { entryCreate, entryUpdate } from "#contract/tribelist-input";
import { TRIBELIST_SERVERS, tribelistPath } from "#contract/tribelists";
import { refreshRoles } from "#worker/platform/access";
import type { WorkerEnv } from "#worker/types";
import { deps, executionContext, fieldError, notFound, pageQuery, valid } from "./http";
import { discordIdSchema, objectIdSchema } from "#contract/ids";

const objectIdParam = z.object({ _id: objectIdSchema });

/**
 * 409: the save was based on an older version of the record (or kept losing a race with other saves); nothing was
 * written. The answer carries the record as it now is, so the page can show the newer values.
 */
const conflict = (c: Context, what: string, sent: number | undefined, current: { version: number }) =>
  c.json(
    {
      error: "conflict",
      message: `${what} changed since ${sent === undefined ? "it was read" : `version ${sent}`}; it is now at version ${current.version}. Reload and try again.`,
      current,
    },
    409,
  );

/** Discord's REST API as this request reaches it (the configured URL, Discord, or the stand-in on this origin). */
const discord = (c: Context<WorkerEnv>) => discordClient(c.get("config"), new URL(c.req.url).origin);

export const communityApi = new Hono<WorkerEnv>();

// Codes ------------------------------------------------------------------------------------------------------------

communityApi
  .get("/api/codes", async (c) => c.json(await listCodes(deps(c).db)))
  .get("/api/codes/search", valid("query", pageQuery), async (c) =>
    c.json(await searchCodes(deps(c).db, c.req.valid("query"))),
  )
  .post("/api/codes", valid("json", codeFields), async (c) =>
    c.json(await createCode(deps(c), c.req.valid("json")), 201),
  )
  .put("/api/codes/:_id", valid("param", objectIdParam), valid("json", codeUpdate), async (c) => {
    const { _id } = c.req.valid("param");
    const { _id: bodyId, id, version, ...fields } = c.req.valid("json");
    const d = deps(c);
    const current = await findCode(d.db, _id);
    if (!current) return notFound(c, "code", _id);
    if (bodyId !== undefined && bodyId !== _id) return fieldError(c, "_id", "must match the id in the path");
    if (id !== undefined && id !== current.id) return fieldError(c, "id", "cannot be changed");
    // The code just read is where the save starts: no second read of it.
    const saved = await updateCode(d, _id, fields, version, current);
    if (!saved) return notFound(c, "code", _id);
    if ("conflict" in saved) return conflict(c, `Code ${saved.conflict.id}`, version, saved.conflict);
    return c.json(saved.saved);
  })
  .delete("/api/codes/:_id", valid("param", objectIdParam), async (c) => {
    const { _id } = c.req.valid("param");
    if (!(await deleteCode(deps(c), _id))) return notFound(c, "code", _id);
    return c.json({ message: "Code deleted." });
  });

// Tribelists: /api/tribelist (2411), /api/tribelist-2573, /api/tribelist-2446 ----------------------------------------

for (const server of TRIBELIST_SERVERS) {
  const base = tribelistPath(server);
  communityApi
    .get(base, async (c) => c.json(await listEntries(deps(c).db, server)))
    .post(base, valid("json", entryCreate), async (c) =>
      c.json(await addEntry(deps(c), server, c.req.valid("json")), 201),
    )
    .delete(base, async (c) => {
      const deleted = await clearEntries(deps(c), server);
      return c.json({ message: `Cleared the ${server} tribelist.`, deleted });
    })
    .put(`${base}/:_id`, valid("param", objectIdParam), valid("json", entryUpdate), async (c) => {
      const { _id } = c.req.valid("param");
      const body = c.req.valid("json");
      if (body._id !== undefined && body._id !== _id) return fieldError(c, "_id", "must match the id in the path");
      const saved = await updateEntry(deps(c), server, _id, body);
      if (!saved) return notFound(c, `${server} tribelist entry`, _id);
      if ("conflict" in saved) return conflict(c, `The entry ${saved.conflict.name}`, body.version, saved.conflict);
      return c.json(saved.saved);
    })
    .delete(`${base}/:_id`, valid("param", objectIdParam), async (c) => {
      const { _id } = c.req.valid("param");
      const removed = await deleteEntry(deps(c), server, _id);
      if (!removed) return notFound(c, `${server} tribelist entry`, _id);
      return c.json({ message: `Removed entry: ${removed.name}.` });
    });
}

// Discord join log and removed members, and what the Discord bot reports --------------------------------------------

communityApi
  .get("/api/join-log", async (c) => c.json(await listJoinLog(deps(c).db)))
  .get("/api/removed-members", async (c) => c.json(await listRemovedMembers(deps(c).db)))
  // The Logs page's paged searches (the whole lists above stay for old clients).
  .get("/api/join-log/search", valid("query", pageQuery), async (c) =>
    c.json(await searchJoinLog(deps(c).db, c.req.valid("query"))),
  )
  .get("/api/removed-members/search", valid("query", pageQuery), async (c) =>
    c.json(await searchRemovedMembers(deps(c).db, c.req.valid("query"))),
  )
  .post("/api/ingest/discord/joins", valid("json", joinBatch), async (c) =>
    c.json(await ingestJoins(deps(c), c.req.valid("json"))),
  )
  .post("/api/ingest/discord/leaves", valid("json", leaveBatch), async (c) =>
    c.json(await ingestLeaves(deps(c), c.req.valid("json"))),
  )
  .post("/api/ingest/discord/vouches", valid("json", vouchBatch), async (c) =>
    c.json(await ingestVouches(deps(c), c.req.valid("json"))),
  )
  // The bot saw a member's roles change: they are read again from Discord now, and the member's next request has them
  // (contract/access.ts). Admin only: it changes what someone may do.
  .post("/api/ingest/discord/member-roles", valid("json", z.object({ userId: discordIdSchema })), async (c) => {
    const { userId } = c.req.valid("json");
    const roles = await refreshRoles(c.env.DB, c.get("config"), new URL(c.req.url).origin, userId, { fresh: true });
    if (!roles)
      return c.json(
        { error: "discord", message: "Discord could not be asked for the member's roles; try again." },
        502,
      );
    return c.json({ userId, roles });
  });

// Kicks and avatars, through Discord's REST API with the bot token ------------------------------------------------

const avatarIds = z.object({
  ids: z
    .string()
    .optional()
    .transform((v) => (v === undefined ? undefined : v.split(",").filter(Boolean)))
    .pipe(z.array(discordIdSchema).max(100, "names at most 100 ids").optional()),
});

communityApi
  .post("/kick/:vouchedId", valid("param", z.object({ vouchedId: discordIdSchema })), async (c) => {
    const { vouchedId } = c.req.valid("param");
    const outcome = await kickEverywhere(deps(c), discord(c), c.get("config").DISCORD_GUILD_IDS, vouchedId);
    // A kicked member's roles (and so their sessions' and tokens' access) are read again from Discord at once.
    if (outcome.results.some((r) => r.status === "kicked")) {
      executionContext(c)?.waitUntil(
        refreshRoles(c.env.DB, c.get("config"), new URL(c.req.url).origin, vouchedId, { fresh: true }),
      );
    }
    return c.json(outcome);
  })
  .get("/avatar/:discordId", valid("param", z.object({ discordId: discordIdSchema })), async (c) => {
    const { discordId } = c.req.valid("param");
    const avatar = await resolveAvatar(deps(c).db, discord(c), discordId);
    return c.json({ avatarURL: avatar.url, avatarHash: avatar.hash });
  })
  // The map of every known avatar, or (?ids=a,b) of those users only: a page asks for its own rows' avatars.
  .get("/api/vouches/avatar-cache", valid("query", avatarIds), async (c) =>
    c.json(await avatarCacheMap(deps(c).db, c.req.valid("query").ids)),
  )
  .post(
    "/api/vouches/avatars",
    valid("json", z.object({ discordIds: z.array(discordIdSchema).max(200, "holds at most 200 ids") })),
    async (c) => {
      const { discordIds } = c.req.valid("json");
      const found = await resolveAvatars(deps(c).db, discord(c), discordIds);
      return c.json(
        Object.fromEntries([...found].map(([id, a]) => [id, { url: a.url, hash: a.hash, timestamp: a.timestamp }])),
      );
    },
  )
  .post("/api/vouches/:_id/fetch-avatar", valid("param", objectIdParam), async (c) => {
    const { _id } = c.req.valid("param");
    try {
      const fetched = await fetchVouchAvatar(deps(c), discord(c), _id);
      if (!fetched) return notFound(c, "vouch", _id);
      return c.json({ vouchedAvatar: fetched.vouchedAvatar, vouchedAvatarHash: fetched.vouchedAvatarHash });
    } catch (error) {
      if (error instanceof DiscordError) return c.json({ error: "discord_unavailable", message: error.message }, 502);
      throw error;
    }
  });
