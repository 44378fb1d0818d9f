import { Form, useFetcher, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { SearchHit } from "#app/routes/_shell.dashboard.search/search.server";
import { Icon } from "#app/components/icons";
import { SearchHitLabel } from "#app/components/shell/SearchHitLabel";

/** The top bar's search: debounced, one server request per query; a click navigates and clears the box. */
export function GlobalSearch() {
  const fetcher = useFetcher<{ q: string; results: SearchHit[] }>();
  const navigate = useNavigate();
  const [value, setValue] = useState("");
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const close = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", close);
    return () => document.removeEventListener("pointerdown", close);
  }, []);

  const results = value.trim() && fetcher.data?.q === value.trim() ? fetcher.data.results : [];
  const go = (href: string) => {
    setValue("");
    setOpen(false);
    navigate(href);
  };

  return (
    <div className="global-search" ref={box}>
      <Form
        method="get"
        action="/dashboard/search"
        role="search"
        onSubmit={(e) => {
          if (results[0]) {
            e.preventDefault();
            go(results[0].href);
          }
        }}
      >
        <label className="search-field">
          <Icon name="search" size={16} />
          <span className="sr-only">Search</span>
          <input
            type="search"
            name="q"
            autoComplete="off"
            placeholder="Search keyword here..."
            value={value}
            data-testid="global-search"
            onChange={(e) => {
              const q = e.target.value;
              setValue(q);
              setOpen(true);
              clearTimeout(timer.current);
              if (q.trim())
                timer.current = setTimeout(
                  () => fetcher.load(`/dashboard/search?q=${encodeURIComponent(q.trim())}`),
                  300,
                );
            }}
            onKeyDown={(e) => {
              if (e.key === "Escape") setOpen(false);
            }}
          />
        </label>
      </Form>
      {open && value.trim() && fetcher.state === "idle" && fetcher.data?.q === value.trim() ? (
        <div className="menu-panel search-panel" role="listbox" aria-label="Search results">
          {results.length === 0 ? (
            <p className="muted empty">No results.</p>
          ) : (
            <ul className="search-results">
              {results.map((r, i) => (
                <li key={i}>
                  <button type="button" role="option" aria-selected={false} onClick={() => go(r.href)}>
                    <SearchHitLabel hit={r} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
