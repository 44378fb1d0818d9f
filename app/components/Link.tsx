// The app's Link: Remix's, except for a link whose `to` is already an absolute path ("/dashboard/vouches?page=2"),
// which is most of a page's links (each table row's actions, the pagination, the tabs). Remix's Link resolves its `to`
// against the route matches twice in every render (for its href and for its click handler), about a tenth of a table
// page's server render (ADR 054). An absolute path is its own href: it is rendered as it is, and a plain left click
// navigates in the app as Remix's Link would. Any other link (relative, an object, prefetching, reloadDocument) is
// Remix's own. NavLink is the sidebar's, on the same footing.
import { PrefetchPageLinks, Link as RemixLink, useLocation, useNavigate, type LinkProps } from "@remix-run/react";
import { forwardRef, useEffect, useState, type MouseEvent, type ReactNode } from "react";

/** Whether a click is the kind the app handles itself: a plain left click, not to open the link elsewhere. */
const plainClick = (event: MouseEvent, target: string | undefined) =>
  event.button === 0 && (!target || target === "_self") && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  const navigate = useNavigate();
  const location = useLocation();
  const { to, replace, state, preventScrollReset, target, onClick, reloadDocument, prefetch, relative, viewTransition, discover, ...rest } = props;
  const absolute = typeof to === "string" && to.startsWith("/") && !to.startsWith("//");
  if (!absolute || reloadDocument || (prefetch && prefetch !== "none") || relative || viewTransition) {
    return <RemixLink ref={ref} {...props} />;
  }
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !plainClick(event, target)) return;
    event.preventDefault();
    // As Remix's Link: a link to the page already shown replaces its history entry rather than adding one.
    const here = location.pathname + location.search + location.hash;
    navigate(to, { replace: replace ?? here === to, state, preventScrollReset });
  };
  return <a {...rest} ref={ref} href={to} target={target} onClick={handleClick} />;
});

/**
 * A link of the sidebar to an absolute path: "active", with aria-current="page", on its page and the pages below it
 * (only on its own with `end`), as Remix's NavLink; and, as its prefetch="intent", the page's code and data are
 * fetched when the pointer or the focus rests on it for 100 ms.
 */
export function NavLink({ to, end, title, children }: { to: string; end?: boolean; title?: string; children: ReactNode }) {
  const here = useLocation().pathname.toLowerCase();
  const path = to.toLowerCase();
  const active = here === path || (!end && here.startsWith(path) && here.charAt(path.length) === "/");
  const [intent, setIntent] = useState(false);
  const [prefetch, setPrefetch] = useState(false);
  useEffect(() => {
    if (!intent) return;
    const timer = setTimeout(() => setPrefetch(true), 100);
    return () => clearTimeout(timer);
  }, [intent]);
  const restOn = () => setIntent(true);
  const leave = () => {
    setIntent(false);
    setPrefetch(false);
  };
  return (
    <>
      <Link
        to={to}
        title={title}
        className={active ? "active" : ""}
        aria-current={active ? "page" : undefined}
        onMouseEnter={restOn}
        onFocus={restOn}
        onMouseLeave={leave}
        onBlur={leave}
      >
        {children}
      </Link>
      {prefetch ? <PrefetchPageLinks page={to} /> : null}
    </>
  );
}
