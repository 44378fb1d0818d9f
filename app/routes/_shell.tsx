// The signed-in shell: sidebar, top bar and the live connection, around every dashboard page.
import type { LoaderFunctionArgs, SerializeFrom } from "@remix-run/cloudflare";
import { isProduction } from "#app/utils/config.server";
import { json } from "#app/utils/json.server";
import { Outlet, useFetcher, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { requireSignedIn } from "#app/auth/session.server";
import { ChangelogAutoOpen } from "#app/components/changelog";
import { CHANGELOG_VERSION } from "#app/components/changelog/seen";
import { ErrorCard } from "#app/components/ErrorCard";
import { Sidebar } from "#app/components/shell/Sidebar";
import { TopBar } from "#app/components/shell/TopBar";
import { NotificationsProvider, useNotifications } from "#app/components/notifications/notifications";
import { LiveProvider, useLiveEvent } from "#app/realtime/live";
import { LIVE_EVENT_TYPES } from "#contract/events";
import {
  addToBurst,
  BURST_MAX_MS,
  BURST_QUIET_MS,
  burstToast,
  SHEET_EVENTS,
  toastForEvent,
  type Burst,
} from "#app/realtime/toasts";
import { FETCHER_FIELDS } from "#app/utils/action";
import { readToast } from "#app/utils/toast.server";
import { MOBILE_BREAKPOINT, readPreferences, SIDEBAR_KEY } from "#app/utils/preferences";
import { localClock } from "#app/utils/user";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Every page checks its own section (requireUser); the shell only needs a session, and says what the member may see.
  const { user, access } = requireSignedIn(request, context.auth);
  const prefs = readPreferences(request);
  // The flash toast of the last action is read and cleared here, and only here.
  const { toast, clear } = await readToast(request, context);
  return json(
    {
      user,
      access,
      isDev: !isProduction(context.config),
      theme: prefs.theme,
      sidebarCollapsed: prefs.sidebarCollapsed,
      serverClock: localClock(new Date(), prefs.timeZone),
      // What's New opens by itself, decided here so it is in the page as served and never opens late (ADR 067).
      changelog: prefs.changelogSeen !== CHANGELOG_VERSION,
      toast,
    },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

export default function Shell() {
  return (
    <ShellFrame data={useLoaderData<typeof loader>()}>
      <Outlet />
    </ShellFrame>
  );
}

/** A page that failed (not allowed, not found, an error) inside the shell, so the member can go on from there. */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("routes/_shell");
  if (!data) {
    return (
      <main className="center-page">
        <ErrorCard />
      </main>
    );
  }
  return (
    <ShellFrame data={data}>
      <div className="error-page">
        <ErrorCard />
      </div>
    </ShellFrame>
  );
}

function ShellFrame({ data, children }: { data: SerializeFrom<typeof loader>; children: React.ReactNode }) {
  const sidebar = useSidebar(data.sidebarCollapsed);
  return (
    <LiveProvider>
      <NotificationsProvider flash={data.toast}>
        <LiveToasts me={`user:${data.user.id}`} />
        <ChangelogAutoOpen unread={data.changelog} />
        <div className="shell" data-sidebar-collapsed={sidebar.collapsed}>
          <Sidebar
            ref={sidebar.ref}
            access={data.access}
            collapsed={sidebar.desktopCollapsed}
            mobileOpen={sidebar.mobileOpen}
          />
          <div className="shell-main">
            <TopBar
              user={data.user}
              isDev={data.isDev}
              theme={data.theme}
              collapsed={sidebar.collapsed}
              onToggleSidebar={sidebar.toggle}
              serverClock={data.serverClock}
            />
            <main className="content" id="content">
              {children}
            </main>
          </div>
        </div>
      </NotificationsProvider>
    </LiveProvider>
  );
}

/**
 * Every live event that has something to say becomes a notification. A sheet's changes are quiet: none for the signed-in
 * member's own, and the others' of a few seconds summed up in one toast, while the bell keeps each of them.
 */
function LiveToasts({ me }: { me: string }) {
  const { notify } = useNotifications();
  const bursts = useRef(new Map<string, { burst: Burst; quiet: number; max: number }>());
  useEffect(() => {
    const open = bursts.current;
    return () => open.forEach(({ quiet, max }) => (window.clearTimeout(quiet), window.clearTimeout(max)));
  }, []);
  useLiveEvent(LIVE_EVENT_TYPES, (event) => {
    const toast = toastForEvent(event);
    if (!toast) return;
    const sheet = SHEET_EVENTS[event.type];
    if (!sheet) return notify(toast);
    if (event.byId === me) return;
    // The bell keeps each change in the event's own words ("War Room Vaults: 3 rows saved by vaultkeeper").
    notify({ ...toast, message: event.message ?? toast.message }, { show: false });
    const open = bursts.current.get(event.type);
    const flush = () => {
      const done = bursts.current.get(event.type);
      if (!done) return;
      window.clearTimeout(done.quiet);
      window.clearTimeout(done.max);
      bursts.current.delete(event.type);
      notify(burstToast(done.burst), { keep: false });
    };
    if (open) window.clearTimeout(open.quiet);
    bursts.current.set(event.type, {
      burst: addToBurst(open?.burst ?? { sheet, changes: new Map() }, event),
      quiet: window.setTimeout(flush, BURST_QUIET_MS),
      max: open?.max ?? window.setTimeout(flush, BURST_MAX_MS),
    });
  });
  return null;
}

/**
 * Desktop: the collapsed state is a preference, saved in a cookie (and local storage) so it survives reloads.
 * Under 768 px the sidebar is collapsed and opens as an overlay that closes on a click outside it.
 */
function useSidebar(saved: boolean) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("collapsed");
  const desktopCollapsed = pending != null ? pending === "true" : saved;
  const [mobile, setMobile] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT - 1}px)`);
    // A transition: on a phone the first call re-renders the shell, which must not hold a slow phone's main thread.
    const update = () =>
      startTransition(() => {
        setMobile(query.matches);
        setMobileOpen(false);
      });
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);

  useEffect(() => {
    if (!mobileOpen) return;
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (ref.current?.contains(target) || (target as Element).closest?.("[aria-controls=sidebar]")) return;
      setMobileOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [mobileOpen]);

  const toggle = useCallback(() => {
    if (mobile) return setMobileOpen((open) => !open);
    const next = String(!desktopCollapsed);
    localStorage.setItem(SIDEBAR_KEY, next);
    fetcher.submit(
      { intent: "sidebar", collapsed: next, ...FETCHER_FIELDS },
      { method: "post", action: "/preferences" },
    );
  }, [mobile, desktopCollapsed, fetcher]);

  return { ref, desktopCollapsed, mobileOpen, collapsed: mobile ? !mobileOpen : desktopCollapsed, toggle };
}
