// The sheet grid's code and styles, requested with the page (in <head>) rather than after hydration. The hrefs come
// from the loader (grid-preload.server.ts), so the server and the browser render the same tags. The styles are linked
// as stylesheets: Vite's loader finds them in the page and does not wait for them again before the grid's import.
// A phone shows the sheet as cards and never loads the grid (ADR 071): the code is preloaded for wider screens only.
import { CARDS_UP_TO } from "#app/components/grid/columns";

const WIDER_THAN_PHONE = `(min-width: ${CARDS_UP_TO + 1}px)`;

export const gridPreloadMeta = (hrefs: readonly string[] | undefined) =>
  (hrefs ?? []).map((href) =>
    href.endsWith(".css")
      ? { tagName: "link", rel: "stylesheet", href }
      : { tagName: "link", rel: "modulepreload", href, media: WIDER_THAN_PHONE },
  );
