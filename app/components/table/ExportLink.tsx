// "Export CSV": a plain link to the page's table as a CSV file, with the page's search, filters and tab, so
// it works the same without JavaScript. The server answers a download; a table it cannot read comes back to the page
// with the reason as a toast.
import { useLocation } from "@remix-run/react";
import { exportHref } from "#app/routes/export/pages";
import { Icon } from "#app/components/icons";

export function ExportLink({ label = "Export CSV" }: { label?: string }) {
  const { pathname, search } = useLocation();
  return (
    <a className="button small export-link" href={exportHref(pathname, search)} data-testid="export-csv" rel="nofollow">
      <Icon name="download" size={16} />
      {label}
    </a>
  );
}
