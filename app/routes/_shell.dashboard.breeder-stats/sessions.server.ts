// The Claim Sessions and Breeder Statistics tabs' server flow ("Breeder page"):
// the bot's claim sessions with the summary cards' filters and two searches, and the leaderboard ranked by total
// sessions; breeders' avatars from the avatar cache (the default avatar when unknown).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { compareLeaderboard, LEADERBOARD_FIELDS, leaderboardRow, type SessionStats } from "#contract/breeder";
import { avatarsFrom, avatarsOf, avatarsSentWith } from "#app/utils/avatars.server";
import { host } from "#app/host/client.server";
import { loaded } from "#app/utils/host-read.server";
import { formatDateTime } from "#app/utils/dates";
import { matches, pageQueryOf, paginate, placed } from "#app/utils/table";
import { searchCall } from "#app/utils/host-search.server";
import { searchText } from "#contract/search";
import type { ClaimFilter, ClaimSummary } from "#contract/breeder";
import { claimSummary, claimTexts, isClaimFilter, type ClaimSession } from "./breeder";

const CLAIMS = "/api/breeder-claim-sessions";
const STATS = "/api/breeder-session-stats";

type ClaimQuery = { q: string; cq: string; filter: ClaimFilter | null; page: number; size: number; timeZone: string };
type ClaimAnswer = {
  /** Our host sends each row's dino picture and breeder avatar with it; an older one's are read here. */
  rows: (ClaimSession & { dinoImageUrl?: string | null; breederAvatar?: string | null; breederName?: string | null })[];
  total: number;
  all: number;
  page: number;
  pageCount: number;
  size: number;
  summary: ClaimSummary;
};

/**
 * The tab's page as the host searches, filters and pages it (GET .../search); an older host without the call (404), or
 * a failing one, is read whole (its last good answer, in front of an external host) and the same is worked out here.
 */
async function readClaims(
  context: AppLoadContext,
  query: ClaimQuery,
): Promise<{ data: ClaimAnswer; stale: number | null }> {
  const { q, cq, filter, page, size, timeZone } = query;
  const extra = { cq: searchText(cq), tz: timeZone, ...(filter ? { filter } : {}) };
  const found = await searchCall<ClaimAnswer>(context, `${CLAIMS}/search`, { q, page, size, ...extra });
  if (found) return found;
  const read = await host(context).get<ClaimSession[]>(CLAIMS);
  const date = (ms: number) => formatDateTime(ms, timeZone);
  const { summary, filter: keep } = claimSummary(read.data, Date.now(), timeZone);
  const kept = keep(filter).filter((s) => {
    const texts = claimTexts(s, date);
    return (
      matches(
        texts,
        q,
        texts.map((_, i) => i),
      ) &&
      matches(
        texts,
        cq,
        texts.map((_, i) => i),
      )
    );
  });
  const { rows, total, page: at, pageCount } = paginate(kept, page, size);
  return {
    data: { rows, total, all: read.data.length, page: at, pageCount, size, summary },
    stale: read.stale ? read.asOf : null,
  };
}

