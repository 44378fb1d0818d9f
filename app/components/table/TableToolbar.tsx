// A table's toolbar: search and page size in the URL, and the links that turn a filter on and off.
import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { PAGE_SIZES, WHOLE_SHEET, type SheetSize } from "#app/utils/table";
import { Icon } from "#app/components/icons";
import { ExportLink } from "./ExportLink";
import { Choices } from "./Options";

/**
 * Search and page size in the URL (a GET form), so results can be shared and work without JavaScript. With it, typing
 * searches after a pause and a size change applies at once; both go back to page 1.
 */
export function TableToolbar({
  q,
  size,
  placeholder,
  keep = [],
  param = "q",
  exportable = false,
  whole = false,
  children,
}: {
  q: string;
  /** The page size; without it the toolbar has no page size field (a second search of the same table). A sheet's size may
   * be its whole view (`all`), which its field then offers (ADR 066). */
  size?: number | SheetSize;
  placeholder: string;
  /** The search's parameter in the URL (a page with two searches names the second). */
  param?: string;
  /** Other search parameters to carry along (a tab, a filter). */
  keep?: string[];
  /** A sheet: its page size field offers the whole sheet too (ADR 066). */
  whole?: boolean;
  /** Offers the page's table as a CSV download (the search, filters and tab of the URL), after the other fields. */
  exportable?: boolean;
  children?: React.ReactNode;
}) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const [value, setValue] = useState(q);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const go = () => form.current && submit(form.current, { replace: true, preventScrollReset: true });
  const search = useRef<HTMLInputElement>(null);
  const shown = useRef(q);
  useEffect(() => {
    // The box follows the URL's search when it changes (back, a link, a tab), not on mount: text typed while the page
    // hydrated is the person's, and React may already have handed it to onChange.
    if (shown.current !== q) setValue(q);
    shown.current = q;
  }, [q]);
  useEffect(() => {
    // Typed before the page ran JavaScript, with no onChange to see it: searched for now, as typing would have.
    const typed = search.current?.value ?? q;
    if (typed !== q) {
      setValue(typed);
      clearTimeout(timer.current);
      timer.current = setTimeout(go, 250);
    }
    return () => clearTimeout(timer.current);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on hydration: what was typed before JavaScript ran
  return (
    <Form method="get" ref={form} className="table-toolbar" role="search">
      {keep.map((k) => (params.has(k) ? <input key={k} type="hidden" name={k} value={params.get(k)!} /> : null))}
      <label className="search-field">
        <Icon name="search" size={16} />
        <span className="sr-only">{placeholder}</span>
        <input
          ref={search}
          type="search"
          name={param}
          value={value}
          placeholder={placeholder}
          onChange={(e) => {
            setValue(e.target.value);
            clearTimeout(timer.current);
            timer.current = setTimeout(go, 250);
          }}
        />
      </label>
      {size === undefined ? null : <PageSizeSelect size={size} onChange={go} whole={whole} />}
      <noscript>
        <button className="button small" type="submit">
          Apply
        </button>
      </noscript>
      {children}
      {exportable ? <ExportLink /> : null}
    </Form>
  );
}

/**
 * "Show {25|50|100} entries": the page size field of a GET form; `onChange` applies it with JavaScript. A sheet
 * also offers All (`whole`).
 */
export function PageSizeSelect({
  size,
  onChange,
  testId,
  whole,
}: {
  size: number | SheetSize;
  onChange: (form: HTMLFormElement | null) => void;
  testId?: string;
  whole?: boolean;
}) {
  return (
    <label className="page-size">
      Show{" "}
      <select
        name="size"
        defaultValue={String(size)}
        key={size}
        onChange={(e) => onChange(e.currentTarget.form)}
        data-testid={testId}
      >
        <Choices values={PAGE_SIZES} />
        {whole || size === WHOLE_SHEET ? <option value={WHOLE_SHEET}>all</option> : null}
      </select>{" "}
      entries
    </label>
  );
}

/** A filter turned on and off by a link (?filter=), so it works without JavaScript; the link says whether it is on. */
export function FilterLink({
  to,
  on,
  className,
  testId,
  children,
}: {
  to: string;
  on: boolean;
  className: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={className} aria-pressed={on} role="button" preventScrollReset replace data-testid={testId}>
      {children}
    </Link>
  );
}

/** The link that drops the active filter. */
export function ClearFilter({ href }: { href: string }) {
  return (
    <Link to={href} className="button small" preventScrollReset replace data-testid="clear-filter">
      <Icon name="x" size={14} /> Clear Filter
    </Link>
  );
}
