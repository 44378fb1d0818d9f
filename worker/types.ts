import type { SessionState } from "../app/auth/session.server";
import type { Config } from "../app/config.server";

/** Hono's view of the Worker: its bindings, and what the outer middleware resolves once per request. */
export type WorkerEnv = { Bindings: Env; Variables: { config: Config; auth: SessionState } };
