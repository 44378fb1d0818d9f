// The stand-in must answer as Discord does, or what passes here would fail against discord.com.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import schemas from "#tests/fixtures/discord-schemas.json";
import { MEMBER, ORIGIN, OUTSIDER } from "./helpers";

type Schema = { required: string[]; properties: Record<string, string | string[]> };

function conforms(value: Record<string, unknown>, schema: Schema): string[] {
  const problems: string[] = [];
  for (const field of schema.required) if (!(field in value)) problems.push(`missing ${field}`);
  for (const [field, v] of Object.entries(value)) {
    const type = schema.properties[field];
    if (type === undefined) problems.push(`unknown field ${field}`);
    const types = Array.isArray(type) ? type : [type];
    const ok = types.some((t) => {
      if (t === "null") return v === null;
      if (t === "string" || t === "ref:AvailableLocalesEnum") return typeof v === "string";
      if (t === "integer" || t === "ref:Int53Type" || t === "ref:PremiumTypes") return Number.isInteger(v);
      if (t === "boolean") return typeof v === "boolean";
      if (t === "array") return Array.isArray(v);
      if (t === "ref:SnowflakeType") return typeof v === "string" && /^\d{17,20}$/.test(v);
      return t === "oneOf"; // nullable objects: not checked deeper
    });
    if (!ok) problems.push(`${field} is ${JSON.stringify(v)}, expected ${types.join(" or ")}`);
  }
  return problems;
}

async function tokenFor(userId: string) {
  const res = await SELF.fetch(`${ORIGIN}/__discord/api/v10/oauth2/token`, {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: `standin-code.${userId}.test`,
      redirect_uri: `${ORIGIN}/auth/callback`,
      client_id: "100000000000000000",
      client_secret: "test-client-secret",
    }),
  });
  expect(res.status).toBe(200);
  const body = await res.json<{ access_token: string; token_type: string; scope: string }>();
  expect(body).toMatchObject({ token_type: "Bearer", scope: "identify guilds guilds.members.read" });
  return body.access_token;
}

const get = (path: string, token?: string) =>
  SELF.fetch(`${ORIGIN}/__discord/api/v10${path}`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});

describe("the Discord stand-in", () => {
  it("answers /users/@me in the shape of Discord's UserPIIResponse", async () => {
    const me = await (await get("/users/@me", await tokenFor(MEMBER))).json<Record<string, unknown>>();
    expect(conforms(me, schemas.UserPIIResponse as Schema)).toEqual([]);
    expect(me).toMatchObject({ id: MEMBER, username: "rexrider", global_name: "Rex Rider" });
  });

  it("answers /users/@me/guilds with MyGuildResponse items; the outsider is not in the tribe's guild", async () => {
    const member = await (await get("/users/@me/guilds", await tokenFor(MEMBER))).json<Record<string, unknown>[]>();
    for (const guild of member) expect(conforms(guild, schemas.MyGuildResponse as Schema)).toEqual([]);
    expect(member.map((g) => g.id)).toContain("400000000000000001");
    const outsider = await (await get("/users/@me/guilds", await tokenFor(OUTSIDER))).json<Record<string, unknown>[]>();
    expect(outsider.map((g) => g.id)).not.toContain("400000000000000001");
  });

  it("refuses what Discord refuses", async () => {
    expect((await get("/users/@me")).status).toBe(401);
    expect((await get("/users/@me", "made-up")).status).toBe(401);
    const badSecret = await SELF.fetch(`${ORIGIN}/__discord/api/v10/oauth2/token`, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: `standin-code.${MEMBER}.x`,
        client_id: "100000000000000000",
        client_secret: "wrong",
      }),
    });
    expect(badSecret.status).toBe(401);
    const wrongClient = await SELF.fetch(
      `${ORIGIN}/__discord/oauth2/authorize?client_id=1&response_type=code&redirect_uri=${encodeURIComponent(ORIGIN)}`,
    );
    expect(wrongClient.status).toBe(400);
  });
});
