import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";

// The Worker reads getLoadContext from the server build (worker/index.ts).
export { getLoadContext } from "./load-context";

/**
 * The document, rendered to one string (ADR 021): no page defers data or suspends on the server, so a stream would
 * send the same bytes in one piece, and React's stream renderer passes every piece of text through TextEncoder
 * separately, which costs more than the rest of a sheet page's render in the Workers runtime.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const html = renderToString(<RemixServer context={remixContext} url={request.url} />);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("X-Content-Type-Options", "nosniff");
  responseHeaders.set("Referrer-Policy", "same-origin");
  responseHeaders.set("X-Frame-Options", "DENY");
  return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}
