// Where the figures come from: GET /api/sources (every signed-in member's screens show their figures' age
// from it) and PUT /api/sources/{id}/interval (admin: how often a source is expected to report); the Discord alerts'
// channels and deliveries under /api/alerts (admin).
import { Hono, type Context } from "hono";
import { z } from "zod";
import { isSourceId, MAX_INTERVAL_MS, MIN_INTERVAL_MS, SOURCE_IDS, type SourceId } from "#contract/sources";
import { ALERT_KIND_IDS, DISCORD_ORIGINS, isWebhookUrl, MAX_CHANNEL_NAME, MAX_CHANNELS } from "#contract/alerts";
import {
  addChannel,
  deleteChannel,
  listChannels,
  queueTest,
  recentDeliveries,
  updateChannel,
} from "#worker/domain/alerts";
import { database } from "#worker/domain/context";
import { discordUrls } from "#worker/platform/config";
import { setSourceInterval, sourceStates } from "#worker/domain/sources";
import type { WorkerEnv } from "#worker/types";
import { deps, fieldError, notFound, valid } from "./http";
import type { AlertKind } from "#contract/alerts";

const sourceParam = z.object({
  id: z.string().refine(isSourceId, `must be one of ${SOURCE_IDS.join(", ")}`),
});
const intervalBody = z.object({
  intervalMs: z
    .number({ invalid_type_error: "must be a whole number of milliseconds, or null for the default" })
    .int("must be a whole number of milliseconds")
    .min(MIN_INTERVAL_MS, `must be at least ${MIN_INTERVAL_MS} (one minute)`)
    .max(MAX_INTERVAL_MS, `must be at most ${MAX_INTERVAL_MS} (30 days)`)
    .nullable(),
});

export const sourcesApi = new Hono<WorkerEnv>()
  .get("/api/sources", async (c) =>
    c.json({ sources: await sourceStates(database(c.env), c.get("config")), now: Date.now() }),
  )
  .put("/api/sources/:id/interval", valid("param", sourceParam), valid("json", intervalBody), async (c) =>
    c.json(await setSourceInterval(deps(c), c.req.valid("param").id as SourceId, c.req.valid("json").intervalMs)),
  );

/** Where a webhook may point: Discord, or the configured Discord (the local stand-in in development and tests). */
function webhookBases(c: Context<WorkerEnv>) {
  const api = discordUrls(c.get("config"), new URL(c.req.url).origin).api;
  return [...DISCORD_ORIGINS, api.replace(/\/api(\/v\d+)?$/, "")];
}

const kinds = z
  .array(
    z.enum(ALERT_KIND_IDS as [string, ...string[]], {
      errorMap: () => ({ message: `must be among ${ALERT_KIND_IDS.join(", ")}` }),
    }),
  )
  .min(1, "must name at least one kind of alert")
  .max(ALERT_KIND_IDS.length)
  .transform((k) => [...new Set(k)]);
const channelFields = {
  name: z.string().trim().min(1, "is required").max(MAX_CHANNEL_NAME, `must be at most ${MAX_CHANNEL_NAME} characters`),
  url: z.string().trim().max(300, "must be at most 300 characters"),
  kinds,
  stockPercent: z.number().int("must be a whole number").min(1, "must be 1 to 100").max(100, "must be 1 to 100"),
};
const channelBody = z.object({ ...channelFields, stockPercent: channelFields.stockPercent.optional() });
const channelChange = z.object(channelFields).partial();
const channelParam = z.object({ id: z.coerce.number({ invalid_type_error: "must be a channel id" }).int().positive() });

const badWebhook = (c: Context) =>
  fieldError(c, "url", "must be a Discord webhook address (https://discord.com/api/webhooks/{id}/{token})");

export const alertsApi = new Hono<WorkerEnv>()
  .get("/api/alerts/channels", async (c) => c.json(await listChannels(database(c.env))))
  .post("/api/alerts/channels", valid("json", channelBody), async (c) => {
    const body = c.req.valid("json");
    if (!isWebhookUrl(body.url, webhookBases(c))) return badWebhook(c);
    if ((await listChannels(database(c.env))).length >= MAX_CHANNELS) {
      return c.json(
        { error: "validation", message: `There are already ${MAX_CHANNELS} channels: remove one first.`, field: "url" },
        400,
      );
    }
    const id = await addChannel(deps(c), { ...body, kinds: body.kinds as AlertKind[] });
    return c.json({ id }, 201);
  })
  .patch("/api/alerts/channels/:id", valid("param", channelParam), valid("json", channelChange), async (c) => {
    const body = c.req.valid("json");
    if (body.url !== undefined && !isWebhookUrl(body.url, webhookBases(c))) return badWebhook(c);
    const id = await updateChannel(deps(c), c.req.valid("param").id, {
      ...body,
      kinds: body.kinds as AlertKind[] | undefined,
    });
    return id ? c.json({ id }) : notFound(c, "alert channel", String(c.req.valid("param").id));
  })
  .delete("/api/alerts/channels/:id", valid("param", channelParam), async (c) =>
    (await deleteChannel(deps(c), c.req.valid("param").id))
      ? c.json({ deleted: true })
      : notFound(c, "alert channel", String(c.req.valid("param").id)),
  )
  // A test message to one channel, through the same outbox as every alert.
  .post("/api/alerts/channels/:id/test", valid("param", channelParam), async (c) => {
    const domain = deps(c);
    const { db, actor } = domain;
    const channels = await listChannels(db);
    const channel = channels.find((ch) => ch.id === c.req.valid("param").id);
    if (!channel) return notFound(c, "alert channel", String(c.req.valid("param").id));
    const now = Date.now();
    await queueTest(domain, channel.id, `✅ Test alert from the tribe dashboard, sent by ${actor.name}`, now);
    return c.json({ queued: 1 });
  })
  .get("/api/alerts/deliveries", async (c) => c.json(await recentDeliveries(database(c.env))));
