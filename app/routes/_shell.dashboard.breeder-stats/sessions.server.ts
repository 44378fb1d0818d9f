// The Claim Sessions and Breeder Statistics tabs' server flow (spec part 2: "Breeder page", sections 3, 7, 8 and 9):
// the bot's claim sessions with the summary cards' filters and two searches, and the leaderboard ranked by total
// sessions; breeders' avatars from the avatar cache (the default avatar when unknown).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { hhmmss } from "../../../contract/breeder";
import { avatarsOf } from "../../utils/avatars.server";
import { host } from "../../host/client.server";
import { shown } from "../../utils/host-read.server";
import { formatDateTime } from "../../utils/dates";
import { matches, pageSizeFrom, paginate } from "../../utils/table";
import {
  claimSummary,
  claimTexts,
  completionRate,
  isClaimFilter,
  removalsOf,
  type ClaimSession,
  type SessionStats,
} from "./breeder";


/** The claim sessions tab: cards, filter (?filter=), shared search (q), its own search (cq), 25/50/100 to a page. */
export async function loadClaims(
  context: AppLoadContext,
  url: URL,
  q: string,
  timeZone: string,
  imagesOf: Promise<ReadonlyMap<string, string>>,
) {
  const size = pageSizeFrom(url.searchParams.get("size"));
  const cq = url.searchParams.get("cq")?.trim() ?? "";
  const filterParam = url.searchParams.get("filter");
  const filter = isClaimFilter(filterParam) ? filterParam : null;
  const read = await shown(host(context).get<ClaimSession[]>("/api/breeder-claim-sessions"), [], "claim sessions");
  const sessions = read.data;
  const failed = read.loadError !== null;
  const date = (ms: number) => formatDateTime(ms, timeZone);
  const { summary, filter: keep } = claimSummary(sessions, Date.now(), timeZone);
  const found = keep(filter).filter((s) => {
    const texts = claimTexts(s, date);
    return matches(texts, q, texts.map((_, i) => i)) && matches(texts, cq, texts.map((_, i) => i));
  });
  const page = paginate(found, Number(url.searchParams.get("page") ?? 1), size);
  const [avatar, images] = await Promise.all([avatarsOf(context, page.rows.map((s) => s.breederId)), imagesOf]);
  return {
    failed,
    staleAsOf: read.staleAsOf,
    filter,
    cq,
    summary,
    total: sessions.length,
    page: {
      ...page,
      rows: page.rows.map((s) => ({
        _id: s._id,
        dinoName: s.dinoName,
        imageUrl: images.get(s.dinoName) ?? null,
        instructions: s.instructions,
        max: s.max,
        claims: s.claims.length,
        completed: s.completed.length,
        ended: s.ended,
        breederId: s.breederId,
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
  const size = pageSizeFrom(url.searchParams.get("size"));
  const read = await shown(host(context).get<SessionStats[]>("/api/breeder-session-stats"), [], "breeder statistics");
  const stats = read.data;
  const failed = read.loadError !== null;
  // Spec section 7: sorted by totalSessions descending. The rank is the place in the whole list, not on the page.
  const ranked = [...stats]
    .sort((a, b) => b.totalSessions - a.totalSessions)
    .map((s, i) => ({
      rank: i + 1,
      _id: s._id,
      breederId: s.breederId,
      createdSessions: s.totalCreatedSessions,
      totalSessions: s.totalSessions,
      totalClaims: s.totalClaims,
      duration: hhmmss(s.averageSessionDuration),
      completions: s.totalCompletions,
      completionRate: completionRate(s.averageCompletionRate),
      endedSessions: s.totalEndedSessions,
      removals: removalsOf(s),
    }));
  const fields = ["rank", "breederId", "createdSessions", "totalSessions", "totalClaims", "duration", "completions", "completionRate", "endedSessions", "removals"] as const;
  const found = q ? ranked.filter((r) => matches(r, q, [...fields])) : ranked;
  const page = paginate(found, Number(url.searchParams.get("page") ?? 1), size);
  const avatar = await avatarsOf(context, page.rows.map((r) => r.breederId));
  return { failed, staleAsOf: read.staleAsOf, total: stats.length, page: { ...page, rows: page.rows.map((r) => ({ ...r, avatar: avatar(r.breederId) })) } };
}
export type StatsData = Awaited<ReturnType<typeof loadStats>>;
