// The in-process API's answers handed to the BFF as values (ADR 048): what the BFF gets must be what JSON.parse of the
// body gives, whatever was put in it, and the body must still be that JSON for anyone who reads it.
import { createExecutionContext, env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hostClient, hostErrorOf } from "#app/host/client.server";
import { FULL_ACCESS } from "#contract/access";
import { callInProcess } from "#worker/api";
import { answerOf, isPlainJson, jsonAnswer } from "#worker/platform/in-process-answer";
import { isShared, jsonOf, share } from "#contract/shared-json";
import { sessionCaller, type SessionState } from "#worker/platform/session";
import { services } from "#worker/platform/services";
import { MEMBER, ORIGIN } from "./helpers";

class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
}

const PLAIN = [
  null,
  "text",
  0,
  -1.5,
  true,
  [],
  {},
  [1, "a", null, [{ b: [false] }]],
  { a: { b: { c: [1, 2, { d: "e" }] } }, "": 1, __proto__x: 2 },
];
const NOT_PLAIN = [
  { at: new Date(Date.UTC(2026, 10, 29, 3, 0)) },
  { gone: undefined, kept: 1 },
  [1, undefined, 3],
  [1, , 3], // eslint-disable-line no-sparse-arrays -- a hole is the case under test
  { n: NaN, m: Infinity, o: -Infinity },
  { p: new Point(1, 2) },
  { f: () => 1, s: Symbol("s") },
  { custom: { toJSON: () => "as said" } },
  Object.assign(Object.create(null), { bare: true }),
  { m: new Map([["a", 1]]), set: new Set([1]) },
];

afterEach(() => vi.restoreAllMocks());

const viaJson = (value: unknown) => JSON.parse(JSON.stringify(value) ?? "null");
const kept = (value: unknown) =>
  jsonAnswer(value, (body) => new Response(body, { headers: { "Content-Type": "application/json" } }));
/** What a reader of a kept answer gets, as the host client reads it: the kept value, else the body. */
const read = async (res: Response) => answerOf(res)?.value ?? (await res.json());

describe("an answer kept for the BFF", () => {
  it("is the handler's value itself when it is plain JSON, and JSON.parse's copy of it when not", async () => {
    for (const value of PLAIN) {
      expect(isPlainJson(value), JSON.stringify(value)).toBe(true);
      expect(answerOf(kept(value))?.value).toBe(value);
    }
    for (const [i, value] of NOT_PLAIN.entries()) {
      expect(isPlainJson(value), `NOT_PLAIN[${i}]`).toBe(false);
      const answer = await read(kept(value));
      expect(answer).not.toBe(value);
      expect(answer).toStrictEqual(viaJson(value));
    }
  });

  it("is never written out when the BFF takes it as a value", async () => {
    const stringify = vi.spyOn(JSON, "stringify");
    const value = { rows: [{ id: 1, name: "Rex" }] };
    const res = kept(value);
    // One turn of the event loop: every microtask has run, a stream's first pull among them.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(answerOf(res)?.value).toBe(value);
    expect(stringify).not.toHaveBeenCalled();
  });

  it("is given once, and its body is its JSON for whoever reads it instead (a response rebuilt around it too)", async () => {
    const value = { at: new Date(0), rows: [{ id: 1 }] };
    expect(await kept(value).json()).toStrictEqual(viaJson(value));
    expect(await new Response(kept(value).body, { status: 201 }).json()).toStrictEqual(viaJson(value));
    const res = kept({ rows: value.rows });
    expect(answerOf(res)).not.toBeNull();
    expect(answerOf(res)).toBeNull();
    expect(answerOf(new Response("{}"))).toBeNull();
  });
});

