// An in-process call's JSON answer handed to the BFF as the value the handler made, not as text it writes and the BFF
// reads back (ADR 048). The answer's body is still its JSON, written only if someone reads it.

import { isPlainJson, jsonOf } from "#contract/shared-json";

export { isPlainJson };

/** Answers by their Response, one map per isolate. */
const kept = new WeakMap<Response, unknown>();

const encoder = new TextEncoder();

/** A JSON body written when it is first read: a Response rebuilt around it (a header added) still carries the JSON. */
function jsonBody(value: unknown): ReadableStream<Uint8Array> {
  // No queue (highWaterMark 0): a stream pulls at once to fill its queue, and this one must wait to be read.
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        controller.enqueue(encoder.encode(jsonOf(value)));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * A JSON answer made by `make` around its body. A plain JSON value (the usual case) is kept beside the Response for
 * answerOf and its body, jsonBody(value), is written only if read. Any other value is written at once, so what JSON
 * cannot write fails here, in the handler or loader, and its reader parses the body as usual.
 */
export function jsonAnswer(
  value: unknown,
  make: (body: string | ReadableStream<Uint8Array> | null) => Response,
): Response {
  if (!isPlainJson(value)) return make(JSON.stringify(value) ?? null);
  const res = make(jsonBody(value));
  kept.set(res, value);
  return res;
}

/**
 * The value a Response made by jsonAnswer was made from, given once (it is plain JSON: what JSON.parse of the body
 * gives); null for any other Response, whose body is read as usual.
 */
export function answerOf(res: Response): { value: unknown } | null {
  if (!kept.has(res)) return null;
  const value = kept.get(res);
  kept.delete(res);
  void res.body?.cancel();
  return { value };
}
