// A source's state for a page that shows its figures' age: GET /api/sources, or null when the host has no
// such call (an older external backend) or fails: the page then shows its figures without an age.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SourceId, SourceState } from "#contract/sources";
import { host } from "#app/host/client.server";

export async function sourceOf(context: AppLoadContext, id: SourceId): Promise<SourceState | null> {
  try {
    const { data } = await host(context).get<{ sources: SourceState[] }>("/api/sources");
    return data.sources.find((s) => s.id === id) ?? null;
  } catch {
    return null;
  }
}
