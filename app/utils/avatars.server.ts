// The stored avatars of the users a page shows (GET /api/vouches/avatar-cache?ids=...): only the rows on the page are
// looked up, never the whole map. A host that ignores `ids` answers the whole map, which works the same.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { isDiscordId } from "#contract/ids";
import { host } from "#app/host/client.server";
import { storedAvatarSrc } from "./user";

/** The host's ids query holds at most this many. */
const MAX_IDS = 100;

/** Avatar URLs by Discord id for these users (invalid ids and blanks skipped); empty when the lookup fails. */
export async function storedAvatars(
  context: AppLoadContext,
  ids: readonly (string | null | undefined)[],
): Promise<Record<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id && isDiscordId(id)))];
  if (wanted.length === 0) return {};
  const chunks = Array.from({ length: Math.ceil(wanted.length / MAX_IDS) }, (_, i) =>
    wanted.slice(i * MAX_IDS, (i + 1) * MAX_IDS),
  );
  const maps = await Promise.all(
    chunks.map((chunk) =>
      host(context)
        .get<Record<string, string>>(`/api/vouches/avatar-cache?ids=${chunk.join(",")}`)
        .then((a) => a.data)
        .catch(() => ({}) as Record<string, string>),
    ),
  );
  const all: Record<string, string> = Object.assign({}, ...maps);
  return Object.fromEntries(wanted.filter((id) => all[id]).map((id) => [id, all[id]]));
}

/** The picture of each user: the stored avatar `known` has, else the local default one (by id). */
export const avatarsFrom = (known: Readonly<Record<string, string>>) => (id: string | null | undefined) =>
  storedAvatarSrc(id && Object.hasOwn(known, id) ? known[id] : null, id);

/** The picture of each of these users: the stored avatar, else the local default one (by id). */
export async function avatarsOf(context: AppLoadContext, ids: readonly (string | null | undefined)[]) {
  return avatarsFrom(await storedAvatars(context, ids));
}

/**
 * The stored avatars our host sends with a page's rows (each row's `field`), by user id: no second read. Null when a
 * row lacks the field (an older host), and the page reads them with storedAvatars.
 */
export function avatarsSentWith<R extends object>(
  rows: readonly R[],
  idOf: (row: R) => string | null | undefined,
  field: string,
) {
  if (!rows.every((row) => field in row)) return null;
  const sent: Record<string, string> = {};
  for (const row of rows) {
    const id = idOf(row);
    const url = (row as Record<string, unknown>)[field];
    if (id && isDiscordId(id) && typeof url === "string" && url) sent[id] = url;
  }
  return sent;
}
