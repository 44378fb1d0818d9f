// The sheet grid's code and styles requested in <head> with the page, from the loader's hrefs
// (grid-preload.server.ts); wider screens only, since a phone shows cards and never loads the grid (ADR 071).
import { CARDS_UP_TO } from "#app/components/grid/columns";

const WIDER_THAN_PHONE = `(min-width: ${CARDS_UP_TO + 1}px)`;

export const gridPreloadMeta = (hrefs: readonly string[] | undefined) =>
  (hrefs ?? []).map((href) =>
    href.endsWith(".css")
      ? { tagName: "link", rel: "stylesheet", href }
      : { tagName: "link", rel: "modulepreload", href, media: WIDER_THAN_PHONE },
  );
