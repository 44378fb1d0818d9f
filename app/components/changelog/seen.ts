// Which What's New this is: all the shell needs to decide whether the dialog opens by itself, apart from the
// changelog's text (changelog.ts), which only the dialog loads. Whether a browser has read it is the cookie
// `changelog-seen` (utils/preferences.ts, ADR 067).

export const CHANGELOG_VERSION = "1.1.0";
