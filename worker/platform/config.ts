// One schema for the Worker's settings, checked on the first request. Every problem is reported at once, in words.
import { z } from "zod";
import { discordIdSchema } from "#contract/ids";
import { SERVER_IDS } from "#contract/servers";

const snowflake = discordIdSchema;
const list = (item: z.ZodString) =>
  z
    .string()
    .transform((s) =>
      s
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).min(1, "must list at least one value"));
/** Comma-separated Discord ids; may be empty. */
const ids = z
  .string()
  .transform((s) =>
    s
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean),
  )
  .pipe(z.array(snowflake));
const flag = z.enum(["true", "false"], { message: 'must be "true" or "false"' }).transform((v) => v === "true");
const url = z.string().url("must be an absolute URL");
const milliseconds = (fallback: number) =>
  z.coerce.number({ message: "must be a number of milliseconds" }).int().min(100).max(30_000).default(fallback);
const trackedServers = z
  .string()
  .transform((s) => [
    ...new Set(
      s
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(
    z
      .array(
        z.enum(SERVER_IDS, { errorMap: () => ({ message: `must list server ids among ${SERVER_IDS.join(", ")}` }) }),
      )
      .min(1, "must list at least one value"),
  );
const seconds = (fallback: number) =>
  z.coerce.number({ message: "must be a number of seconds" }).int().min(0).max(86_400).default(fallback);

export const configSchema = z
  .object({
    ENVIRONMENT: z.enum(["development", "production"], { message: 'must be "development" or "production"' }),
    SESSION_SECRETS: list(z.string().min(16, "each secret must be at least 16 characters")),
    DISCORD_CLIENT_ID: z.string().min(1, "is required"),
    DISCORD_CLIENT_SECRET: z.string().min(1, "is required"),
    DISCORD_GUILD_IDS: list(snowflake),
    /** The first owners: Discord user ids or role ids with every access level (contract/access.ts). */
    OWNER_IDS: ids.default(""),
    DISCORD_STANDIN: flag.default("false"),
    DISCORD_AUTHORIZE_URL: url.optional(),
    DISCORD_TOKEN_URL: url.optional(),
    DISCORD_API_URL: url.optional(),
    DISCORD_BOT_TOKEN: z.string().min(1).optional(),
    HOST_URL: url.optional(),
    HOST_TOKEN: z.string().min(1).optional(),
    HOST_CACHE_TTL: seconds(15),
    HOST_CACHE_SWR: seconds(60),
    HOST_TIMEOUT_MS: z.coerce.number({ message: "must be a number" }).int().min(100).max(30_000).default(4000),
    CONTACT_PERSON: z.string().min(1).default("a tribe Admin on Discord"),
    NOT_AUTHORIZED_REDIRECT_URL: url.default("https://www.youtube.com/"),
    OFFICIAL_SERVER_LIST_URL: url.optional(),
    OFFICIAL_SERVER_LIST_STANDIN: flag.default("false"),
    OFFICIAL_LIST_TIMEOUT_MS: milliseconds(8000),
    TRACKED_SERVERS: trackedServers.default("2411,2573,2446"),
    /** Development only: each cron run moves the rosters as a collector would (worker/sources/demo-collector.ts). */
    DEMO_COLLECTORS: flag.default("false"),
    /** Development only: answers say how many D1 round trips they made (worker/platform/d1-count.ts, bench/load.mjs). */
    COUNT_D1_QUERIES: flag.default("false"),
    SNAPSHOT_RETENTION_DAYS: z.coerce
      .number({ message: "must be a number of days" })
      .int()
      .min(1, "must be at least 1")
      .max(3650)
      .default(30),
    /** How long the audit trail keeps a change (the cron prunes older ones). */
    AUDIT_RETENTION_DAYS: z.coerce
      .number({ message: "must be a number of days" })
      .int()
      .min(1, "must be at least 1")
      .max(3650)
      .default(365),
  })
  .superRefine((c, ctx) => {
    if (c.ENVIRONMENT === "production" && c.DISCORD_STANDIN) {
      ctx.addIssue({
        code: "custom",
        path: ["DISCORD_STANDIN"],
        message: "the local Discord stand-in cannot be enabled when ENVIRONMENT is production",
      });
    }
    if (c.ENVIRONMENT === "production" && c.DEMO_COLLECTORS) {
      ctx.addIssue({
        code: "custom",
        path: ["DEMO_COLLECTORS"],
        message: "moves demo rosters for local development, and cannot be enabled when ENVIRONMENT is production",
      });
    }
    if (c.ENVIRONMENT === "production" && c.COUNT_D1_QUERIES) {
      ctx.addIssue({
        code: "custom",
        path: ["COUNT_D1_QUERIES"],
        message: "counts D1 queries for the benchmark, and cannot be enabled when ENVIRONMENT is production",
      });
    }
    if (c.HOST_URL && !c.HOST_TOKEN) {
      ctx.addIssue({ code: "custom", path: ["HOST_TOKEN"], message: "is required when HOST_URL is set" });
    }
    if (c.ENVIRONMENT === "production" && c.OFFICIAL_SERVER_LIST_STANDIN) {
      ctx.addIssue({
        code: "custom",
        path: ["OFFICIAL_SERVER_LIST_STANDIN"],
        message: "the local official server list stand-in cannot be enabled when ENVIRONMENT is production",
      });
    }
    if (c.ENVIRONMENT === "production" && !c.OFFICIAL_SERVER_LIST_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["OFFICIAL_SERVER_LIST_URL"],
        message: "is required in production (the server snapshots read it every minute)",
      });
    }
    if (c.ENVIRONMENT === "production" && c.OWNER_IDS.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["OWNER_IDS"],
        message: "is required in production (who may give everyone else access)",
      });
    }
    if (c.ENVIRONMENT === "production" && !c.DISCORD_BOT_TOKEN) {
      ctx.addIssue({
        code: "custom",
        path: ["DISCORD_BOT_TOKEN"],
        message: "is required in production (kick and avatars)",
      });
    }
  });

