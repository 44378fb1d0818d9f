// Dashboard arithmetic. Pure: server and browser.
import { formatDate } from "./dates";

/**
 * Month change percent = (this - last) / last, rounded to a whole percent. Last month 0 and this month above 0 gives
 * +100%; both 0 gives 0%.
 */
export function monthChangePercent(thisMonth: number, lastMonth: number): number {
  if (lastMonth === 0) return thisMonth > 0 ? 100 : 0;
  return Math.round(((thisMonth - lastMonth) / lastMonth) * 100);
}

export const formatPercent = (p: number) => `${p > 0 ? "+" : ""}${p}%`;

/** The last n calendar months ending with the month of `at` (UTC), oldest first, as YYYY-MM keys. */
export function lastMonths(at: Date, n = 9): string[] {
  return Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - (n - 1 - i), 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
  });
}

/** "Mar 26": short month and year, for chart labels. */
export function shortMonthLabel(key: string) {
  const [y, m] = key.split("-").map(Number);
  const month = formatDate(Date.UTC(y, m - 1, 1), "shortMonth", "UTC");
  return `${month} ${String(y).slice(2)}`;
}

export const capitalize = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** Just now, Xm ago, Xh ago, Xd ago. */
export function relativeShort(from: number, now = Date.now()) {
  const s = Math.max(0, Math.floor((now - from) / 1000));
  if (s < 60) return "Just now";
  if (s < 3600) return `${Math.floor(s / 60)}m ago`;
  if (s < 86400) return `${Math.floor(s / 3600)}h ago`;
  return `${Math.floor(s / 86400)}d ago`;
}
