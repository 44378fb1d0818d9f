// The changelog shown in the "What's New" modal (version 1.1.0, 2025-07-18). Pure data and helpers.
import { formatDate } from "#app/utils/dates";

export type ChangeType = "feature" | "improvement" | "fix" | "breaking";

export type Change = {
  type: ChangeType;
  title: string;
  /** Lines starting with "*" render as bullets; other lines as paragraphs. */
  description: string;
  /** Announced, not shipped yet. */
  planned?: boolean;
};

export const CHANGELOG_DATE = "2025-07-18";

export const TYPE_LABELS: Record<ChangeType, string> = {
  feature: "New feature",
  improvement: "Improvement",
  fix: "Fix",
  breaking: "Breaking change",
};

export const CHANGES: Change[] = [
  {
    type: "feature",
    title: "Live notifications",
    description: [
      "Members joining or leaving the Discord and tribelist changes arrive the moment they happen.",
      "* A toast for each event, gone after 3 seconds",
      "* The bell keeps the last 50, with an unread badge",
      "* Open pages refresh their data by themselves",
    ].join("\n"),
  },
  {
    type: "feature",
    title: "Tribelists for three servers",
    description: [
      "Separate tribelists for NA-PVP-TheCenter2411, NA-PVP-Astraeos2573 and NA-PVP-Aberration2446.",
      "* A summary card per server: members, Chinese, English and Admins",
      "* Click a count to filter the table",
      "* Add and edit entries inline",
    ].join("\n"),
  },
  {
    type: "feature",
    title: "Dark mode",
    description:
      "Choose light, dark or follow your system from the top bar. Your choice is remembered on this browser.",
  },
  {
    type: "feature",
    title: "Global search",
    description:
      "Search vouches, the three tribelists, the join and leave logs and codes at once from the top bar, and jump straight to the result.",
  },
  {
    type: "improvement",
    title: "A dashboard at a glance",
    description: [
      "The dashboard opens with the numbers that matter.",
      "* Completed, uncompleted and total vouches, with the change from last month",
      "* This month's top voucher and their trend",
      "* Vouches per month over the last 9 months",
    ].join("\n"),
  },
  {
    type: "improvement",
    title: "Faster pages, even on slow connections",
    description:
      "Pages arrive ready from the server, so tables, forms and the dashboard show and work before scripts finish loading.",
  },
  {
    type: "fix",
    title: "Kicks update every vouch of the member",
    description:
      "Kicking a vouched member now marks all of their vouches Remove Pending at once, not only the one you clicked.",
  },
  {
    type: "fix",
    title: "Missing avatars",
    description: "Members without a Discord avatar show a default picture instead of a broken image.",
  },
  {
    type: "breaking",
    title: "Sign in again once",
    description: [
      "Sign-in now keeps your session on the server for better security.",
      "* Everyone has to sign in with Discord once after this update",
      "* Scripts and bots need an API token from Settings",
    ].join("\n"),
  },
  {
    type: "feature",
    title: "Add different level access to the tabs",
    description: "Coming next: tribe ranks will decide who may view and edit each tab.",
    planned: true,
  },
];

/** Paragraphs and bullet lists, in order: consecutive "*" lines form one list. */
export function descriptionBlocks(
  description: string,
): ({ kind: "p"; text: string } | { kind: "ul"; items: string[] })[] {
  const blocks: ({ kind: "p"; text: string } | { kind: "ul"; items: string[] })[] = [];
  for (const raw of description.split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith("*")) {
      const item = line.replace(/^\*\s*/, "");
      const last = blocks[blocks.length - 1];
      if (last?.kind === "ul") last.items.push(item);
      else blocks.push({ kind: "ul", items: [item] });
    } else {
      blocks.push({ kind: "p", text: line });
    }
  }
  return blocks;
}

/** "July 18, 2025", the same on server and browser. */
export const formatChangelogDate = (iso: string) => formatDate(`${iso}T00:00:00Z`, "date", "UTC");
