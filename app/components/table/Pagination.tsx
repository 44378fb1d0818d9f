import { Link, useLocation } from "@remix-run/react";
import { pageWindow, WHOLE_SHEET, withParams, type Page, type SheetSize } from "#app/utils/table";

/**
 * "Showing 1 to 25 of 640 entries", then First, a window of up to 5 pages with ellipses, and Last. Plain links. A
 * sheet (`sheet` is its page size) also links to its whole view and back to its pages (ADR 066).
 */
export function Pagination({
  page,
  param = "page",
  sheet,
}: {
  page: Omit<Page<unknown>, "rows">;
  param?: string;
  sheet?: SheetSize;
}) {
  const location = useLocation();
  const here = location.pathname + location.search;
  const href = (p: number) => withParams(here, { [param]: p === 1 ? null : p });
  return (
    <div className="pagination-bar">
      <span className="muted small">
        Showing {page.from} to {page.to} of {page.total} entries
      </span>
      {sheet && (sheet === WHOLE_SHEET || page.pageCount > 1) ? (
        <PageLink
          to={withParams(here, { size: sheet === WHOLE_SHEET ? null : WHOLE_SHEET, page: null, edit: null })}
          label={sheet === WHOLE_SHEET ? "Show in pages" : `Show all ${page.total} rows`}
        />
      ) : null}
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

function PageLink({
  to,
  label,
  current,
  disabled,
}: {
  to: string;
  label: string;
  current?: boolean;
  disabled?: boolean;
}) {
  if (disabled || current) {
    return (
      <span
        className={current ? "page current" : "page disabled"}
        aria-current={current ? "page" : undefined}
        aria-disabled={current ? undefined : true}
      >
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