export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: { setting: string; message: string }[]) {
    super(`Invalid configuration: ${problems.map((p) => `${p.setting} ${p.message}`).join("; ")}`);
  }
}

const cache = new WeakMap<object, Config>();

/** Validates the Worker's env once per env object; throws ConfigError listing every bad or missing setting. */
export function getConfig(env: object): Config {
  const hit = cache.get(env);
  if (hit) return hit;
  const raw = Object.fromEntries(Object.entries(env).filter(([, v]) => typeof v === "string" && v !== ""));
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => ({
        setting: String(i.path[0] ?? "configuration"),
        message: i.code === "invalid_type" && i.received === "undefined" ? "is required" : i.message,
      })),
    );
  }
  cache.set(env, parsed.data);
  return parsed.data;
}

export const isProduction = (c: Config) => c.ENVIRONMENT === "production";

/** The bot token for Discord's REST API. The stand-in accepts any; it is required in production. */
export const botToken = (c: Config) => c.DISCORD_BOT_TOKEN ?? "standin-bot-token";

/** The tribe's existing backend the BFF reads instead of this Worker's own host API, when HOST_URL is set. */
export type ExternalHost = { url: string; token: string; ttlSeconds: number; swrSeconds: number; timeoutMs: number };

export function externalHost(c: Config): ExternalHost | undefined {
  if (!c.HOST_URL || !c.HOST_TOKEN) return undefined;
  return {
    url: c.HOST_URL.replace(/\/$/, ""),
    token: c.HOST_TOKEN,
    ttlSeconds: c.HOST_CACHE_TTL,
    swrSeconds: c.HOST_CACHE_SWR,
    timeoutMs: c.HOST_TIMEOUT_MS,
  };
}

/** Where the OAuth flow and Discord's REST API live: Discord itself, or the local stand-in on this origin. */
export function discordUrls(c: Config, origin: string) {
  const base = c.DISCORD_STANDIN ? `${origin}/__discord` : "https://discord.com";
  return {
    authorize: c.DISCORD_AUTHORIZE_URL ?? `${base}/oauth2/authorize`,
    token: c.DISCORD_TOKEN_URL ?? `${base}/api/v10/oauth2/token`,
    api: (c.DISCORD_API_URL ?? `${base}/api/v10`).replace(/\/$/, ""),
  };
}

/** Renders a ConfigError as one readable page: what is wrong, where to set it, no stack trace. */
export function configErrorPage(error: ConfigError): string {
  const esc = (s: string) => s.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const items = error.problems.map((p) => `<li><code>${esc(p.setting)}</code> ${esc(p.message)}</li>`).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Configuration error</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#111}
code{background:#f2f2f2;padding:.1rem .3rem;border-radius:.25rem}li{margin:.4rem 0}</style></head>
<body><h1>Configuration error</h1><p>The dashboard cannot start because these settings are missing or malformed:</p>
<ul>${items}</ul><p>Set them in <code>.dev.vars</code> for local development (see <code>.dev.vars.example</code>),
or with <code>wrangler secret put</code> and <code>[vars]</code> in <code>wrangler.toml</code> for a deployment.</p></body></html>`;
}
