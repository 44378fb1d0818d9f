// API tokens, managed by signed-in people (a token cannot mint or see tokens).
import { Hono } from "hono";
import { can, SECTION_LABELS, SECTIONS, toAccess, type Access } from "#contract/access";
import { createToken, listTokens, revokeToken } from "#worker/domain/tokens";
import type { WorkerEnv } from "#worker/types";
import { deps, fieldError, notFound, valid } from "./http";
import { tokenCreate } from "#contract/tokens";

export const tokensApi = new Hono<WorkerEnv>()
  .use("*", async (c, next) => {
    if (c.get("caller").kind !== "user") {
      return c.json({ error: "forbidden", message: "API tokens are managed by signed-in people only." }, 403);
    }
    await next();
  })
  .get("/", async (c) => c.json(await listTokens(deps(c).db, c.get("caller").userId)))
  .post("/", valid("json", tokenCreate), async (c) => {
    const { name, scopes } = c.req.valid("json");
    const mine = c.get("caller").access;
    const asked: Access = scopes ? toAccess(scopes) : mine;
    // A token never reaches past its maker: it would outlive a demotion only as far as the demotion allows anyway.
    const beyond = SECTIONS.find((s) => asked[s] !== "none" && !can(mine, s, asked[s] as "view" | "edit"));
    if (beyond) {
      return fieldError(
        c,
        `scopes.${beyond}`,
        `You have ${mine[beyond]} in ${SECTION_LABELS[beyond]}; a token cannot have ${asked[beyond]}.`,
      );
    }
    return c.json(await createToken(deps(c), c.get("caller").userId, name, asked), 201);
  })
  .delete("/:id", async (c) => {
    const id = c.req.param("id");
    if (!(await revokeToken(deps(c), c.get("caller").userId, id))) return notFound(c, "API token", id);
    return c.json({ message: "Token revoked." });
  });
