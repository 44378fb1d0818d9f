import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { NonceProvider } from "./utils/nonce";

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
  loadContext: AppLoadContext,
) {
  const html = renderToString(
    <NonceProvider value={loadContext.nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={loadContext.nonce} />
    </NonceProvider>,
  );
  // The security headers (the policy that names the nonce among them) are the Worker's: worker/platform/headers.ts.
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}
