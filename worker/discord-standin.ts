// A local stand-in for Discord's OAuth2 and REST API, for development and tests where discord.com cannot be reached.
// It answers in Discord's shapes (shared/reference/discord-openapi.json) and is mounted only when DISCORD_STANDIN is
// "true", which configuration refuses when ENVIRONMENT is production.
import { Hono } from "hono";
import type { Config } from "./platform/config";
import { isDiscordId } from "#contract/ids";
import { NAME_FIRST, NAME_SECOND, seeded } from "./sources/seeded";

type StandinEnv = { Bindings: Env; Variables: { config: Config } };

export type DemoUser = {
  id: string;
  username: string;
  global_name: string | null;
  avatar: string | null;
  member: boolean;
  /** Their roles in the first configured guild (besides @everyone). */
  roles: string[];
  note: string;
};

/** The stand-in guild's roles (the first configured guild's; @everyone's id is the guild's). */
export const DEMO_ROLES = {
  owner: { id: "500000000000000001", name: "Owner", position: 4, color: 0xe67e22 },
  officer: { id: "500000000000000002", name: "Officer", position: 3, color: 0x3498db },
  breeder: { id: "500000000000000003", name: "Breeder", position: 2, color: 0x2ecc71 },
  member: { id: "500000000000000004", name: "Member", position: 1, color: 0x95a5a6 },
} as const;

const { owner, officer, breeder, member } = DEMO_ROLES;

export const DEMO_USERS: DemoUser[] = [
  {
    id: "300000000000000001",
    username: "rexrider",
    global_name: "Rex Rider",
    avatar: null,
    member: true,
    roles: [owner.id, member.id],
    note: "Tribe owner",
  },
  {
    id: "300000000000000002",
    username: "tekbreeder",
    global_name: "Tek Breeder",
    avatar: null,
    member: true,
    roles: [breeder.id, member.id],
    note: "Breeder",
  },
  {
    id: "300000000000000003",
    username: "vaultkeeper",
    global_name: null,
    avatar: null,
    member: true,
    roles: [officer.id, member.id],
    note: "Officer without a display name",
  },
  {
    id: "300000000000000004",
    username: "tribemate",
    global_name: "Tribe Mate",
    avatar: null,
    member: true,
    roles: [member.id],
    note: "Plain member",
  },
  {
    id: "300000000000000009",
    username: "wanderer",
    global_name: "Wandering Outsider",
    avatar: null,
    member: false,
    roles: [],
    note: "Not in the tribe's Discord",
  },
];

/** A demo user's roles in a configured guild, or null when they are not in it. Other ids: members without roles, but
 * ids ending in 9 (not members, like the outsider), so the failure paths can be exercised. */
export function standinMemberRoles(guildIds: readonly string[], guildId: string, userId: string): string[] | null {
  if (!guildIds.includes(guildId)) return null;
  const demo = DEMO_USERS.find((u) => u.id === userId);
  if (demo) return demo.member ? (guildId === guildIds[0] ? demo.roles : []) : null;
  return userId.endsWith("9") ? null : [];
}

/** Discord's GuildMemberResponse (the fields a client reads). */
const guildMember = (userId: string, roles: string[]) => ({
  user: standinUser(userId),
  nick: null,
  avatar: null,
  roles,
  joined_at: "2025-06-01T12:00:00.000000+00:00",
  premium_since: null,
  deaf: false,
  mute: false,
  flags: 0,
  pending: false,
});

const OTHER_GUILD_ID = "400000000000000099";
const CODE_PREFIX = "standin-code.";
const TOKEN_PREFIX = "standin-token.";

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const userFromToken = (header: string | undefined) => {
  const token = header?.match(/^Bearer (.+)$/)?.[1] ?? "";
  if (!token.startsWith(TOKEN_PREFIX)) return undefined;
  return DEMO_USERS.find((u) => u.id === token.slice(TOKEN_PREFIX.length).split(".")[0]);
};
const discordError = (message: string, code = 0) => ({ message, code });
const randomPart = () => crypto.randomUUID().replace(/-/g, "");

