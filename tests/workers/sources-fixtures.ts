// Shared by the sources and alerts tests: minutes ago, a collector's push, the ingest-only settings, a server's status
// row and the API's answers.
import { env } from "cloudflare:test";
import { SYSTEM } from "#worker/domain/context";
import { recordSnapshot } from "#worker/domain/servers/snapshots";
import { domainDeps } from "#worker/platform/deps";
import { Browser } from "./helpers";
import { envWith, hostPlayer, MINUTE, rows } from "./cron-fixtures";

/** The start of the current minute, `minutes` ago. */
export const minuteAgo = (minutes: number) => Math.floor(Date.now() / MINUTE) * MINUTE - minutes * MINUTE;
export const ingestOnly = () => envWith({});

export const push = (
  serverId: string,
  observedAt: number,
  players = [hostPlayer(1, "2", "GC"), hostPlayer(2, "1", "")],
) =>
  recordSnapshot(
    domainDeps(env, SYSTEM),
    serverId as "2411",
    { online: true, source: "ingest", roster: players, observedAt },
    "ingest",
  );

export const statusRow = async (id: string) => (await rows("select * from server_status where server_id = ?", id))[0];
export const api = async <T>(browser: Browser, path: string) => (await browser.fetch(path)).json<T>();
