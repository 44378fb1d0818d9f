// Discord alerts: the configured channels (a webhook and its kinds each) and a D1 outbox of deliveries, sent by the
// cron and by the request that queued them, paced per channel and retried with backoff
// (ADR 043, docs/product/sources-and-audit.md).
import { and, asc, desc, eq, gte, lte, sql } from "drizzle-orm";
import {
  CHANNEL_PER_MINUTE,
  DEFAULT_STOCK_PERCENT,
  MAX_ATTEMPTS,
  maskWebhook,
  retryDelay,
  type AlertKind,
} from "#contract/alerts";
import { MINUTE_MS } from "#contract/time";
import { alertChannels, alertDeliveries } from "#drizzle/schema";
import { commit, type Db, type Deps } from "./context";
import { chunk } from "./d1-chunks";

/** Something to tell the channels: its kind, a key that names this occurrence (for deduplication), and the words. */
export type Alert = {
  kind: AlertKind;
  key: string;
  content: string;
  /** stock-low: the item's share of its target. */ percent?: number;
};

/**
 * Queues an alert for every channel that receives its kind, once per channel and key, and (in a request) sends what is
 * due once the answer is made, rather than at the next cron. Answers how many were queued. Never throws: the change
 * that raised the alert is already stored, and a lost alert must not undo or fail it.
 */
export async function queueAlerts(
  deps: Pick<Deps, "db" | "afterAnswer">,
  alerts: readonly Alert[],
  now = Date.now(),
): Promise<number> {
  if (!alerts.length) return 0;
  try {
    const queued = await queue(deps.db, alerts, now);
    if (queued && deps.afterAnswer) deps.afterAnswer(() => deliverAlerts(deps.db, (request) => fetch(request)));
    return queued;
  } catch (error) {
    console.error(
      "alerts: could not queue",
      alerts.map((a) => a.key),
      error,
    );
    return 0;
  }
}

async function queue(db: Db, alerts: readonly Alert[], now: number) {
  const channels = await db.select().from(alertChannels);
  const rows = alerts.flatMap((alert) =>
    channels
      .filter((c) => c.kinds.includes(alert.kind))
      .filter((c) => alert.kind !== "stock-low" || (alert.percent ?? 100) < c.stockPercent)
      .map((c) => ({
        channelId: c.id,
        kind: alert.kind,
        key: alert.key,
        content: alert.content.slice(0, 2000),
        nextAttemptAt: now,
        createdAt: now,
      })),
  );
  if (!rows.length) return 0;
  // 6 columns a row: 15 rows stay under D1's 100 bound parameters.
  const inserts = chunk(rows, 15).map((part) =>
    db.insert(alertDeliveries).values(part).onConflictDoNothing().returning({ id: alertDeliveries.id }),
  );
  const results = await db.batch(inserts as [(typeof inserts)[number], ...(typeof inserts)[number][]]);
  return results.reduce((n, r) => n + r.length, 0);
}

/** A test message to one channel, whatever kinds it receives, through the same outbox, sent once the answer is made. */
export async function queueTest(
  deps: Pick<Deps, "db" | "afterAnswer">,
  channelId: number,
  content: string,
  now = Date.now(),
) {
  await deps.db
    .insert(alertDeliveries)
    .values({ channelId, kind: "test", key: `test:${now}`, content, nextAttemptAt: now, createdAt: now })
    .onConflictDoNothing();
  deps.afterAnswer?.(() => deliverAlerts(deps.db, (request) => fetch(request)));
}

export type Sender = (request: Request) => Promise<Response>;

/** What one run of deliveries did. */
export type DeliveryRun = { sent: number; failed: number; retrying: number; waiting: number };

/**
 * Sends the deliveries that are due. Each is claimed first (its next attempt moved a minute on, only if it is still
 * due), so two runs at once never send one twice.
 */
export async function deliverAlerts(db: Db, send: Sender, now = Date.now()): Promise<DeliveryRun> {
  const run: DeliveryRun = { sent: 0, failed: 0, retrying: 0, waiting: 0 };
  const due = await db
    .select({
      id: alertDeliveries.id,
      channelId: alertDeliveries.channelId,
      content: alertDeliveries.content,
      attempts: alertDeliveries.attempts,
      url: alertChannels.url,
    })
    .from(alertDeliveries)
    .innerJoin(alertChannels, eq(alertChannels.id, alertDeliveries.channelId))
    .where(and(eq(alertDeliveries.status, "pending"), lte(alertDeliveries.nextAttemptAt, now)))
    .orderBy(asc(alertDeliveries.id))
    .limit(50);
  if (!due.length) return run;
  // Each channel's sends in the last minute: its pace.
  const recent = await db
    .select({ channelId: alertDeliveries.channelId, n: sql<number>`count(*)` })
    .from(alertDeliveries)
    .where(gte(alertDeliveries.lastAttemptAt, now - MINUTE_MS))
    .groupBy(alertDeliveries.channelId);
  const used = new Map(recent.map((r) => [r.channelId, r.n]));

  for (const d of due) {
    if ((used.get(d.channelId) ?? 0) >= CHANNEL_PER_MINUTE) {
      run.waiting++;
      continue;
    }
    const claimed = await db
      .update(alertDeliveries)
      .set({ nextAttemptAt: now + MINUTE_MS, lastAttemptAt: now })
      .where(
        and(
          eq(alertDeliveries.id, d.id),
          eq(alertDeliveries.status, "pending"),
          lte(alertDeliveries.nextAttemptAt, now),
        ),
      )
      .returning({ id: alertDeliveries.id });
    if (!claimed.length) continue;
    used.set(d.channelId, (used.get(d.channelId) ?? 0) + 1);

    const { ok, result, retryAfterMs } = await post(send, d.url, d.content);
    const attempts = d.attempts + 1;
    if (ok) {
      run.sent++;
      await db
        .update(alertDeliveries)
        .set({ status: "sent", attempts, lastResult: result })
        .where(eq(alertDeliveries.id, d.id));
    } else if (attempts >= MAX_ATTEMPTS) {
      run.failed++;
      await db
        .update(alertDeliveries)
        .set({ status: "failed", attempts, lastResult: result })
        .where(eq(alertDeliveries.id, d.id));
    } else {
      run.retrying++;
      const next = now + Math.max(retryDelay(attempts), retryAfterMs ?? 0);
      await db
        .update(alertDeliveries)
        .set({ attempts, lastResult: result, nextAttemptAt: next })
        .where(eq(alertDeliveries.id, d.id));
    }
  }
  return run;
}

