import type { SessionState } from "../app/auth/session.server";
import type { Config } from "../app/config.server";

/** Who is calling the host API: a signed-in person, or an API token acting for the person who made it. */
export type Caller =
  | { kind: "user"; id: string; name: string; userId: string }
  | { kind: "token"; id: string; name: string; userId: string; tokenId: string };

/** Hono's view of the Worker: its bindings, and what the outer middleware resolves once per request. */
export type WorkerEnv = {
  Bindings: Env;
  Variables: { config: Config; auth: SessionState; caller: Caller };
};
