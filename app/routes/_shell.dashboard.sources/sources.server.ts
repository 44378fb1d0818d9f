// The Sources page's server side: the sources' states, the Discord alert channels and their latest
// deliveries from the host API, and the page's forms (an interval, a channel added, changed, tested or removed), each
// answered by a redirect back with a toast so it works without JavaScript.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { isSourceId, MAX_INTERVAL_MINUTES, type SourceState } from "#contract/sources";
import { MINUTE_MS } from "#contract/time";
import { requireUser } from "#app/auth/session.server";
import { failureReason, host } from "#app/host/client.server";
import { formOf, reply } from "#app/utils/action.server";
import { readPreferences } from "#app/utils/preferences";
import { timeZoneOr } from "#app/utils/dates";

export const PAGE = "/dashboard/sources";

export type Channel = {
  id: number;
  name: string;
  webhook: string;
  kinds: string[];
  stockPercent: number;
  createdAt: number;
};
export type Delivery = {
  id: number;
  channel: string;
  kind: string;
  content: string;
  status: "pending" | "sent" | "failed";
  attempts: number;
  lastResult: string | null;
  lastAttemptAt: number | null;
  nextAttemptAt: number;
  createdAt: number;
};

export async function loadSources(request: Request, context: AppLoadContext) {
  requireUser(request, context.auth);
  const api = host(context);
  const read = <T>(path: string) =>
    api.get<T>(path).then(
      (a) => ({ data: a.data, error: null }),
      (e: unknown) => ({ data: null, error: failureReason(e) }),
    );
  const [sources, channels, deliveries] = await Promise.all([
    read<{ sources: SourceState[]; now: number }>("/api/sources"),
    read<Channel[]>("/api/alerts/channels"),
    read<Delivery[]>("/api/alerts/deliveries"),
  ]);
  return {
    now: Date.now(),
    timeZone: timeZoneOr(readPreferences(request).timeZone),
    sources: sources.data?.sources ?? [],
    channels: channels.data ?? [],
    deliveries: deliveries.data ?? [],
    error: sources.error ?? channels.error ?? deliveries.error,
  };
}

const PERCENT_MESSAGE = "Stock below: a whole number from 1 to 100.";
const percentOk = (v: string) => v === "" || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 100);

export async function sourcesAction(request: Request, context: AppLoadContext) {
  requireUser(request, context.auth);
  const form = await formOf(request);
  const io = { request, context, form };
  const back = (type: "success" | "error", message: string) => reply(io, PAGE, { type, message }, { replace: true });
  const api = host(context);
  const text = (name: string) => String(form.get(name) ?? "").trim();
  try {
    switch (form.get("intent")) {
      case "interval": {
        const id = text("source");
        if (!isSourceId(id)) return back("error", "Choose one of the sources listed.");
        const raw = text("minutes");
        const minutes = raw === "" ? null : Number(raw);
        if (minutes !== null && (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_INTERVAL_MINUTES)) {
          return back(
            "error",
            `The interval is a whole number of minutes, from 1 to ${MAX_INTERVAL_MINUTES} (30 days).`,
          );
        }
        await api.send("PUT", `/api/sources/${id}/interval`, {
          intervalMs: minutes === null ? null : minutes * MINUTE_MS,
        });
        return back(
          "success",
          minutes === null ? "The interval is back to its default." : `Expected every ${minutes} min from now on.`,
        );
      }
      case "add-channel": {
        const percent = text("stockPercent");
        if (!percentOk(percent)) return back("error", PERCENT_MESSAGE);
        await api.send("POST", "/api/alerts/channels", {
          name: text("name"),
          url: text("url"),
          kinds: form.getAll("kinds").map(String),
          ...(percent ? { stockPercent: Number(percent) } : {}),
        });
        return back("success", `Alerts now go to ${text("name")}.`);
      }
      case "update-channel": {
        const percent = text("stockPercent");
        if (!percentOk(percent)) return back("error", PERCENT_MESSAGE);
        await api.send("PATCH", `/api/alerts/channels/${Number(text("id"))}`, {
          kinds: form.getAll("kinds").map(String),
          ...(percent ? { stockPercent: Number(percent) } : {}),
        });
        return back("success", "Saved the channel's alerts.");
      }
      case "test-channel":
        await api.send("POST", `/api/alerts/channels/${Number(text("id"))}/test`);
        return back("success", "A test alert is on its way: its delivery shows below.");
      case "delete-channel":
        await api.send("DELETE", `/api/alerts/channels/${Number(text("id"))}`);
        return back("success", "The channel was removed; it gets no more alerts.");
      default:
        return back("error", "That is not something this page does.");
    }
  } catch (error) {
    return back("error", failureReason(error));
  }
}
