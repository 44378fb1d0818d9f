// With COUNT_D1_QUERIES (development only), wraps the request's D1 binding to count round trips (each statement or
// batch) and reports them in `X-D1-Queries`, for bench/load.mjs; off, nothing is wrapped.
import type { MiddlewareHandler } from "hono";
import type { WorkerEnv } from "#worker/types";

export const D1_QUERIES_HEADER = "X-D1-Queries";
const RUNS = new Set(["all", "first", "run", "raw"]);

/** `db`, with every round trip it makes counted in `count.n`. */
export function countingD1(db: D1Database, count: { n: number }): D1Database {
  // Counted statements go back to the real binding as themselves: D1's batch() checks what it is given.
  const real = new WeakMap<object, D1PreparedStatement>();
  const counted = (s: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(s, {
      get(target, key) {
        const value = Reflect.get(target, key, target);
        if (typeof value !== "function") return value;
        if (key === "bind") return (...args: unknown[]) => counted(value.apply(target, args));
        if (!RUNS.has(String(key))) return value.bind(target);
        return (...args: unknown[]) => {
          count.n++;
          return value.apply(target, args);
        };
      },
    });
    real.set(proxy, s);
    return proxy;
  };
  return new Proxy(db, {
    get(target, key) {
      if (key === "prepare") return (query: string) => counted(target.prepare(query));
      if (key === "batch") {
        return (statements: D1PreparedStatement[]) => {
          count.n++;
          return target.batch(statements.map((s) => real.get(s) ?? s));
        };
      }
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The middleware: counts the request's D1 round trips when COUNT_D1_QUERIES is on. */
export const countD1Queries = (): MiddlewareHandler<WorkerEnv> => async (c, next) => {
  if (!c.get("config").COUNT_D1_QUERIES) return next();
  const count = { n: 0 };
  c.env = { ...c.env, DB: countingD1(c.env.DB, count) };
  await next();
  if (c.res.status === 101) return;
  const res = new Response(c.res.body, c.res);
  res.headers.set(D1_QUERIES_HEADER, String(count.n));
  c.res = res;
};
