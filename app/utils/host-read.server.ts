// What a page shows from one host read: the data, how old it is when the host's last good answer stood in (stale),
// or why nothing could be read. A page never turns a failed read into an empty state: it shows LoadError with Retry.
import type { HostAnswer } from "#app/host/client.server";
import { failureReason } from "#app/host/client.server";

export type Shown<T> = {
  data: T;
  /** When the shown data was fetched, if the host's last good answer stood in for a fresh one; else null. */
  staleAsOf: number | null;
  /** Why nothing could be read (the data is then `empty`); else null. */
  loadError: string | null;
};

/** Reads once; a failure becomes `loadError` (with `what` named) and the empty value, logged. */
export const shown = <T>(read: Promise<HostAnswer<T>>, empty: T, what: string): Promise<Shown<T>> =>
  loaded(
    read.then((answer) => ({ data: answer.data, stale: answer.stale ? answer.asOf : null })),
    empty,
    what,
  );

/** The same for a read that says itself when its last good answer is from (a paged search: searchCall, searchedPage). */
export async function loaded<T>(
  read: Promise<{ data: T; stale: number | null }>,
  empty: T,
  what: string,
): Promise<Shown<T>> {
  try {
    const answer = await read;
    return { data: answer.data, staleAsOf: answer.stale, loadError: null };
  } catch (error) {
    console.warn(`could not load ${what}`, error);
    return { data: empty, staleAsOf: null, loadError: `Could not load ${what}: ${failureReason(error)}` };
  }
}
