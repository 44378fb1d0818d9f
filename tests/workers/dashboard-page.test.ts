// The Dashboard's loader over real vouches in D1: the cards' numbers, the month-over-month percent, the chart's nine
// months, the lists, and the server-rendered HTML (cards and chart SVG without JavaScript). Also the two public pages.
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { lastMonths, shortMonthLabel } from "#app/utils/stats";
import { CHANGELOG_VERSION } from "#app/components/changelog/seen";
import { Browser, dataPath, MEMBER, routeOutboundToSelf } from "./helpers";

let outbound: MockInstance;
beforeEach(async () => {
  outbound = routeOutboundToSelf();
  await env.DB.batch(["vouches", "audit_log"].map((t) => env.DB.prepare(`delete from ${t}`)));
});
afterEach(() => outbound.mockRestore());

const DATA = dataPath("/dashboard");
const A = "400000000000000011"; // "rexhunter"
const B = "400000000000000012"; // "argentavis"
const C = "400000000000000013"; // "dodo"
const NAMES: Record<string, string> = { [A]: "rexhunter", [B]: "argentavis", [C]: "dodo" };

/** A day in the month `monthsAgo` before this one (UTC); day 1 of this month is never in the future. */
function dayIn(monthsAgo: number, day = 1) {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, day);
}

