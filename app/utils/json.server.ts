// The JSON answer of a loader or an action, as Remix's `json` makes it, carrying the value it was made from (ADR 050):
// the server's render of a document takes that value instead of writing the data out only to read it back (the
// patched router asks answerOf), so a loader must not change a value after answering with it. A data request from the
// browser reads the body, which is the same JSON, written when read. A value that is not plain JSON (a Date, a value
// JSON cannot write) is written at once, as Remix writes it, and reaches the render through its body.
import type { TypedResponse } from "@remix-run/cloudflare";
import { jsonAnswer } from "../../worker/platform/in-process-answer";

export function json<T>(value: T, init: number | ResponseInit = {}): TypedResponse<T> {
  const responseInit = typeof init === "number" ? { status: init } : init;
  const headers = new Headers(responseInit.headers);
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json; charset=utf-8");
  return jsonAnswer(value, (body) => new Response(body, { ...responseInit, headers })) as TypedResponse<T>;
}
