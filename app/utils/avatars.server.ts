// The stored avatars of the users a page shows (GET /api/vouches/avatar-cache?ids=...): only the rows on the page are
// looked up, never the whole map. A host that ignores `ids` answers the whole map, which works the same.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { isDiscordId } from "../../contract/ids";
import { host } from "../host/client.server";
import { storedAvatarSrc } from "./user";

/** The host's ids query holds at most this many. */
const MAX_IDS = 100;

/** Avatar URLs by Discord id for these users (invalid ids and blanks skipped); empty when the lookup fails. */
export async function storedAvatars(context: AppLoadContext, ids: readonly (string | null | undefined)[]): Promise<Record<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id && isDiscordId(id)))];
  if (wanted.length === 0) return {};
  const chunks = Array.from({ length: Math.ceil(wanted.length / MAX_IDS) }, (_, i) => wanted.slice(i * MAX_IDS, (i + 1) * MAX_IDS));
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

/** The picture of each of these users: the stored avatar, else the local default one (by id). */
export async function avatarsOf(context: AppLoadContext, ids: readonly (string | null | undefined)[]) {
  const known = await storedAvatars(context, ids);
  return (id: string | null | undefined) => storedAvatarSrc(id ? known[id] : null, id);
}