/** Inserts vouches: [voucher, status, monthsAgo]. */
async function seed(rows: [string, string, number][]) {
  await env.DB.batch(
    rows.map(([by, status, monthsAgo], i) => {
      const ms = dayIn(monthsAgo, monthsAgo === 0 ? 1 : 10);
      const d = new Date(ms);
      return env.DB.prepare(
        `insert into vouches (_id, id, status, vouched, vouched_at, vouched_at_ms, vouched_by, vouched_by_username, username)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(
        (i + 1).toString(16).padStart(24, "0"),
        i + 1,
        status,
        `5000000000000000${String(i).padStart(2, "0")}`,
        `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`,
        ms,
        by,
        NAMES[by],
        `vouched${i}`,
      );
    }),
  );
}

type Dashboard = {
  cards: {
    uncompleted: number;
    completed: number;
    total: number;
    change: { percent: number; label: string; trend: string; thisMonth: number; lastMonth: number };
    mostVouches: { name: string; count: number; trend: string } | null;
  };
  chart: { month: string; label: string; count: number }[];
  recent: { discordId: string; username: string; count: number; avatar: string }[];
  top: { rank: number; discordId: string; username: string; uncompleted: number; completed: number; total: number }[];
  asOf: string | null;
};

async function dashboard() {
  const browser = new Browser();
  await browser.signIn(MEMBER);
  const res = await browser.fetch(DATA);
  expect(res.status).toBe(200);
  return { browser, data: await res.json<Dashboard>() };
}

describe("the dashboard's loader", { timeout: 20_000 }, () => {
  it("counts Invalid and Not Provided as uncompleted, and gives the month's change and top voucher", async () => {
    await seed([
      // this month: A 3, B 1
      [A, "Complete", 0],
      [A, "Invalid", 0],
      [A, "Not Provided", 0],
      [B, "Remove Pending", 0],
      // last month: A 1, C 1
      [A, "Complete", 1],
      [C, "Invalid", 1],
      // older, still on the chart; and one before the chart's nine months
      [B, "Complete", 5],
      [C, "Complete", 14],
    ]);
    const { data } = await dashboard();
    // 8 vouches: Complete 4, Invalid 2 + Not Provided 1 = 3 uncompleted, Remove Pending in neither.
    expect(data.cards).toMatchObject({ uncompleted: 3, completed: 4, total: 8 });
    // This month 4 against last month 2: +100%, up.
    expect(data.cards.change).toEqual({ percent: 100, label: "+100%", trend: "up", thisMonth: 4, lastMonth: 2 });
    // A has 3 this month and 1 last month: capitalised, up.
    expect(data.cards.mostVouches).toEqual({ name: "Rexhunter", count: 3, trend: "up" });
    expect(data.asOf).toBeNull();
  });

  it("shows the last nine calendar months, oldest first, with empty months as 0", async () => {
    await seed([
      [A, "Complete", 0],
      [A, "Complete", 0],
      [B, "Complete", 3],
      [C, "Complete", 8],
      [C, "Complete", 9], // the tenth month back is not shown
    ]);
    const { data } = await dashboard();
    const months = lastMonths(new Date(), 9);
    expect(data.chart.map((p) => p.month)).toEqual(months);
    expect(data.chart.map((p) => p.label)).toEqual(months.map(shortMonthLabel));
    expect(data.chart[0].label).toMatch(/^[A-Z][a-z]{2} \d{2}$/);
    expect(data.chart.map((p) => p.count)).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 2]);
  });

  it("rounds a fall to a whole negative percent, trend down", async () => {
    await seed([
      [A, "Complete", 0],
      [B, "Complete", 1],
      [B, "Complete", 1],
      [C, "Invalid", 1],
    ]);
    const { data } = await dashboard();
    // (1 - 3) / 3 = -66.7% -> -67%
    expect(data.cards.change).toMatchObject({ percent: -67, label: "-67%", trend: "down" });
    // A is this month's only voucher, with nothing last month.
    expect(data.cards.mostVouches).toEqual({ name: "Rexhunter", count: 1, trend: "up" });
  });

  it("gives 0% and no top voucher when nothing was vouched this month or last", async () => {
    await seed([[B, "Not Provided", 4]]);
    const { data } = await dashboard();
    expect(data.cards).toMatchObject({ uncompleted: 1, completed: 0, total: 1, mostVouches: null });
    expect(data.cards.change).toMatchObject({ percent: 0, label: "0%", trend: "same" });
    expect(data.recent).toEqual([]);
  });

  it("lists this month's vouchers with default avatars, and ranks vouchers by total with their counts", async () => {
    await seed([
      [B, "Complete", 0],
      [B, "Invalid", 0],
      [A, "Complete", 0],
      [C, "Complete", 2],
      [C, "Not Provided", 3],
      [C, "Invalid", 3],
      [A, "Complete", 6],
      [A, "Remove Pending", 6],
    ]);
    const { data } = await dashboard();
    expect(data.recent).toEqual([
      { discordId: B, username: "argentavis", count: 2, avatar: `/avatars/default-${Number(BigInt(B) % 5n)}.svg` },
      { discordId: A, username: "rexhunter", count: 1, avatar: `/avatars/default-${Number(BigInt(A) % 5n)}.svg` },
    ]);
    expect(data.top.map((t) => [t.rank, t.username, t.uncompleted, t.completed, t.total])).toEqual([
      [1, "dodo", 2, 1, 3],
      [2, "rexhunter", 0, 2, 3],
      [3, "argentavis", 1, 1, 2],
    ]);
  });

  it("follows a deleted vouch on the next load", async () => {
    await seed([
      [A, "Complete", 0],
      [A, "Invalid", 0],
    ]);
    const { browser, data } = await dashboard();
    expect(data.cards).toMatchObject({ uncompleted: 1, total: 2 });
    const del = await browser.fetch(`/api/vouches/${"2".padStart(24, "0")}`, { method: "DELETE" });
    expect(del.status).toBe(200);
    const after = await (await browser.fetch(DATA)).json<Dashboard>();
    expect(after.cards).toMatchObject({ uncompleted: 0, completed: 1, total: 1 });
  });

  it("sends a visitor without a session to sign in", async () => {
    const res = await new Browser().fetch("/dashboard");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/login/);
  });
});

describe("the dashboard's HTML", { timeout: 20_000 }, () => {
  it("renders the cards, the chart's SVG and the lists on the server", async () => {
    await seed([
      [A, "Complete", 0],
      [A, "Invalid", 0],
      [B, "Complete", 1],
    ]);
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const html = await (await browser.fetch("/dashboard")).text();
    for (const text of [
      "Uncompleted Vouches",
      "Completed Vouches",
      "Total Vouches",
      "Most Vouches",
      "Vouches Per Month",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain("Rexhunter");
    expect(html).toContain("+100%");
    // The chart is a full SVG: a line path, the area and the nine month labels.
    const chart = html.slice(html.indexOf('data-testid="vouches-chart"'));
    expect(chart).toMatch(/<svg[^>]*height="380"/);
    for (const month of lastMonths(new Date(), 9).map(shortMonthLabel)) expect(chart).toContain(`>${month}</text>`);
    expect(html).toContain('href="/privacy"');
    expect(html).toContain('href="/terms"');
  });

  it("says so when there is nothing to show", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const html = await (await browser.fetch("/dashboard")).text();
    expect(html).toContain("No vouches this month.");
    expect(html).toContain("No data");
  });

  it("renders the changelog panel for ?changelog=1 (the button without JavaScript)", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    // A browser that has read this version (ADR 067) sees no panel until it asks for one.
    browser.cookies.set("changelog-seen", CHANGELOG_VERSION);
    const plain = await (await browser.fetch("/dashboard")).text();
    expect(plain).not.toContain("What&#x27;s New</h2>");
    const html = await (await browser.fetch("/dashboard?changelog=1")).text();
    expect(html).toMatch(/<dialog[^>]*open=""/);
    expect(html).toContain("1.1.0");
    expect(html).toContain("Add different level access to the tabs");
    // "Got it!" posts that it was read, and comes back to the page without ?changelog=1.
    expect(html).toContain('<form method="post" action="/preferences"');
    expect(html).toContain('<input type="hidden" name="redirectTo" value="/dashboard"/>');
    expect(html).toContain("Got it!");
  });
});

describe("Privacy Policy and Terms of Service", { timeout: 20_000 }, () => {
  it("are public and name the contact person", async () => {
    for (const [path, title] of [
      ["/privacy", "Privacy Policy"],
      ["/terms", "Terms of Service"],
    ]) {
      const res = await new Browser().fetch(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<h1>${title}</h1>`);
      expect(html).toContain("Rex Rider"); // CONTACT_PERSON in the test bindings
    }
  });
});
