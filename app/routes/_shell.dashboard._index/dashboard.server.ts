// The dashboard's data: two host calls (the counts and the card cache), never the whole vouch list.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { chartSvg } from "#app/components/charts/chart-svg.server";
import { VouchesLine } from "./VouchesLine";
import { host, type HostAnswer } from "#app/host/client.server";
import { formatDateTime, timeZoneOr } from "#app/utils/dates";
import { capitalize, formatPercent, lastMonths, monthChangePercent, shortMonthLabel } from "#app/utils/stats";
import { defaultAvatarUrl } from "#app/utils/user";

/** "Vouches Per Month" as the server renders it for a document. */
const vouchesChartSvg = chartSvg(VouchesLine);

/** GET /api/vouches/stats (docs/api.md). */
export type VouchStats = {
  completed: number;
  uncompleted: number;
  total: number;
  perMonth: { month: string; count: number }[];
};

export type Trend = "up" | "down" | "same";

/** GET /api/vouches/card-cache. */
export type CardCache = {
  recentVouchers: { discordId: string; username: string; count: number }[];
  mostVouches: { username: string; count: number; trend: Trend } | null;
  voucherStats: {
    discordId: string;
    username: string;
    uncompletedCount: number;
    completedCount: number;
    totalCount: number;
  }[];
};

/** How many vouchers the Top Vouchers ranking shows. */
export const TOP_VOUCHERS = 10;
/** Months on the Vouches Per Month chart. */
export const CHART_MONTHS = 9;

const trendOf = (p: number): Trend => (p > 0 ? "up" : p < 0 ? "down" : "same");
const isTrend = (t: unknown): t is Trend => t === "up" || t === "down" || t === "same";

/** Shapes the two answers into what the page shows. Pure, so the arithmetic is testable apart from the host. */
export function shapeDashboard(stats: VouchStats, cards: CardCache, now: Date) {
  const counts = new Map(stats.perMonth.map((m) => [m.month, m.count]));
  const chart = lastMonths(now, CHART_MONTHS).map((month) => ({
    month,
    label: shortMonthLabel(month),
    count: counts.get(month) ?? 0,
  }));
  const thisMonth = chart[chart.length - 1].count;
  const lastMonth = chart[chart.length - 2].count;
  const percent = monthChangePercent(thisMonth, lastMonth);
  const top = cards.mostVouches;
  return {
    cards: {
      uncompleted: stats.uncompleted,
      completed: stats.completed,
      total: stats.total,
      change: { percent, label: formatPercent(percent), trend: trendOf(percent), thisMonth, lastMonth },
      mostVouches: top
        ? {
            name: capitalize(top.username),
            count: top.count,
            trend: isTrend(top.trend) ? top.trend : ("same" as Trend),
          }
        : null,
    },
    chart,
    recent: cards.recentVouchers.map((v) => ({
      discordId: v.discordId,
      username: v.username,
      count: v.count,
      avatar: defaultAvatarUrl(v.discordId),
    })),
    top: [...cards.voucherStats]
      .sort((a, b) => b.totalCount - a.totalCount || a.username.localeCompare(b.username))
      .slice(0, TOP_VOUCHERS)
      .map((v, i) => ({
        rank: i + 1,
        discordId: v.discordId,
        username: v.username,
        uncompleted: v.uncompletedCount,
        completed: v.completedCount,
        total: v.totalCount,
        avatar: defaultAvatarUrl(v.discordId),
      })),
  };
}

export type DashboardData = ReturnType<typeof shapeDashboard>;

/** When either answer is the host's last good one (the host is down), the oldest time it was fetched. */
export function staleSince(answers: HostAnswer<unknown>[]): number | null {
  const times = answers.flatMap((a) => (a.stale ? [a.asOf] : []));
  return times.length ? Math.min(...times) : null;
}

/** `withSvg`: render the chart's SVG (for a document; the browser's own data requests redraw it interactively). */
export async function loadDashboard(
  context: AppLoadContext,
  timeZone: string | undefined,
  withSvg: boolean,
  now = new Date(),
) {
  const api = host(context);
  const [stats, cards] = await Promise.all([
    api.get<VouchStats>("/api/vouches/stats"),
    api.get<CardCache>("/api/vouches/card-cache"),
  ]);
  const since = staleSince([stats, cards]);
  const shaped = shapeDashboard(stats.data, cards.data, now);
  return {
    ...shaped,
    chartSvg: withSvg ? vouchesChartSvg({ data: shaped.chart }) : null,
    asOf: since == null ? null : formatDateTime(since, timeZoneOr(timeZone)),
  };
}
