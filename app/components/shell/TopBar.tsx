import { Form, Link, useFetcher, useLocation } from "@remix-run/react";
import { startTransition, useEffect, useRef, useState } from "react";
import type { SessionUser } from "#contract/user";
import { runtimeTimeZone } from "#app/utils/dates";
import { THEMES, THEME_KEY, type Theme } from "#app/utils/preferences";
import { avatarUrl, defaultAvatarUrl, displayNameOf, greetingFor, localClock } from "#app/utils/user";
import { Icon, type IconName } from "#app/components/icons";
import { Bell } from "#app/components/notifications/Bell";
import { ChangelogButton } from "#app/components/changelog";
import { GlobalSearch } from "./GlobalSearch";

const THEME_ICONS: Record<Theme, IconName> = { light: "sun", dark: "moon", system: "monitor" };

export function TopBar(props: {
  user: SessionUser;
  isDev: boolean;
  theme: Theme;
  collapsed: boolean;
  onToggleSidebar: () => void;
  serverClock: { hour: number; date: string };
}) {
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <header className="topbar">
      <Form
        method="post"
        action="/preferences"
        onSubmit={(e) => {
          e.preventDefault();
          props.onToggleSidebar();
        }}
      >
        <input type="hidden" name="intent" value="sidebar" />
        <input type="hidden" name="collapsed" value={String(!props.collapsed)} />
        <input type="hidden" name="redirectTo" value={here} />
        <button
          className="icon-button"
          type="submit"
          aria-controls="sidebar"
          aria-expanded={!props.collapsed}
          title={props.collapsed ? "Expand sidebar" : "Collapse sidebar"}
          data-testid="sidebar-toggle"
        >
          <Icon name="menu" label="Toggle sidebar" />
        </button>
      </Form>
      {props.isDev ? <span className="dev-build">Dev Build</span> : null}
      <GlobalSearch />
      <div className="topbar-spacer" />
      <Bell />
      <ChangelogButton />
      <ThemeToggle theme={props.theme} here={here} />
      <Greeting user={props.user} serverClock={props.serverClock} />
      <AvatarMenu user={props.user} />
    </header>
  );
}

function ThemeToggle({ theme, here }: { theme: Theme; here: string }) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form
      method="post"
      action="/preferences"
      className="theme-toggle"
      aria-label="Theme"
      onSubmit={(e) => {
        // With JavaScript the choice is also kept in local storage, under THEME_KEY.
        const choice = (e.nativeEvent as SubmitEvent).submitter?.getAttribute("value");
        if (choice) localStorage.setItem(THEME_KEY, choice);
      }}
    >
      <input type="hidden" name="intent" value="theme" />
      <input type="hidden" name="redirectTo" value={here} />
      {THEMES.map((t) => (
        <button
          key={t}
          type="submit"
          name="theme"
          value={t}
          aria-pressed={theme === t}
          title={`${t[0].toUpperCase()}${t.slice(1)} theme`}
          data-testid={`theme-${t}`}
        >
          <Icon name={THEME_ICONS[t]} size={16} label={`${t} theme`} />
        </button>
      ))}
    </fetcher.Form>
  );
}

/** Rendered by the server in the browser's time zone (from a cookie); the browser corrects it if that was unknown. */
function Greeting({ user, serverClock }: { user: SessionUser; serverClock: { hour: number; date: string } }) {
  const [clock, setClock] = useState(serverClock);
  useEffect(() => {
    const tick = () => {
      const next = localClock(new Date(), runtimeTimeZone());
      startTransition(() => setClock((was) => (was.hour === next.hour && was.date === next.date ? was : next)));
    };
    tick();
    const timer = setInterval(tick, 60_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="greeting" data-testid="greeting">
      <strong>
        {greetingFor(clock.hour)}, {displayNameOf(user)}
      </strong>
      <span className="muted">{clock.date}</span>
    </div>
  );
}

function AvatarMenu({ user }: { user: SessionUser }) {
  // A <details> stays open across a navigation in the same document (ADR 053): close it when the page changes.
  const { pathname, search } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    menu.current?.removeAttribute("open");
  }, [pathname, search]);
  return (
    <details ref={menu} className="avatar-menu">
      <summary aria-label="Account menu" data-testid="avatar-menu">
        <Avatar user={user} size={36} />
      </summary>
      <div className="menu-panel" role="menu">
        <div className="menu-name">{displayNameOf(user)}</div>
        <div className="muted small">ID: {user.id}</div>
        <hr />
        {/* On a phone the top bar has no room for its search box (ADR 051): the search page, with its own box. */}
        <Link to="/dashboard/search" className="menu-item menu-search" role="menuitem">
          <Icon name="search" size={16} /> Search
        </Link>
        <Form method="post" action="/signout">
          <button type="submit" className="menu-item" role="menuitem">
            <Icon name="signout" size={16} /> Sign Out
          </button>
        </Form>
      </div>
    </details>
  );
}

export function Avatar({ user, size }: { user: { id: string; avatar?: string | null }; size: number }) {
  return (
    <img
      className="avatar"
      src={avatarUrl(user, size * 2)}
      width={size}
      height={size}
      alt=""
      onError={(e) => {
        const fallback = defaultAvatarUrl(user.id);
        if (!e.currentTarget.src.endsWith(fallback)) e.currentTarget.src = fallback;
      }}
    />
  );
}