/** The claim sessions tab: cards, filter (?filter=), shared search (q), its own search (cq), 25/50/100 to a page. */
export async function loadClaims(
  context: AppLoadContext,
  url: URL,
  q: string,
  timeZone: string,
  imagesOf: () => Promise<ReadonlyMap<string, string>>,
) {
  const { page: requested, size } = pageQueryOf(url.searchParams);
  const cq = url.searchParams.get("cq")?.trim() ?? "";
  const filterParam = url.searchParams.get("filter");
  const filter = isClaimFilter(filterParam) ? filterParam : null;
  const query = { q, cq, filter, page: requested, size, timeZone };
  const empty: ClaimAnswer = {
    rows: [],
    total: 0,
    all: 0,
    page: 1,
    pageCount: 1,
    size,
    summary: { claimsToday: 0, completedToday: 0, mostParticipants: 0 },
  };
  const read = await loaded(readClaims(context, query), empty, "the claim sessions");
  const { summary, all, ...counts } = read.data;
  const page = placed(counts);
  const date = (ms: number) => formatDateTime(ms, timeZone);
  // Our host sends each row's breeder avatar and dino picture with it; an older one's are read here.
  const sent = avatarsSentWith(page.rows, (s) => s.breederId, "breederAvatar");
  const [avatar, images] =
    sent && page.rows.every((s) => "dinoImageUrl" in s)
      ? [avatarsFrom(sent), null]
      : await Promise.all([
          avatarsOf(
            context,
            page.rows.map((s) => s.breederId),
          ),
          imagesOf(),
        ]);
  return {
    failed: read.loadError !== null,
    staleAsOf: read.staleAsOf,
    filter,
    cq,
    summary,
    total: all,
    page: {
      ...page,
      rows: page.rows.map((s) => ({
        _id: s._id,
        dinoName: s.dinoName,
        imageUrl: (images ? images.get(s.dinoName) : s.dinoImageUrl) ?? null,
        instructions: s.instructions,
        max: s.max,
        claims: s.claims.length,
        completed: s.completed.length,
        ended: s.ended,
        breederId: s.breederId,
        // The breeder's name as our host knows it; an older host sends none and the id stands in.
        breederName: s.breederName ?? null,
        avatar: s.breederId ? avatar(s.breederId) : null,
        createdAt: date(s.createdAt),
        updatedAt: date(s.updatedAt),
      })),
    },
  };
}
export type ClaimsData = Awaited<ReturnType<typeof loadClaims>>;

/** The leaderboard: ranked by total sessions (the host's order, kept stable), searched, 25/50/100 to a page. */
export async function loadStats(context: AppLoadContext, url: URL, q: string) {
  const { page: requested, size } = pageQueryOf(url.searchParams);
  const query = { q, page: requested, size };
  const empty: StatsAnswer = { rows: [], total: 0, all: 0, page: 1, pageCount: 1, size };
  const read = await loaded(readStats(context, query), empty, "breeder statistics");
  const { all, ...counts } = read.data;
  const page = placed(counts);
  // Our host sends each row's breeder avatar with it; an older one's are read here.
  const sent = avatarsSentWith(page.rows, (s) => s.breederId, "breederAvatar");
  const avatar = sent
    ? avatarsFrom(sent)
    : await avatarsOf(
        context,
        page.rows.map((s) => s.breederId),
      );
  return {
    failed: read.loadError !== null,
    staleAsOf: read.staleAsOf,
    total: all,
    page: {
      ...page,
      rows: page.rows.map((s) => ({
        ...leaderboardRow(s, s.rank),
        breederName: s.breederName ?? null,
        avatar: avatar(s.breederId),
      })),
    },
  };
}

type StatsAnswer = {
  /** Each row's place in the whole list, and (from our host) its breeder's avatar. */
  rows: (SessionStats & { rank: number; breederAvatar?: string | null; breederName?: string | null })[];
  total: number;
  all: number;
  page: number;
  pageCount: number;
  size: number;
};

/**
 * The tab's page as the host ranks, searches and pages it (GET .../search); an older host without the call (404), or a
 * failing one, is read whole (its last good answer, in front of an external host) and the same is worked out here.
 */
async function readStats(
  context: AppLoadContext,
  query: { q: string; page: number; size: number },
): Promise<{ data: StatsAnswer; stale: number | null }> {
  const found = await searchCall<StatsAnswer>(context, `${STATS}/search`, query);
  if (found) return found;
  const read = await host(context).get<SessionStats[]>(STATS);
  const ranked = [...read.data].sort(compareLeaderboard).map((s, i) => ({ ...s, rank: i + 1 }));
  const q = searchText(query.q);
  const kept = ranked.filter((s) => matches(leaderboardRow(s, s.rank), q, LEADERBOARD_FIELDS));
  const { rows, total, page, pageCount } = paginate(kept, query.page, query.size);
  return {
    data: { rows, total, all: ranked.length, page, pageCount, size: query.size },
    stale: read.stale ? read.asOf : null,
  };
}
export type StatsData = Awaited<ReturnType<typeof loadStats>>;
