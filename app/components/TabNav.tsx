// A page's tabs as links (?tab=... in the URL), so they work without JavaScript: the active one marked for the eye and
// for screen readers. Stock, breeder, logs, weekly members and the server stats pages use it.
import { Link } from "@remix-run/react";

export function TabNav<T extends string>({
  tabs,
  active,
  label,
  href,
  text,
  className,
  onClick,
}: {
  tabs: readonly T[];
  active: T;
  /** The navigation's name for screen readers. */
  label: string;
  href: (tab: T) => string;
  text: (tab: T) => string;
  className?: string;
  /** A click on a tab (the stock sheet asks first when edits are unsaved). */
  onClick?: (event: React.MouseEvent, tab: T) => void;
}) {
  return (
    <nav className={className ? `tabs ${className}` : "tabs"} aria-label={label}>
      {tabs.map((t) => (
        <Link
          key={t}
          to={href(t)}
          className={t === active ? "tab active" : "tab"}
          aria-current={t === active ? "page" : undefined}
          onClick={onClick ? (e) => onClick(e, t) : undefined}
          preventScrollReset
          data-tab={t}
        >
          {text(t)}
        </Link>
      ))}
    </nav>
  );
}
