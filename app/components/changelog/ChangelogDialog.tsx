// The "What's New" modal, a native <dialog>: showModal() with JavaScript, a panel rendered `open` by the server
// without it. Every way of closing posts to /preferences, which remembers this version as read (ADR 067).
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { FETCHER_FIELDS } from "#app/utils/action";
import { Icon } from "#app/components/icons";
import { CHANGELOG_DATE, CHANGES, descriptionBlocks, formatChangelogDate, TYPE_LABELS, type Change } from "./changelog";
import { CHANGELOG_VERSION } from "./seen";

export function ChangelogDialog({ onClose, serverOpen = false }: { onClose: () => void; serverOpen?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  const gotIt = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const location = useLocation();
  const remember = useFetcher();
  const rememberRef = useRef(remember.submit);
  rememberRef.current = remember.submit;
  const back = new URLSearchParams(location.search);
  back.delete("changelog");
  const redirectTo = `${location.pathname}${back.size ? `?${back}` : ""}`;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const closed = () => {
      rememberRef.current(
        { intent: "changelog", version: CHANGELOG_VERSION, ...FETCHER_FIELDS },
        { method: "post", action: "/preferences" },
      );
      onCloseRef.current();
    };
    dialog.addEventListener("close", closed);
    // Rendered open by the server: make it a real modal now that scripts run (removing `open` fires no close event).
    if (dialog.open && !dialog.matches(":modal")) dialog.removeAttribute("open");
    if (!dialog.open) dialog.showModal();
    gotIt.current?.focus();
    return () => dialog.removeEventListener("close", closed);
  }, []);

  const [stable, planned] = [CHANGES.filter((c) => !c.planned), CHANGES.filter((c) => c.planned)];
  return (
    <dialog
      ref={ref}
      className="changelog-dialog"
      aria-labelledby="changelog-title"
      aria-describedby="changelog-version"
      open={serverOpen || undefined}
      data-testid="changelog"
    >
      <form
        method="post"
        action="/preferences"
        className="changelog-inner"
        onSubmit={(e) => {
          e.preventDefault();
          ref.current?.close();
        }}
      >
        <input type="hidden" name="intent" value="changelog" />
        <input type="hidden" name="version" value={CHANGELOG_VERSION} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <header className="changelog-header">
          <span className="changelog-icon" aria-hidden>
            <Icon name="gift" size={20} />
          </span>
          <div>
            <h2 id="changelog-title">What&apos;s New</h2>
            <p id="changelog-version" className="muted small">
              Version <strong data-testid="changelog-version">{CHANGELOG_VERSION}</strong> ·{" "}
              <time dateTime={CHANGELOG_DATE}>{formatChangelogDate(CHANGELOG_DATE)}</time>
            </p>
          </div>
          <button type="submit" className="icon-button changelog-x" aria-label="Close" value="close">
            <Icon name="x" />
          </button>
        </header>
        {/* The list scrolls inside the dialog: focusable, so a keyboard can scroll it (WCAG 2.1.1). */}
        <div className="changelog-body" tabIndex={0} role="region" aria-label="Changes">
          <ul className="changelog-list">
            {stable.map((c) => (
              <ChangeItem key={c.title} change={c} />
            ))}
          </ul>
          {planned.length ? (
            <>
              <h3 className="changelog-subtitle">Coming next</h3>
              <ul className="changelog-list">
                {planned.map((c) => (
                  <ChangeItem key={c.title} change={c} />
                ))}
              </ul>
            </>
          ) : null}
          <p className="changelog-legend small muted" aria-hidden>
            {(["feature", "improvement", "fix", "breaking"] as const).map((t) => (
              <span key={t}>
                <span className={`change-dot change-${t}`} /> {TYPE_LABELS[t]}
              </span>
            ))}
          </p>
        </div>
        <footer className="changelog-footer">
          <button ref={gotIt} type="submit" className="button primary" value="ok">
            Got it!
          </button>
        </footer>
      </form>
    </dialog>
  );
}

function ChangeItem({ change }: { change: Change }) {
  return (
    <li className={`change change-${change.type}`} data-type={change.type}>
      <span className={`change-dot change-${change.type}`} title={TYPE_LABELS[change.type]} aria-hidden />
      <div className="change-text">
        <h3 className="change-title">
          <span className="sr-only">{TYPE_LABELS[change.type]}: </span>
          {change.title}
          {change.planned ? <span className="badge grey">Planned</span> : null}
        </h3>
        {descriptionBlocks(change.description).map((block, i) =>
          block.kind === "p" ? (
            <p key={i}>{block.text}</p>
          ) : (
            <ul key={i} className="change-bullets">
              {block.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ),
        )}
      </div>
    </li>
  );
}
