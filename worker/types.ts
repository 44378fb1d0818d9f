import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Access } from "#contract/access";
import type { LiveEvent } from "#contract/events";
import type { Config } from "./platform/config";
import type { Services } from "./platform/services";
import type { SessionState } from "./platform/session";

/**
 * Who is calling the host API: a signed-in person, or an API token acting for the person who made it; with what they
 * may do (contract/access.ts).
 */
export type Caller =
  | { kind: "user"; id: string; name: string; userId: string; access: Access }
  | { kind: "token"; id: string; name: string; userId: string; tokenId: string; access: Access };

/** Hono's view of the Worker: its bindings, and what the outer middleware resolves once per request. */
export type WorkerEnv = {
  Bindings: Env;
  /** `answered`: settles once the host API's handler has made its answer (worker/api/index.ts). */
  Variables: {
    config: Config;
    auth: SessionState;
    caller: Caller;
    answered: Promise<void>;
    nonce: string;
    /** When a push's figures were observed, as the pusher said (the Sources page's "observed"). */
    observedAt?: number;
  };
};

/** What the Worker resolves once per page request and hands to the Remix app. */
export type Platform = {
  env: Env;
  ctx: ExecutionContext;
  config: Config;
  auth: SessionState;
  /** This request's origin: in-process API calls carry it. */
  origin: string;
  /** This answer's script nonce, named in its content security policy (worker/platform/headers.ts). */
  nonce: string;
  /** The host API, called in-process as this request's caller (or anonymously, without a session). */
  api: (request: Request) => Promise<Response>;
  /** Tells every signed-in browser (used for writes that went to an external host). */
  publish: (event: LiveEvent) => Promise<unknown>;
  /** The session store, the role mapping and the host cache, one instance of each per isolate. */
  services: Services;
};

/** The Remix app's getLoadContext (app/load-context.ts), exported through its server entry. */
export type GetLoadContext = (platform: Platform) => AppLoadContext;
