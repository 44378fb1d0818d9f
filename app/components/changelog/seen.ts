// Which changelog this browser has seen: all the shell needs to decide whether What's New opens by itself. Apart from
// the changelog's text (changelog.ts), which only the dialog loads.

export const CHANGELOG_VERSION = "1.1.0";

/** Local storage keys: the version last seen, and the version whose auto-open was dismissed. */
export const LAST_SEEN_KEY = "changelog-last-seen";
export const DISMISSED_KEY = "changelog-dismissed";

/** Spec part 1 section 4: auto-open when the last-seen version differs and this version was not dismissed. */
export function shouldAutoOpen(lastSeen: string | null, dismissed: string | null, version = CHANGELOG_VERSION) {
  return lastSeen !== version && dismissed !== version;
}
