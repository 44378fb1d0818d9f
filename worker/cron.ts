// The one-minute cron (wrangler.toml [triggers]): a snapshot of every tracked server, then the prune of old snapshots,
// of audit rows past their retention and (at midnight UTC) of old tribe hours, then the Discord alerts that are due. The job itself is worker/jobs/snapshot.ts (Manual Refresh runs it too).
import { getConfig } from "./platform/config";
import { pruneAudit } from "./domain/audit";
import { database } from "./domain/context";
import { pruneTribeHours } from "./domain/players/sessions";
import { DAY_MS } from "#contract/time";
import { floorToMinute, retentionCutoff } from "./domain/servers-rules";
import { runSnapshots } from "./jobs/snapshot";
import { deliverAlerts } from "./domain/alerts";
import { moveDemoRosters } from "./sources/demo-collector";

/** The Worker's scheduled handler: every minute (wrangler.toml [triggers]), a snapshot of every tracked server. */
export const scheduled: ExportedHandlerScheduledHandler<Env> = async (controller, env) => {
  const config = getConfig(env);
  // Development only: the demo collectors push their moved rosters first, as real collectors would between runs.
  if (config.DEMO_COLLECTORS)
    await moveDemoRosters(env, floorToMinute(controller.scheduledTime), config.TRACKED_SERVERS);
  const run = await runSnapshots(env, {
    at: floorToMinute(controller.scheduledTime),
    servers: config.TRACKED_SERVERS,
    prune: true,
  });
  // Through the audit trail's index on its time: a run with nothing to prune costs one indexed count.
  await pruneAudit(database(env), retentionCutoff(run.at, config.AUDIT_RETENTION_DAYS));
  if (run.at % DAY_MS === 0) await pruneTribeHours(database(env), run.at);
  // The Discord alerts that are due: those the snapshots just queued, and earlier failures' retries.
  await deliverAlerts(database(env), (request) => fetch(request), Math.max(Date.now(), run.at));
  const failed = run.results.filter((r) => "error" in r);
  if (failed.length) {
    const which = failed.map((f) => `${f.serverId} failed`).join(", ");
    throw new Error(`Snapshot run at ${new Date(run.at).toISOString()}: ${which}`);
  }
};
