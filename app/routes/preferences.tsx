// Theme and sidebar choices, kept in cookies so they render on first paint and work without JavaScript.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { json } from "#app/utils/json.server";
import { safeRedirect } from "#app/auth/redirect";
import { formOf, isFetcher } from "#app/utils/action.server";
import { CHANGELOG_VERSION } from "#app/components/changelog/seen";
import { CHANGELOG_KEY, isTheme, preferenceCookie, SIDEBAR_KEY, THEME_KEY } from "#app/utils/preferences";

export async function action({ request }: ActionFunctionArgs) {
  const form = await formOf(request);
  const intent = form.get("intent");
  let cookie: string;
  if (intent === "theme") {
    const theme = form.get("theme");
    if (!isTheme(theme)) return json({ error: "Theme must be light, dark or system." }, { status: 400 });
    cookie = preferenceCookie(THEME_KEY, theme);
  } else if (intent === "sidebar") {
    const collapsed = form.get("collapsed");
    if (collapsed !== "true" && collapsed !== "false") {
      return json({ error: "collapsed must be true or false." }, { status: 400 });
    }
    cookie = preferenceCookie(SIDEBAR_KEY, collapsed);
  } else if (intent === "changelog") {
    // What's New read: only the version being shown can be marked (an older page's form marks nothing newer).
    if (form.get("version") !== CHANGELOG_VERSION)
      return json({ error: `What's New is at version ${CHANGELOG_VERSION}.` }, { status: 400 });
    cookie = preferenceCookie(CHANGELOG_KEY, CHANGELOG_VERSION);
  } else {
    return json({ error: "Unknown preference." }, { status: 400 });
  }
  // A fetcher (the sidebar's toggle) stays on its page; a form comes back to the page it was on.
  if (isFetcher(form)) return json({ toast: null }, { headers: { "Set-Cookie": cookie } });
  return redirect(safeRedirect(form.get("redirectTo"), "/dashboard"), { headers: { "Set-Cookie": cookie } });
}

export async function loader() {
  throw redirect("/dashboard");
}
