// One bounded JSON read for the snapshot's sources: a timeout that covers the request and the body, and every failure
// turned into a sentence the status answer can show as errorDetails ("Official server list unreachable: timeout
// after 8000 ms"). Never throws.

export type Fetcher = (request: Request) => Promise<Response>;
export type JsonRead = { ok: true; body: unknown } | { ok: false; error: string };

export async function fetchJson(
  url: string,
  init: { headers?: HeadersInit; timeoutMs: number; label: string },
  fetcher: Fetcher,
): Promise<JsonRead> {
  const { timeoutMs, label } = init;
  const signal = AbortSignal.timeout(timeoutMs);
  // The signal aborts the request; the race also bounds a fetcher or a body that ignores it.
  const aborted = new Promise<never>((_, reject) =>
    signal.addEventListener("abort", () => reject(signal.reason), { once: true }),
  );
  aborted.catch(() => {});
  const bounded = <T>(work: Promise<T>) => Promise.race([work, aborted]);
  try {
    const headers = new Headers(init.headers);
    headers.set("Accept", "application/json");
    const res = await bounded(fetcher(new Request(url, { headers, signal })));
    if (!res.ok) {
      await res.body?.cancel();
      return {
        ok: false,
        error: `${label} unreachable: HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ""}`,
      };
    }
    try {
      return { ok: true, body: await bounded(res.json()) };
    } catch (error) {
      if (signal.aborted) throw error;
      return { ok: false, error: `${label} unreadable: the answer is not JSON` };
    }
  } catch (error) {
    if (signal.aborted) return { ok: false, error: `${label} unreachable: timeout after ${timeoutMs} ms` };
    return { ok: false, error: `${label} unreachable: ${error instanceof Error ? error.message : String(error)}` };
  }
}
