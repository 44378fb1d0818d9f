// Toasts and the notification history: a toast hides after 3 s or on close; every message is kept in
// local storage (newest 50) for the bell.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { HISTORY_KEY, HISTORY_LIMIT, TOAST_MS, type Toast, type ToastType } from "#app/utils/toast";

export type Notification = { id: number; message: string; type: ToastType; timestamp: number; read: boolean };
type ShownToast = Toast & { id: number };

/** `show: false` keeps a message for the bell without a toast; `keep: false` shows a toast the bell does not keep. */
export type NotifyOptions = { show?: boolean; keep?: boolean };

type Api = {
  notify: (toast: Toast, options?: NotifyOptions) => void;
  history: Notification[];
  unread: number;
  markAllRead: () => void;
  markRead: (id: number) => void;
  clearAll: () => void;
};

const Ctx = createContext<Api | null>(null);

export function useNotifications() {
  const api = useContext(Ctx);
  if (!api) throw new Error("useNotifications must be used inside <NotificationsProvider>.");
  return api;
}

function loadHistory(): Notification[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(HISTORY_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.slice(0, HISTORY_LIMIT) : [];
  } catch {
    return [];
  }
}

export function NotificationsProvider({ flash, children }: { flash: Toast | null; children: React.ReactNode }) {
  // The server's flash toast renders on first paint (no JavaScript needed); the browser then manages it.
  const [toasts, setToasts] = useState<ShownToast[]>(() => (flash ? [{ ...flash, id: 0 }] : []));
  const [history, setHistory] = useState<Notification[]>([]);
  const lastId = useRef(0);

  const save = useCallback((update: (h: Notification[]) => Notification[]) => {
    setHistory((h) => {
      const next = update(h).slice(0, HISTORY_LIMIT);
      localStorage.setItem(HISTORY_KEY, JSON.stringify(next));
      return next;
    });
  }, []);

  const dismiss = useCallback((id: number) => setToasts((t) => t.filter((x) => x.id !== id)), []);

  const notify = useCallback(
    (toast: Toast, { show = true, keep = true }: NotifyOptions = {}) => {
      const id = Math.max(Date.now(), lastId.current + 1);
      lastId.current = id;
      if (show) {
        setToasts((t) => [...t.filter((x) => x.id !== 0), { ...toast, id }]);
        setTimeout(() => dismiss(id), TOAST_MS);
      }
      if (keep) save((h) => [{ id, message: toast.message, type: toast.type, timestamp: id, read: false }, ...h]);
    },
    [dismiss, save],
  );

  useEffect(() => setHistory(loadHistory()), []);
  // A flash toast from the server: into the history, and away after 3 s like any other.
  useEffect(() => {
    if (flash) notify(flash);
  }, [flash, notify]);

  const api = useMemo<Api>(
    () => ({
      notify,
      history,
      unread: history.filter((n) => !n.read).length,
      markAllRead: () => save((h) => h.map((n) => ({ ...n, read: true }))),
      markRead: (id) => save((h) => h.map((n) => (n.id === id ? { ...n, read: true } : n))),
      clearAll: () => save(() => []),
    }),
    [notify, history, save],
  );

  return (
    <Ctx.Provider value={api}>
      {children}
      <div className="toasts" role="region" aria-label="Notifications" aria-live="polite">
        {toasts.map((t) => (
          <div
            key={t.id}
            className={`toast toast-${t.type}`}
            role={t.type === "error" ? "alert" : "status"}
            data-testid="toast"
          >
            <span>{t.message}</span>
            <button type="button" className="toast-close" aria-label="Close" onClick={() => dismiss(t.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </Ctx.Provider>
  );
}