export const discordStandin = new Hono<StandinEnv>();

discordStandin.use("*", async (c, next) => {
  if (!c.get("config").DISCORD_STANDIN) return c.notFound();
  await next();
});

discordStandin.get("/oauth2/authorize", (c) => {
  const q = c.req.query();
  const config = c.get("config");
  if (q.client_id !== config.DISCORD_CLIENT_ID) return c.text("Invalid OAuth2 client_id", 400);
  if (q.response_type !== "code") return c.text("Unsupported response_type", 400);
  if (!q.redirect_uri || !/^https?:\/\//.test(q.redirect_uri)) return c.text("Invalid OAuth2 redirect_uri", 400);
  const hidden = ["redirect_uri", "state", "scope"]
    .map((k) => `<input type="hidden" name="${k}" value="${esc(q[k] ?? "")}">`)
    .join("");
  const buttons = DEMO_USERS.map(
    (u) => `<button name="user_id" value="${u.id}" data-testid="standin-user-${u.username}">
      <strong>${esc(u.global_name ?? u.username)}</strong> <span>@${esc(u.username)}</span><small>${esc(u.note)}</small></button>`,
  ).join("");
  return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Discord (local stand-in)</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font:15px/1.4 system-ui,sans-serif;background:#313338;color:#dbdee1;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#2b2d31;padding:2rem;border-radius:8px;width:min(26rem,92vw)}h1{font-size:1.25rem;color:#fff;margin:0 0 .25rem}
p{color:#b5bac1;margin:.25rem 0 1rem}button{display:grid;width:100%;text-align:left;margin:.5rem 0;padding:.75rem 1rem;border:0;
border-radius:4px;background:#5865f2;color:#fff;font:inherit;cursor:pointer}button:hover{background:#4752c4}
button span{opacity:.8}button small{opacity:.75}code{color:#fff}</style></head>
<body><main><h1>Local Discord stand-in</h1><p>Development only. Choose who signs in; the dashboard asks for
<code>${esc(q.scope ?? "")}</code>.</p><form method="post">${hidden}${buttons}</form></main></body></html>`);
});

discordStandin.post("/oauth2/authorize", async (c) => {
  const form = await c.req.formData();
  const user = DEMO_USERS.find((u) => u.id === form.get("user_id"));
  const redirectUri = String(form.get("redirect_uri") ?? "");
  if (!user || !/^https?:\/\//.test(redirectUri)) return c.text("Invalid authorization request", 400);
  const target = new URL(redirectUri);
  target.searchParams.set("code", `${CODE_PREFIX}${user.id}.${randomPart()}`);
  target.searchParams.set("state", String(form.get("state") ?? ""));
  return c.redirect(target.toString(), 302);
});

discordStandin.post("/api/v10/oauth2/token", async (c) => {
  const form = await c.req.formData();
  const config = c.get("config");
  if (
    form.get("client_id") !== config.DISCORD_CLIENT_ID ||
    form.get("client_secret") !== config.DISCORD_CLIENT_SECRET
  ) {
    return c.json({ error: "invalid_client" }, 401);
  }
  if (form.get("grant_type") !== "authorization_code") return c.json({ error: "unsupported_grant_type" }, 400);
  const code = String(form.get("code") ?? "");
  const user =
    code.startsWith(CODE_PREFIX) && DEMO_USERS.find((u) => u.id === code.slice(CODE_PREFIX.length).split(".")[0]);
  if (!user) return c.json({ error: "invalid_grant", error_description: 'Invalid "code" in request.' }, 400);
  return c.json({
    access_token: `${TOKEN_PREFIX}${user.id}.${randomPart()}`,
    token_type: "Bearer",
    expires_in: 604800,
    refresh_token: randomPart(),
    scope: "identify guilds guilds.members.read",
  });
});

discordStandin.get("/api/v10/users/@me", (c) => {
  const user = userFromToken(c.req.header("Authorization"));
  if (!user) return c.json(discordError("401: Unauthorized"), 401);
  return c.json({
    id: user.id,
    username: user.username,
    avatar: user.avatar,
    discriminator: "0",
    public_flags: 0,
    flags: 0,
    banner: null,
    accent_color: null,
    global_name: user.global_name,
    avatar_decoration_data: null,
    collectibles: null,
    primary_guild: null,
    mfa_enabled: false,
    locale: "en-US",
    premium_type: 0,
  });
});

discordStandin.get("/api/v10/users/@me/guilds", (c) => {
  const user = userFromToken(c.req.header("Authorization"));
  if (!user) return c.json(discordError("401: Unauthorized"), 401);
  const guild = (id: string, name: string) => ({
    id,
    name,
    icon: null,
    banner: null,
    owner: false,
    permissions: "104324673",
    features: [],
  });
  const ids = user.member ? c.get("config").DISCORD_GUILD_IDS : [];
  return c.json([
    ...ids.map((id, i) => guild(id, i === 0 ? "ARK Tribe" : `ARK Tribe ${i + 1}`)),
    guild(OTHER_GUILD_ID, "Some Other Server"),
  ]);
});

/** The signed-in user's own membership of a guild (scope guilds.members.read). */
discordStandin.get("/api/v10/users/@me/guilds/:guildId/member", (c) => {
  const user = userFromToken(c.req.header("Authorization"));
  if (!user) return c.json(discordError("401: Unauthorized"), 401);
  const roles = standinMemberRoles(c.get("config").DISCORD_GUILD_IDS, c.req.param("guildId"), user.id);
  if (!roles) return c.json(discordError("Unknown Guild", 10004), 404);
  return c.json(guildMember(user.id, roles));
});

// ---------------------------------------------------------------------------------------------------------------
// The bot's REST calls: user profiles (for avatars) and removing a guild member (kick). Both need `Authorization: Bot`.

const botAuthorized = (header: string | undefined) => /^Bot \S+/.test(header ?? "");

/** Discord's UserResponse for an id: a demo user, or a generated one (about half with an avatar). */
export function standinUser(id: string) {
  const demo = DEMO_USERS.find((u) => u.id === id);
  const r = seeded(id);
  const display = `${r.pick(NAME_FIRST)}${r.pick(NAME_SECOND)}`;
  const hasAvatar = r.next() < 0.5;
  const hash = Array.from({ length: 32 }, () => Math.floor(r.next() * 16).toString(16)).join("");
  const animated = r.next() < 0.1;
  const flags = r.pick([0, 0, 0, 0, 64, 128, 256]);
  return {
    id,
    username: demo?.username ?? `${display.toLowerCase()}${r.next() < 0.4 ? Math.floor(r.next() * 999) : ""}`,
    avatar: demo ? demo.avatar : hasAvatar ? `${animated ? "a_" : ""}${hash}` : null,
    discriminator: "0",
    public_flags: flags,
    flags,
    banner: null,
    accent_color: null,
    global_name: demo ? demo.global_name : r.next() < 0.7 ? display : null,
    avatar_decoration_data: null,
    collectibles: null,
    primary_guild: null,
  };
}

discordStandin.get("/api/v10/users/:userId", (c) => {
  if (!botAuthorized(c.req.header("Authorization"))) return c.json(discordError("401: Unauthorized"), 401);
  const id = c.req.param("userId");
  if (!isDiscordId(id)) return c.json(discordError("Unknown User", 10013), 404);
  return c.json(standinUser(id));
});

discordStandin.get("/api/v10/guilds/:guildId/members/:userId", (c) => {
  if (!botAuthorized(c.req.header("Authorization"))) return c.json(discordError("401: Unauthorized"), 401);
  const guildIds = c.get("config").DISCORD_GUILD_IDS;
  if (!guildIds.includes(c.req.param("guildId"))) return c.json(discordError("Unknown Guild", 10004), 404);
  const userId = c.req.param("userId");
  const roles = isDiscordId(userId) ? standinMemberRoles(guildIds, c.req.param("guildId"), userId) : null;
  if (!roles) return c.json(discordError("Unknown Member", 10007), 404);
  return c.json(guildMember(userId, roles));
});

/** The guild's roles: @everyone (the guild's id), and in the first guild the demo roles. */
discordStandin.get("/api/v10/guilds/:guildId/roles", (c) => {
  if (!botAuthorized(c.req.header("Authorization"))) return c.json(discordError("401: Unauthorized"), 401);
  const guildIds = c.get("config").DISCORD_GUILD_IDS;
  const guildId = c.req.param("guildId");
  if (!guildIds.includes(guildId)) return c.json(discordError("Unknown Guild", 10004), 404);
  const role = (r: { id: string; name: string; position: number; color: number }) => ({
    ...r,
    colors: { primary_color: r.color, secondary_color: null, tertiary_color: null },
    hoist: r.position > 0,
    icon: null,
    unicode_emoji: null,
    permissions: "0",
    managed: false,
    mentionable: false,
    flags: 0,
  });
  const everyone = role({ id: guildId, name: "@everyone", position: 0, color: 0 });
  return c.json(guildId === guildIds[0] ? [everyone, ...Object.values(DEMO_ROLES).map(role)] : [everyone]);
});

/**
 * Kick. Guilds other than the configured ones are unknown to the bot; user ids ending in 9 (the demo outsider among
 * them) are not members, so the failure path can be exercised.
 */
discordStandin.delete("/api/v10/guilds/:guildId/members/:userId", (c) => {
  if (!botAuthorized(c.req.header("Authorization"))) return c.json(discordError("401: Unauthorized"), 401);
  if (!c.get("config").DISCORD_GUILD_IDS.includes(c.req.param("guildId")))
    return c.json(discordError("Unknown Guild", 10004), 404);
  const userId = c.req.param("userId");
  if (!isDiscordId(userId) || userId.endsWith("9")) return c.json(discordError("Unknown Member", 10007), 404);
  return c.body(null, 204);
});

/**
 * Execute Webhook (the Discord alerts). Each webhook's messages are kept in this isolate, newest last, so a
 * test (or a person trying the alerts locally) can read what arrived at GET .../messages, which Discord itself does not
 * have. A token starting with "fail" answers 500 every time, so a failing channel can be tried.
 */
const webhookMessages = new Map<string, { id: string; content: string; timestamp: string }[]>();

for (const prefix of ["/api", "/api/v10"]) {
  discordStandin.post(`${prefix}/webhooks/:id/:token`, async (c) => {
    const { id, token } = c.req.param();
    if (token.startsWith("fail"))
      return c.json(discordError("stand-in: this webhook always fails (its token starts with fail)"), 500);
    const body = await c.req.json<{ content?: unknown }>().catch(() => null);
    if (!body || typeof body.content !== "string" || !body.content.trim())
      return c.json(discordError("Cannot send an empty message", 50006), 400);
    const message = { id: standinSnowflake(), content: body.content, timestamp: new Date().toISOString() };
    const kept = webhookMessages.get(`${id}/${token}`) ?? [];
    kept.push(message);
    webhookMessages.set(`${id}/${token}`, kept.slice(-100));
    return c.req.query("wait") === "true"
      ? c.json({ ...message, channel_id: id, webhook_id: id, type: 0 })
      : c.body(null, 204);
  });
  discordStandin.get(`${prefix}/webhooks/:id/:token/messages`, (c) =>
    c.json(webhookMessages.get(`${c.req.param("id")}/${c.req.param("token")}`) ?? []),
  );
}

/** An id in Discord's shape (a snowflake from the time). */
const standinSnowflake = () =>
  String((BigInt(Date.now() - 1420070400000) << 22n) + BigInt(Math.floor(Math.random() * 4096)));
