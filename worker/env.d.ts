// The Worker's bindings and settings. Declared on Cloudflare.Env so partyserver's typed stubs see them too.
import type { Live } from "#party/live";

declare global {
  namespace Cloudflare {
    interface Env {
      DB: D1Database;
      ASSETS: Fetcher;
      /** The edge cache's generations (ADR 015); used only with HOST_URL. */
      HOST_CACHE?: KVNamespace;
      Live: DurableObjectNamespace<Live>;
      /** The rate limits (worker/platform/limits.ts, ADR 031), counted per minute; their counts are in wrangler.toml. */
      SIGN_IN_LIMIT?: RateLimit;
      BAD_TOKEN_LIMIT?: RateLimit;
      TOKEN_LIMIT?: RateLimit;
      SESSION_API_LIMIT?: RateLimit;
      WRITE_LIMIT?: RateLimit;
      ENVIRONMENT: string;
      SESSION_SECRETS: string;
      DISCORD_CLIENT_ID: string;
      DISCORD_CLIENT_SECRET: string;
      DISCORD_GUILD_IDS: string;
      DISCORD_STANDIN?: string;
      DISCORD_AUTHORIZE_URL?: string;
      DISCORD_TOKEN_URL?: string;
      DISCORD_API_URL?: string;
      DISCORD_BOT_TOKEN?: string;
      HOST_URL?: string;
      HOST_TOKEN?: string;
      HOST_CACHE_TTL?: string;
      HOST_CACHE_SWR?: string;
      HOST_TIMEOUT_MS?: string;
      CONTACT_PERSON?: string;
      NOT_AUTHORIZED_REDIRECT_URL?: string;
      OFFICIAL_SERVER_LIST_URL?: string;
      OFFICIAL_SERVER_LIST_STANDIN?: string;
      COUNT_D1_QUERIES?: string;
      OFFICIAL_LIST_TIMEOUT_MS?: string;
      TRACKED_SERVERS?: string;
      SNAPSHOT_RETENTION_DAYS?: string;
    }
  }
  interface Env extends Cloudflare.Env {}
}

export {};
