import { useEffect, useState } from "react";
import { relativeShort } from "#app/utils/stats";
import { Icon } from "#app/components/icons";
import { useNotifications } from "./notifications";

/** The bell: unread badge (9+ above 9), history, mark read, clear. Opening it marks everything read. */
export function Bell() {
  const { history, unread, markAllRead, markRead, clearAll } = useNotifications();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  return (
    <details
      className="bell menu-anchor"
      onToggle={(e) => {
        if ((e.currentTarget as HTMLDetailsElement).open) {
          setNow(Date.now());
          markAllRead();
        }
      }}
    >
      <summary
        className="icon-button"
        aria-label={`Notifications${unread ? ` (${unread} unread)` : ""}`}
        data-testid="bell"
      >
        <Icon name="bell" />
        {unread > 0 ? (
          <span className="badge-count" data-testid="bell-badge">
            {unread > 9 ? "9+" : unread}
          </span>
        ) : null}
      </summary>
      <div className="menu-panel notifications-panel">
        <div className="panel-header">
          <strong>Notifications</strong>
          <span className="panel-actions">
            <button type="button" className="link-button" onClick={markAllRead}>
              Mark all as read
            </button>
            <button type="button" className="link-button" onClick={clearAll}>
              Clear all
            </button>
          </span>
        </div>
        {history.length === 0 ? (
          <p className="muted empty">No notifications yet.</p>
        ) : (
          <ul className="notification-list">
            {history.map((n) => (
              <li key={n.id} className={n.read ? "read" : "unread"}>
                <button type="button" onClick={() => markRead(n.id)}>
                  <span className={`dot dot-${n.type}`} aria-hidden />
                  <span className="message">{n.message}</span>
                  <span className="muted small">{relativeShort(n.timestamp, now)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}
