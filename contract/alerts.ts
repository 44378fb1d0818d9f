// Alerts in Discord: what can be sent, where (a channel's webhook), and how deliveries are retried and paced.
// The host API (which queues and delivers them) and the Sources page (which configures channels and shows deliveries)
// both apply these rules. Pure: the browser bundle includes this file.
import { MINUTE_MS } from "./time";

export const ALERT_KINDS = {
  "enemy-online": "An enemy comes online (the server and their names)",
  "server-offline": "A server goes offline",
  "stock-low": "Stock falls below a share of its target",
  "member-left": "A member leaves the Discord",
  "watch-online": "A watched player comes online (the server and their name)",
} as const;
export type AlertKind = keyof typeof ALERT_KINDS;
export const ALERT_KIND_IDS = Object.keys(ALERT_KINDS) as AlertKind[];
export const isAlertKind = (v: unknown): v is AlertKind => typeof v === "string" && v in ALERT_KINDS;

/** A channel's name: what the Sources page calls it. */
export const MAX_CHANNEL_NAME = 60;
/** At most this many channels. */
export const MAX_CHANNELS = 20;

/** Discord's webhook address: https://discord.com/api/webhooks/{id}/{token} (the API version in the path is allowed). */
export const WEBHOOK_PATH = /^\/api(?:\/v\d+)?\/webhooks\/(\d{5,25})\/([\w-]{20,100})$/;

/**
 * Whether `url` is a Discord webhook: https on discord.com (or its canary and ptb hosts), or on the configured Discord
 * base (the local stand-in's, in development and tests).
 */
export function isWebhookUrl(url: string, discordOrigins: readonly string[]) {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.search || parsed.hash || parsed.username || parsed.password) return false;
  const base = discordOrigins.find((origin) => url.startsWith(`${origin}/`));
  if (!base) return false;
  const path = url.slice(base.length);
  return WEBHOOK_PATH.test(path);
}

export const DISCORD_ORIGINS = [
  "https://discord.com",
  "https://discordapp.com",
  "https://canary.discord.com",
  "https://ptb.discord.com",
];

/** A webhook address as the page shows it: never its token, only its last four characters. */
export function maskWebhook(url: string) {
  const m = /^(.*\/webhooks\/\d+\/)([\w-]+)$/.exec(url);
  if (!m) return "(hidden)";
  return `${m[1]}••••${m[2].slice(-4)}`;
}

/** Deliveries per channel per minute, Discord's own webhook limit being about 30 a minute. */
export const CHANNEL_PER_MINUTE = 5;
/** Attempts before a delivery is given up as failed. */
export const MAX_ATTEMPTS = 6;
/** The wait before attempt n + 1 (after n failures): 1, 2, 4, 8, 16 minutes. */
export const retryDelay = (failures: number) => Math.min(2 ** Math.max(0, failures - 1), 16) * MINUTE_MS;

/** Stock below this share of its target alerts, unless a channel says otherwise. */
export const DEFAULT_STOCK_PERCENT = 50;
