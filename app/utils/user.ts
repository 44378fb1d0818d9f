// How a person is shown: greeting, name, avatar. Pure and shared by server and browser.
import { formatDate, hourIn, timeZoneOr } from "./dates";

export type Greeting = "Good Morning" | "Good Afternoon" | "Good Evening";

/** Good Morning before 12, Good Afternoon before 17, otherwise Good Evening. */
export function greetingFor(hour: number): Greeting {
  if (hour < 12) return "Good Morning";
  if (hour < 17) return "Good Afternoon";
  return "Good Evening";
}

export function displayNameOf(user: { displayName?: string | null; username?: string | null } | null | undefined) {
  return user?.displayName || user?.username || "User";
}

/** The hour and the long date at an instant in a time zone (the browser's own when known, else UTC). */
export function localClock(at: Date, timeZone?: string) {
  const zone = timeZoneOr(timeZone);
  return { hour: hourIn(at, zone), date: formatDate(at, "longDate", zone) };
}

/** Without an avatar, the default avatar is chosen by id modulo 5. */
export function defaultAvatarIndex(id: string | null | undefined): number {
  if (!id || !/^\d+$/.test(id)) return 0;
  return Number(BigInt(id) % 5n);
}

export const defaultAvatarUrl = (id: string | null | undefined) => `/avatars/default-${defaultAvatarIndex(id)}.svg`;

export function avatarUrl(user: { id: string; avatar?: string | null }, size = 64) {
  if (!user.avatar) return defaultAvatarUrl(user.id);
  const ext = user.avatar.startsWith("a_") ? "gif" : "png";
  return `https://cdn.discordapp.com/avatars/${user.id}/${user.avatar}.${ext}?size=${size}`;
}

/**
 * A stored avatar URL as a picture: Discord's default avatars (and none at all) become the local default images,
 * chosen by the user id modulo 5, so they show without reaching Discord.
 */
export function storedAvatarSrc(url: string | null | undefined, userId: string | null | undefined) {
  const avatar = url?.trim();
  if (!avatar) return defaultAvatarUrl(userId);
  const embed = /^https:\/\/cdn\.discordapp\.com\/embed\/avatars\/(\d)\.png/.exec(avatar);
  if (embed) return `/avatars/default-${Number(embed[1]) % 5}.svg`;
  return avatar;
}
