// Whether the page runs JavaScript yet: false on the server and during hydration (same markup), true once React has
// hydrated. One flag for the document, set in the layout's first effect; a component mounted later starts hydrated.
import { startTransition, useEffect, useLayoutEffect, useState } from "react";

let hydrationDone = false;

/** Whether this render is the browser's hydration of the server's HTML (false on the server and once it is done). */
export const isHydrating = () => typeof document !== "undefined" && !hydrationDone;

export function useHydrated() {
  const [hydrated, setHydrated] = useState(hydrationDone);
  // A transition: the re-render that swaps in the hydrated parts yields to the browser between components, where a
  // plain update from an effect would re-render the whole page in one task (a slow phone's longest one).
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}

/** Marks the end of hydration; the document's layout calls it. */
export function useHydrationDone() {
  useEffect(() => {
    hydrationDone = true;
  }, []);
}

/** Code the browser loads after the page's first load (a chunk of its own): the value once it is here, and its loading. */
export type LateCode<T> = {
  /** The value when its code has run already (on the server: what it renders), else null. */
  loaded: () => T | null;
  /** Loads it once; null when it did not load (the error is logged). */
  load: () => Promise<T | null>;
};

const hydrationWaitsFor: Promise<unknown>[] = [];

/**
 * Settles once every late code that hydration waits for (`awaitedByHydration`), asked for so far, has loaded or failed,
 * or after `atMostMs`, whichever comes first. The entry hydrates then, so such a page's grid renders in the same task as
 * hydration, right after its commit (ADR 057).
 */
export const hydrationCodeSettled = (atMostMs: number) =>
  Promise.race([Promise.all(hydrationWaitsFor), new Promise((resolve) => setTimeout(resolve, atMostMs))]);

/**
 * A browser-only chunk's export as LateCode: `load` imports it once (an error is logged and answers null, so a reload
 * tries again); `eager` starts that with the module that asks for it instead of on first use. `awaitedByHydration`
 * starts it so too, and makes hydration wait a little for it (`hydrationCodeSettled`): for code whose chunks the page
 * requests in its <head>, so that they are in when its modules run. On the server it is never loaded: `loaded` answers
 * null.
 */
export function lateCode<T>(
  importer: () => Promise<T>,
  what: string,
  { eager = false, awaitedByHydration = false } = {},
): LateCode<T> {
  let value: T | null = null;
  let loading: Promise<T | null> | null = null;
  const load = () =>
    (loading ??=
      typeof document === "undefined"
        ? Promise.resolve(null)
        : importer().then(
            (v) => (value = v),
            (error) => (console.error(`${what} did not load`, error), null),
          ));
  if (awaitedByHydration) hydrationWaitsFor.push(load());
  else if (eager) void load();
  return { loaded: () => value, load };
}

/** A layout effect in the browser (it runs before the first paint after hydration), nothing on the server. */
export const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

type LateCodeState<T> = { code: T | null; asServed: boolean; waiting: boolean; servedHidden: boolean };

/**
 * Where a piece whose code comes late is: `code` once it is here (in the task that hydrates, right after hydration's
 * commit, if it came first); until then `asServed` from hydration on, when the component renders <KeptAsServed> in
 * place of its fallback, and `waiting` from the first effect on, while the code loads. A code that did not load leaves
 * the component to its fallback, rendered by React.
 *
 * `servedHidden`: from the commit that brings the code, when the server's HTML was kept, until the browser has shown a
 * frame of the code's component, the component renders <KeptAsServed hidden> after it (ADR 057). Hiding keeps the
 * kept nodes' layout (content-visibility: the element itself collapses) and detaches none of them; removing them cost
 * 2411 Stock's grid about 5 ms before its first frame (40 rows of cells, images and forms), and now comes after it.
 *
 * `keepServed` false: what the server rendered holds what only the page without JavaScript shows, so React hydrates
 * the fallback instead (never `asServed`). Read when the component mounts: kept HTML cannot come back once React has
 * rendered in its place.
 */
export function useLateCode<T>({ loaded, load }: LateCode<T>, keepServed = true) {
  const [state, setState] = useState<LateCodeState<T>>(() =>
    isHydrating()
      ? { code: null, asServed: keepServed, waiting: false, servedHidden: false }
      : { code: loaded(), asServed: false, waiting: false, servedHidden: false },
  );
  useBrowserLayoutEffect(() => {
    const arrived = (code: T | null) =>
      setState((s) => ({ code, asServed: false, waiting: false, servedHidden: code !== null && s.asServed }));
    const here = loaded();
    if (here) return arrived(here);
    setState((s) => ({ ...s, waiting: true }));
    let live = true;
    void load().then((code) => live && arrived(code));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (!state.servedHidden) return;
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setState((s) => ({ ...s, servedHidden: false })), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [state.servedHidden]);
  return state;
}

/**
 * The server's HTML of this element, kept as it is while the page hydrates and until React renders something else in
 * its place: React neither reads nor patches the children of an element whose HTML it sets. What the server rendered
 * (a table of a hundred rows, a dialog) stays on screen and works as it does without JavaScript, is not hydrated, and
 * no <Suspense> boundary waits there (one hydrating would be dropped, with React's error 421, by any context change
 * above it while it waits).
 */
export function KeptAsServed({ className, hidden = false }: { className?: string; hidden?: boolean }) {
  const classes = hidden ? (className ? `${className} served-hidden` : "served-hidden") : className;
  return <div className={classes} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
}
