// The sheet grid's code and styles, requested with the page (in <head>) rather than after hydration. The hrefs come
// from the loader (grid-preload.server.ts), so the server and the browser render the same tags. The styles are linked
// as stylesheets: Vite's loader finds them in the page and does not wait for them again before the grid's import.
export const gridPreloadMeta = (hrefs: readonly string[] | undefined) =>
  (hrefs ?? []).map((href) => ({ tagName: "link", rel: href.endsWith(".css") ? "stylesheet" : "modulepreload", href }));
