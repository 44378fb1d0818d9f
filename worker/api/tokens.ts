// API tokens, managed by signed-in people (a token cannot mint or see tokens).
import { Hono } from "hono";
import { createToken, listTokens, revokeToken } from "../domain/tokens";
import type { WorkerEnv } from "../types";
import { deps, notFound, valid } from "./http";
import { tokenCreate } from "../../contract/tokens";

export const tokensApi = new Hono<WorkerEnv>()
  .use("*", async (c, next) => {
    if (c.get("caller").kind !== "user") {
      return c.json({ error: "forbidden", message: "API tokens are managed by signed-in people only." }, 403);
    }
    await next();
  })
  .get("/", async (c) => c.json(await listTokens(deps(c).db, c.get("caller").userId)))
  .post("/", valid("json", tokenCreate), async (c) => {
    const created = await createToken(deps(c), c.get("caller").userId, c.req.valid("json").name);
    return c.json(created, 201);
  })
  .delete("/:id", async (c) => {
    const id = c.req.param("id");
    if (!(await revokeToken(deps(c), c.get("caller").userId, id))) return notFound(c, "API token", id);
    return c.json({ message: "Token revoked." });
  });
