// The audit trail (admin): GET /api/audit/search, every change with who, when, what and its before and after.
import { Hono } from "hono";
import { z } from "zod";
import { SECTIONS } from "#contract/access";
import { searchAudit } from "#worker/domain/audit";
import { database } from "#worker/domain/context";
import type { WorkerEnv } from "#worker/types";
import { blankIsMissing, pageQuery, valid } from "./http";

/** A day that exists (2024-02-31 does not: Date.parse would roll it over to March). */
const isDay = (d: string) => {
  const at = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === d;
};
const day = z.preprocess(
  blankIsMissing,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date, YYYY-MM-DD")
    .refine(isDay, "must be a date, YYYY-MM-DD")
    .optional(),
);
const text = (max: number) =>
  z.preprocess(blankIsMissing, z.string().max(max, `must be at most ${max} characters`).optional());

export const auditQuery = pageQuery
  .extend({
    section: z.preprocess(
      blankIsMissing,
      z.enum(SECTIONS, { message: `must be one of ${SECTIONS.join(", ")}` }).optional(),
    ),
    person: text(100),
    entity: text(60),
    record: text(100),
    /** From the start of this UTC day. */
    from: day,
    /** To the end of this UTC day. */
    to: day,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ["to"], message: "must be on or after from" });

export const auditApi = new Hono<WorkerEnv>().get("/api/audit/search", valid("query", auditQuery), async (c) => {
  const { from, to, ...rest } = c.req.valid("query");
  const range = {
    from: from ? Date.parse(`${from}T00:00:00Z`) : undefined,
    to: to ? Date.parse(`${to}T23:59:59.999Z`) : undefined,
  };
  return c.json(await searchAudit(database(c.env), { ...rest, ...range }));
});