describe("a value shared by many requests (ADR 060)", () => {
  it("is frozen all the way down, so a reader that tries to change it throws and the next reader finds it unchanged", () => {
    const value = share({ rows: [{ id: 1, colours: { HP: "#ff0000" } }], total: 1 });
    expect(isShared(value) && isShared(value.rows) && isShared(value.rows[0].colours)).toBe(true);
    expect(() => (value.rows[0].colours.HP = "#000000")).toThrow(TypeError);
    expect(() => value.rows.push({ id: 2, colours: { HP: "#00ff00" } })).toThrow(TypeError);
    expect(() => delete (value as { total?: number }).total).toThrow(TypeError);
    expect(value).toStrictEqual({ rows: [{ id: 1, colours: { HP: "#ff0000" } }], total: 1 });
  });

  it("is only plain JSON: anything else is refused and left as it was", () => {
    for (const [i, value] of NOT_PLAIN.entries()) {
      expect(() => share(value), `NOT_PLAIN[${i}]`).toThrow(TypeError);
      expect(isShared(value) || Object.isFrozen(value), `NOT_PLAIN[${i}]`).toBe(false);
    }
  });

  it("is known to be plain JSON without a walk, has its JSON written once, and is answered as that JSON", async () => {
    const value = share({ rows: [{ id: 1, name: "Rex" }] });
    const stringify = vi.spyOn(JSON, "stringify");
    expect(isPlainJson({ page: value })).toBe(true);
    expect(jsonOf(value)).toBe('{"rows":[{"id":1,"name":"Rex"}]}');
    expect(jsonOf(value)).toBe('{"rows":[{"id":1,"name":"Rex"}]}');
    expect(stringify).toHaveBeenCalledTimes(1);
    // A value not shared may change between two calls: its JSON is written each time.
    const own = { n: 1 };
    expect(jsonOf(own)).toBe('{"n":1}');
    own.n = 2;
    expect(jsonOf(own)).toBe('{"n":2}');
    expect(await read(kept(value))).toBe(value);
    expect(await kept(value).json()).toStrictEqual(viaJson(value));
  });
});

describe("the in-process host API", () => {
  const AUTH: SessionState = {
    status: "ok",
    sessionId: "in-process",
    user: { id: MEMBER, username: "rexrider", displayName: "Rex Rider", avatar: null },
    access: FULL_ACCESS,
  };
  const ctx = createExecutionContext();
  const api = async (request: Request) => callInProcess(request, sessionCaller(AUTH)!, env, ctx);
  const client = () => hostClient({ api, origin: ORIGIN, env, ctx, services });

  it("answers the BFF what its body says, for reads and writes, refusals included", async () => {
    const code = await client().send<{ _id: string; location: string }>("POST", "/api/codes", {
      username: "kept",
      code: "42",
      location: "Kept Cave",
    });
    expect(code.location).toBe("Kept Cave");
    for (const path of ["/api/codes", "/api/health", `/api/vouches/search?q=kept`, "/api/stock-2411"]) {
      const { data } = await client().get(path);
      const body = await (await api(new Request(`${ORIGIN}${path}`))).json();
      if (path === "/api/health") expect(Object.keys(data as object)).toEqual(Object.keys(body as object));
      else expect(data, path).toStrictEqual(body);
    }
    const missing = `/api/codes/${"f".repeat(24)}`;
    const refused = await client()
      .send("PUT", missing, { location: "x" })
      .catch((e: unknown) => e);
    expect(hostErrorOf(refused)?.status).toBe(404);
    const res = await api(
      new Request(`${ORIGIN}${missing}`, {
        method: "PUT",
        body: JSON.stringify({ location: "x" }),
        headers: { "Content-Type": "application/json" },
      }),
    );
    expect(hostErrorOf(refused)?.body).toStrictEqual(await res.json());
    expect(res.headers.get("Content-Type")).toBe("application/json");

    // Bad input: refused in the API's words, the field named, and nothing written.
    const before = (await client().get<unknown[]>("/api/codes")).data.length;
    const bad = await client()
      .send("POST", "/api/codes", { username: 5, code: "1" })
      .catch((e: unknown) => e);
    expect(hostErrorOf(bad)?.status).toBe(400);
    expect(hostErrorOf(bad)?.body?.message).toContain("username");
    expect((await client().get<unknown[]>("/api/codes")).data.length).toBe(before);
  });
});
