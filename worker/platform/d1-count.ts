// The D1 round trips of one request, for the load benchmark (bench/load.mjs): with COUNT_D1_QUERIES (development only,
// refused in production by the configuration), the request's D1 binding is wrapped so that every statement run on its
// own and every batch counts as one round trip, and the answer says how many in `X-D1-Queries`. Off, nothing is
// wrapped and nothing is added.
import type { MiddlewareHandler } from "hono";
import type { WorkerEnv } from "../types";

export const D1_QUERIES_HEADER = "X-D1-Queries";
const RUNS = new Set(["all", "first", "run", "raw"]);

/** `db`, with every round trip it makes counted in `count.n`. */
export function countingD1(db: D1Database, count: { n: number }): D1Database {
  const statement = (s: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(s, {
      get(target, key) {
        const value = Reflect.get(target, key, target);
        if (typeof value !== "function") return value;
        if (key === "bind") return (...args: unknown[]) => statement(value.apply(target, args));
        if (RUNS.has(String(key))) {
          return (...args: unknown[]) => {
            count.n++;
            return value.apply(target, args);
          };
        }
        return value.bind(target);
      },
    });
  // Statements go back to the real binding unwrapped: D1's batch() checks what it is given.
  const unwrap = new WeakMap<object, D1PreparedStatement>();
  return new Proxy(db, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (key === "prepare") {
        return (query: string) => {
          const real = target.prepare(query);
          const counted = statement(real);
          unwrap.set(counted, real);
          return counted;
        };
      }
      if (key === "batch") {
        return (statements: D1PreparedStatement[]) => {
          count.n++;
          return target.batch(statements.map((s) => unwrap.get(s) ?? s));
        };
      }
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
