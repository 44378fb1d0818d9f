// Watches and notes on players: a watched player's join tells their watchers (a toast in their browsers, and the
// alert channels that take "watch-online" through the outbox); the tribe's note and tags on a player, audited.
import { and, eq, sql } from "drizzle-orm";
import { MAX_NOTE, MAX_TAGS, badTag, normalTags, playerName, type PlayerNote } from "#contract/players";
import { SERVER_NAMES, type ServerId } from "#contract/servers";
import { MINUTE_MS } from "#contract/time";
import { playerNotes, playerWatches } from "#drizzle/schema";
import { queueAlerts } from "#worker/domain/alerts";
import { abortUnless, commit, type Deps } from "#worker/domain/context";
import type { NewServerEvent } from "#worker/domain/servers/events";

/** A pushed join older than this is history arriving late: nobody is told of it. */
export const WATCH_FRESH_MS = 10 * MINUTE_MS;

/**
 * Tells the watchers of the players who joined `serverId` at their join: once per join (the alert's key is the join),
 * so the same roster or event pushed again tells nobody twice. Never throws: the join is stored already.
 */
export async function tellWatchers(deps: Deps, serverId: ServerId, joined: NewServerEvent[], now = Date.now()) {
  const fresh = joined.filter((e) => e.eventType === "join" && now - e.eventTime <= WATCH_FRESH_MS);
  if (!fresh.length) return;
  try {
    const watches = await deps.db.all<{ eosId: string; userId: string }>(sql`
      select w.eos_id as eosId, w.user_id as userId
      from json_each(${JSON.stringify(fresh.map((e) => e.eosId))}) as j cross join player_watches as w
      where w.eos_id = j.value`);
    if (!watches.length) return;
    for (const e of fresh) {
      const to = watches.filter((w) => w.eosId === e.eosId).map((w) => w.userId);
      if (!to.length) continue;
      const who = playerName(e);
      const tribe = e.tribe?.trim() ? ` [${e.tribe.trim()}]` : "";
      await deps.announce({
        type: "watch_online",
        serverId,
        message: `Watched player ${who}${tribe} came online on ${serverId}`,
        to,
      });
      await queueAlerts(
        deps,
        [
          {
            kind: "watch-online",
            key: `watch:${serverId}:${e.eosId}:${e.eventTime}`,
            content: `👁 Watched player ${who}${tribe} came online on ${serverId} (${SERVER_NAMES[serverId]})`,
          },
        ],
        now,
      );
    }
  } catch (error) {
    console.error("watches: could not tell the watchers", serverId, error);
  }
}

/** Starts or stops the actor's watch on a player, audited; answers whether they watch and how many do. */
export async function setWatch(deps: Deps, eosId: string, userId: string, watch: boolean, now = Date.now()) {
  const { db } = deps;
  const mine = and(eq(playerWatches.eosId, eosId), eq(playerWatches.userId, userId));
  const [existing] = await db.select().from(playerWatches).where(mine);
  if (Boolean(existing) !== watch) {
    await commit(
      deps,
      [
        watch
          ? db.insert(playerWatches).values({ eosId, userId, createdAt: now }).onConflictDoNothing()
          : db.delete(playerWatches).where(mine),
      ],
      [{ entity: "player_watch", entityId: eosId, action: watch ? "watch" : "unwatch" }],
    );
  }
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)` })
    .from(playerWatches)
    .where(eq(playerWatches.eosId, eosId));
  return { watching: watch, watchers: n };
}

export const noteJson = (r: typeof playerNotes.$inferSelect): PlayerNote => ({
  text: r.text,
  tags: r.tags,
  updatedAt: r.updatedAt,
  updatedBy: r.updatedBy,
  version: r.version,
});

/** A note's tags as typed, normalised (contract/players.ts); an error names the first bad one. */
export function cleanTags(list: string[]): { tags: string[] } | { error: string } {
  const tags = normalTags(list);
  const bad = badTag(tags);
  if (bad !== undefined) return { error: `A tag holds letters, digits, spaces, - and _ only: "${bad.slice(0, 40)}"` };
  if (tags.length > MAX_TAGS) return { error: `At most ${MAX_TAGS} tags` };
  return { tags };
}

export type NoteSave = { saved: PlayerNote } | { conflict: PlayerNote | null } | { error: string };

/**
 * Saves the tribe's note and tags on a player, audited with what they were. `version` is the one the editor read
 * (null: there was no note): another save in between is a conflict, answered with the note as it now is.
 */
export async function saveNote(
  deps: Deps,
  eosId: string,
  input: { text: string; tags: string[]; version: number | null },
  now = Date.now(),
): Promise<NoteSave> {
  const { db, actor } = deps;
  const text = input.text.trim();
  if (text.length > MAX_NOTE) return { error: `A note is at most ${MAX_NOTE} characters` };
  const tags = cleanTags(input.tags);
  if ("error" in tags) return tags;
  const [current] = await db.select().from(playerNotes).where(eq(playerNotes.eosId, eosId));
  if ((current?.version ?? null) !== input.version) return { conflict: current ? noteJson(current) : null };
  const version = (current?.version ?? 0) + 1;
  const row = { eosId, text, tags: tags.tags, version, updatedAt: now, updatedBy: actor.name };
  const guard = abortUnless(
    db,
    current
      ? sql`exists (select 1 from player_notes where eos_id = ${eosId} and version = ${current.version})`
      : sql`not exists (select 1 from player_notes where eos_id = ${eosId})`,
    "stale version",
  );
  try {
    await commit(
      deps,
      [
        guard,
        db
          .insert(playerNotes)
          .values(row)
          .onConflictDoUpdate({
            target: playerNotes.eosId,
            set: { text, tags: tags.tags, version, updatedAt: now, updatedBy: actor.name },
          }),
      ],
      [
        {
          entity: "player_note",
          entityId: eosId,
          action: current ? "update" : "create",
          before: current ? { text: current.text, tags: current.tags } : null,
          after: { text, tags: tags.tags },
        },
      ],
    );
  } catch {
    const [now2] = await db.select().from(playerNotes).where(eq(playerNotes.eosId, eosId));
    return { conflict: now2 ? noteJson(now2) : null };
  }
  return { saved: noteJson(row) };
}
