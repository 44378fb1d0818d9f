// The one-minute cron (wrangler.toml [triggers]): a snapshot of every tracked server, then the prune of old snapshots.
// The job itself is worker/jobs/snapshot.ts (Manual Refresh runs it too).
import { getConfig } from "./platform/config";
import { floorToMinute } from "./domain/servers-rules";
import { runSnapshots } from "./jobs/snapshot";

/** The Worker's scheduled handler: every minute (wrangler.toml [triggers]), a snapshot of every tracked server. */
export const scheduled: ExportedHandlerScheduledHandler<Env> = async (controller, env) => {
  const config = getConfig(env);
  const run = await runSnapshots(env, {
    at: floorToMinute(controller.scheduledTime),
    servers: config.TRACKED_SERVERS,
    prune: true,
  });
  const failed = run.results.filter((r) => "error" in r);
  if (failed.length) {
    const which = failed.map((f) => `${f.serverId} failed`).join(", ");
    throw new Error(`Snapshot run at ${new Date(run.at).toISOString()}: ${which}`);
  }
};
