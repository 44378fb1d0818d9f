// What every loader and action receives from the Worker (worker/index.ts builds it once per request).
import type { Config } from "./config.server";
import type { SessionState } from "./auth/session.server";
import type { Host } from "./host/client.server";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    config: Config;
    auth: SessionState;
    /** The host API, through the one host client (app/host/client.server.ts). */
    host: Host;
  }
}

export {};
