// Where the figures come from: each source's last contact, the time it said its figures were observed, its
// last error, and the interval it is expected at (an admin's, else its kind's default; contract/sources.ts).
import { eq, sql } from "drizzle-orm";
import { isServerId } from "#contract/servers";
import {
  collectorOf,
  kindOf,
  SOURCE_IDS,
  SOURCE_KINDS,
  sourceLabel,
  type SourceId,
  type SourceState,
} from "#contract/sources";
import { sources } from "#drizzle/schema";
import { commit, type Db, type Deps } from "./context";
import { externalHost, getConfig, type Config } from "#worker/platform/config";
import { officialListSource } from "#worker/sources/official-list";

/**
 * Records a contact with a source, as one statement that can ride in a batch: now, the time its figures were observed
 * (now when it said nothing), or its error. The last error is kept after a good contact (with its time, so the page can
 * say it recovered since).
 */
export function touchSource(
  db: Db,
  id: SourceId,
  contact: { at: number; observedAt?: number | null; error?: string | null },
) {
  const ok = {
    lastContactAt: contact.at,
    lastObservedAt: sql`max(coalesce(${sources.lastObservedAt}, 0), ${contact.observedAt ?? contact.at})`,
  };
  const failed = { lastContactAt: contact.at, lastError: (contact.error ?? "").slice(0, 500), lastErrorAt: contact.at };
  return db
    .insert(sources)
    .values(
      contact.error
        ? { id, ...failed }
        : { id, lastContactAt: contact.at, lastObservedAt: contact.observedAt ?? contact.at },
    )
    .onConflictDoUpdate({ target: sources.id, set: contact.error ? failed : ok });
}

/**
 * Whether a deployment uses a source: the official list and the roster host when configured; the collectors unless a
 * roster host supplies the rosters; the bot and the weekly report always.
 */
export function sourceInUse(id: SourceId, config: Config) {
  if (id === "official-list") return officialListSource(config) !== undefined;
  if (id === "roster-host") return externalHost(config) !== undefined;
  if (id.startsWith("collector:")) return externalHost(config) === undefined;
  return true;
}

/** Every known source's state: what was recorded of it, its interval, and whether this deployment uses it. */
export async function sourceStates(db: Db, config: Config): Promise<SourceState[]> {
  const rows = await db.select().from(sources);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return SOURCE_IDS.map((id) => stateOf(id, byId.get(id), sourceInUse(id, config)));
}

export async function sourceState(db: Db, id: SourceId): Promise<SourceState> {
  return stateOf(id, await db.query.sources.findFirst({ where: eq(sources.id, id) }), true);
}

function stateOf(id: SourceId, row: typeof sources.$inferSelect | undefined, active: boolean): SourceState {
  return {
    active,
    id,
    label: sourceLabel(id),
    intervalMs: row?.intervalMs ?? SOURCE_KINDS[kindOf(id)].interval,
    lastContactAt: row?.lastContactAt ?? null,
    lastObservedAt: row?.lastObservedAt ?? null,
    lastError: row?.lastError ?? null,
    lastErrorAt: row?.lastErrorAt ?? null,
  };
}

/** Sets (or with null, resets to the kind's default) how often a source is expected to report. Audited. */
export async function setSourceInterval(deps: Deps, id: SourceId, intervalMs: number | null) {
  const before = await sourceState(deps.db, id);
  await commit(
    deps,
    [
      deps.db
        .insert(sources)
        .values({ id, intervalMs, updatedBy: deps.actor.id })
        .onConflictDoUpdate({ target: sources.id, set: { intervalMs, updatedBy: deps.actor.id } }),
    ],
    [
      {
        entity: "source",
        entityId: id,
        action: "interval",
        before: { intervalMs: before.intervalMs },
        after: { intervalMs },
      },
    ],
  );
  return {
    ...before,
    intervalMs: intervalMs ?? SOURCE_KINDS[kindOf(id)].interval,
    active: sourceInUse(id, getConfig(deps.env)),
  };
}

/** The source a push to /api/ingest comes from; null for pushes no source page tracks (the breeder bot's). */
export function ingestSourceOf(path: string): SourceId | null {
  const server = /^\/api\/ingest\/servers\/([^/]+)\//.exec(path)?.[1];
  if (server !== undefined) return isServerId(server) ? collectorOf(server) : null;
  if (path === "/api/ingest/weekly-members") return "weekly-collector";
  if (path.startsWith("/api/ingest/discord/")) return "discord-bot";
  return null;
}