/** One webhook call (Discord's Execute Webhook, mentions off): its outcome in words. */
async function post(
  send: Sender,
  url: string,
  content: string,
): Promise<{ ok: boolean; result: string; retryAfterMs?: number }> {
  try {
    const response = await send(
      new Request(`${url}?wait=true`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ content, allowed_mentions: { parse: [] } }),
        signal: AbortSignal.timeout(5000),
      }),
    );
    const text = (await response.text()).slice(0, 300);
    if (response.ok) return { ok: true, result: `HTTP ${response.status}` };
    let retryAfterMs: number | undefined;
    if (response.status === 429) {
      const seconds = Number(JSON.parse(text || "{}").retry_after ?? response.headers.get("Retry-After") ?? 60);
      retryAfterMs = Number.isFinite(seconds) ? seconds * 1000 : MINUTE_MS;
    }
    return { ok: false, result: `HTTP ${response.status}${text ? `: ${text}` : ""}`, retryAfterMs };
  } catch (error) {
    return { ok: false, result: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

// ---- Channels -------------------------------------------------------------------------------------------------------

export type ChannelInput = { name: string; url: string; kinds: AlertKind[]; stockPercent?: number };

/** The channels as the page shows them: the webhook masked, never whole. */
export async function listChannels(db: Db) {
  const rows = await db.select().from(alertChannels).orderBy(asc(alertChannels.id));
  return rows.map(({ url, ...c }) => ({ ...c, webhook: maskWebhook(url) }));
}

const shown = (c: { name: string; url: string; kinds: string[]; stockPercent: number }) => ({
  name: c.name,
  webhook: maskWebhook(c.url),
  kinds: c.kinds,
  stockPercent: c.stockPercent,
});

export async function addChannel(deps: Deps, input: ChannelInput) {
  const row = {
    name: input.name,
    url: input.url,
    kinds: input.kinds,
    stockPercent: input.stockPercent ?? DEFAULT_STOCK_PERCENT,
    createdBy: deps.actor.id,
  };
  const [[added]] = await commit(
    deps,
    [deps.db.insert(alertChannels).values(row).returning({ id: alertChannels.id })],
    [{ entity: "alert_channel", entityId: null, action: "create", after: shown(row) }],
  );
  return (added as { id: number }).id;
}

export async function updateChannel(deps: Deps, id: number, change: Partial<ChannelInput>) {
  const before = await deps.db.query.alertChannels.findFirst({ where: eq(alertChannels.id, id) });
  if (!before) return null;
  const after = { ...before, ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) };
  await commit(
    deps,
    [
      deps.db
        .update(alertChannels)
        .set({ name: after.name, url: after.url, kinds: after.kinds, stockPercent: after.stockPercent })
        .where(eq(alertChannels.id, id)),
    ],
    [{ entity: "alert_channel", entityId: String(id), action: "update", before: shown(before), after: shown(after) }],
  );
  return id;
}

export async function deleteChannel(deps: Deps, id: number) {
  const before = await deps.db.query.alertChannels.findFirst({ where: eq(alertChannels.id, id) });
  if (!before) return false;
  await commit(
    deps,
    [
      deps.db.delete(alertDeliveries).where(eq(alertDeliveries.channelId, id)),
      deps.db.delete(alertChannels).where(eq(alertChannels.id, id)),
    ],
    [{ entity: "alert_channel", entityId: String(id), action: "delete", before: shown(before) }],
  );
  return true;
}

/** The latest deliveries, newest first, with their channel's name. */
export async function recentDeliveries(db: Db, limit = 50) {
  return db
    .select({
      id: alertDeliveries.id,
      channel: alertChannels.name,
      kind: alertDeliveries.kind,
      content: alertDeliveries.content,
      status: alertDeliveries.status,
      attempts: alertDeliveries.attempts,
      lastResult: alertDeliveries.lastResult,
      lastAttemptAt: alertDeliveries.lastAttemptAt,
      nextAttemptAt: alertDeliveries.nextAttemptAt,
      createdAt: alertDeliveries.createdAt,
    })
    .from(alertDeliveries)
    .innerJoin(alertChannels, eq(alertChannels.id, alertDeliveries.channelId))
    .orderBy(desc(alertDeliveries.id))
    .limit(limit);
}
