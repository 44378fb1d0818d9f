import { Link, useLocation } from "@remix-run/react";
import { pageWindow, withParams, type Page } from "../../utils/table";

/** "Showing 1 to 25 of 640 entries", then First, a window of up to 5 pages with ellipses, and Last. Plain links. */
export function Pagination({ page, param = "page" }: { page: Omit<Page<unknown>, "rows">; param?: string }) {
  const location = useLocation();
  const href = (p: number) => withParams(location.pathname + location.search, { [param]: p === 1 ? null : p });
  return (
    <div className="pagination-bar">
      <span className="muted small">
        Showing {page.from} to {page.to} of {page.total} entries
      </span>
      {page.pageCount > 1 ? (
        <nav className="pagination" aria-label="Pagination">
          <PageLink to={href(1)} disabled={page.page === 1} label="First" />
          {pageWindow(page.page, page.pageCount).map((l) =>
            l.kind === "ellipsis" ? (
              <span key={l.key} className="ellipsis" aria-hidden>
                …
              </span>
            ) : (
              <PageLink key={l.page} to={href(l.page)} current={l.current} label={String(l.page)} />
            ),
          )}
          <PageLink to={href(page.pageCount)} disabled={page.page === page.pageCount} label="Last" />
        </nav>
      ) : null}
    </div>
  );
}

function PageLink({ to, label, current, disabled }: { to: string; label: string; current?: boolean; disabled?: boolean }) {
  if (disabled || current) {
    return (
      <span className={current ? "page current" : "page disabled"} aria-current={current ? "page" : undefined} aria-disabled={current ? undefined : true}>
        {label}
      </span>
    );
  }
  return (
    <Link className="page" to={to} preventScrollReset>
      {label}
    </Link>
  );
}
