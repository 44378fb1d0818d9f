// A page's title with a short line under it, and the header's controls (a live badge, a link) beside them.
import type { ReactNode } from "react";

export function PageHeader({
  title,
  summary,
  summaryClassName,
  children,
}: {
  title: ReactNode;
  summary: ReactNode;
  /** A class of the summary line besides "muted small". */
  summaryClassName?: string;
  children?: ReactNode;
}) {
  return (
    <div className="page-header">
      <div>
        <h1>{title}</h1>
        <p className={summaryClassName ? `muted small ${summaryClassName}` : "muted small"}>{summary}</p>
      </div>
      {children}
    </div>
  );
}
