// What every loader and action receives. The Worker (worker/index.ts) resolves the platform once per request (settings,
// session, caller, the in-process host API); getLoadContext, exported through app/entry.server.tsx so that it is part
// of the Remix build, turns that into the loaders' context and builds the one host client.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { externalHost, type Config } from "#worker/platform/config";
import type { Services } from "#worker/platform/services";
import type { SessionState } from "#worker/platform/session";
import type { GetLoadContext } from "#worker/types";
import { hostClient, type Host } from "./host/client.server";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    config: Config;
    auth: SessionState;
    /** The host API, through the one host client (app/host/client.server.ts). */
    host: Host;
    /** This answer's script nonce (ADR 030). */
    nonce: string;
    /** The Worker's services, one instance per isolate: sessions, role admin, host cache (worker/platform/services.ts). */
    services: Services;
  }
}

export const getLoadContext: GetLoadContext = (platform): AppLoadContext => ({
  cloudflare: { env: platform.env, ctx: platform.ctx },
  config: platform.config,
  auth: platform.auth,
  nonce: platform.nonce,
  services: platform.services,
  host: hostClient({
    api: platform.api,
    origin: platform.origin,
    env: platform.env,
    ctx: platform.ctx,
    external: externalHost(platform.config),
    publish: platform.publish,
    services: platform.services,
  }),
});
