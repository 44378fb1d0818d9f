// Sign-in with Discord through remix-auth. The OAuth URLs come from configuration, so the same code path runs against
// Discord in production and against the local stand-in (worker/discord-standin.ts) in development and tests.
import { createCookieSessionStorage } from "@remix-run/cloudflare";
import { Authenticator, AuthorizationError } from "remix-auth";
import { DiscordStrategy, type DiscordProfile } from "remix-auth-discord";
import { memberRolesOf } from "#worker/domain/discord";
import { rolesIn } from "#worker/platform/access";
import { discordUrls, isProduction, type Config } from "#worker/platform/config";
import type { DiscordIdentity } from "#worker/platform/session";

export type SignInResult = DiscordIdentity & { guildIds: string[] };

/**
 * remix-auth-discord hard-codes discord.com; this subclass points it at the configured URLs through the strategies'
 * protected members (the OAuth2 URLs and userProfile), not the private userInfoURL.
 */
class ConfigurableDiscordStrategy extends DiscordStrategy<SignInResult> {
  private readonly profileURL: string;

  constructor(
    options: ConstructorParameters<typeof DiscordStrategy<SignInResult>>[0],
    urls: ReturnType<typeof discordUrls>,
    verify: ConstructorParameters<typeof DiscordStrategy<SignInResult>>[1],
  ) {
    super(options, verify);
    this.authorizationURL = urls.authorize;
    this.tokenURL = urls.token;
    this.profileURL = `${urls.api}/users/@me`;
  }

  protected override async userProfile(accessToken: string): Promise<DiscordProfile> {
    const res = await fetch(this.profileURL, { headers: { Authorization: `Bearer ${accessToken}` } });
    if (!res.ok) throw new Error(`Discord answered ${res.status} for the signed-in user`);
    const raw = (await res.json()) as DiscordProfile["__json"];
    return {
      provider: "discord",
      id: raw.id,
      displayName: raw.global_name ?? raw.username,
      emails: raw.email ? [{ value: raw.email }] : undefined,
      photos: raw.avatar ? [{ value: raw.avatar }] : undefined,
      __json: raw,
    };
  }
}

type PartialGuild = { id: string };

export function authenticator(request: Request, config: Config) {
  const origin = new URL(request.url).origin;
  const urls = discordUrls(config, origin);
  // Holds only the OAuth state (and where to go afterwards) between leaving for Discord and coming back.
  const flowStorage = createCookieSessionStorage({
    cookie: {
      name: "__oauth",
      httpOnly: true,
      sameSite: "lax",
      secure: isProduction(config) || origin.startsWith("https:"),
      path: "/auth",
      maxAge: 10 * 60,
      secrets: config.SESSION_SECRETS,
    },
  });
  const auth = new Authenticator<SignInResult>(flowStorage, { throwOnError: true });
  auth.use(
    new ConfigurableDiscordStrategy(
      {
        clientID: config.DISCORD_CLIENT_ID,
        clientSecret: config.DISCORD_CLIENT_SECRET,
        callbackURL: `${origin}/auth/callback`,
        scope: ["identify", "guilds", "guilds.members.read"],
      },
      urls,
      async ({ accessToken, profile }: { accessToken: string; profile: DiscordProfile }) => {
        const res = await fetch(`${urls.api}/users/@me/guilds`, {
          headers: { Authorization: `Bearer ${accessToken}` },
        });
        if (!res.ok) throw new Error(`Discord answered ${res.status} for the guild list`);
        const guildIds = ((await res.json()) as PartialGuild[]).map((g) => g.id);
        // Their roles in each configured guild they are in: what they may do here (contract/access.ts).
        const roles = await rolesIn(
          config.DISCORD_GUILD_IDS.filter((id) => guildIds.includes(id)),
          async (guildId) => {
            const member = await fetch(`${urls.api}/users/@me/guilds/${guildId}/member`, {
              headers: { Authorization: `Bearer ${accessToken}` },
            });
            if (!member.ok) throw new Error(`Discord answered ${member.status} for the member of ${guildId}`);
            return memberRolesOf(await member.json());
          },
        );
        return {
          id: profile.__json.id,
          username: profile.__json.username,
          globalName: profile.__json.global_name ?? null,
          avatar: profile.__json.avatar ?? null,
          guildIds,
          roles,
        };
      },
    ),
  );
  return { auth, flowStorage };
}

export const isMember = (who: SignInResult, config: Config) =>
  who.guildIds.some((id) => config.DISCORD_GUILD_IDS.includes(id));

export { AuthorizationError };
