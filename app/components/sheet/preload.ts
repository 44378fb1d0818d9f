// The sheet grid's code, requested with the page (in <head>) rather than after hydration. The hrefs come from the
// loader (grid-preload.server.ts), so the server and the browser render the same tags.
export const gridPreloadMeta = (hrefs: readonly string[] | undefined) =>
  (hrefs ?? []).map((href) => ({ tagName: "link", rel: "modulepreload", href }));
