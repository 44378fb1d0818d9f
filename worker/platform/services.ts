// The platform's services the Remix app uses, built once here and handed to it in every loader's context
// (app/load-context.ts): the session store, the role mapping and the host cache keep their state in these modules.
import * as hostCache from "./host-cache";
import { answerOf } from "./in-process-answer";
import { rolesWithLevels, setRoleLevels } from "./role-admin";
import { createSession, destroySession, listSessions, revokeSessions } from "./session";

export const services = {
  sessions: { create: createSession, destroy: destroySession, list: listSessions, revoke: revokeSessions },
  roles: { withLevels: rolesWithLevels, setLevels: setRoleLevels },
  hostCache,
  /** The value an in-process answer was made from (worker/platform/in-process-answer.ts). */
  answerOf,
} as const;

export type Services = typeof services;
