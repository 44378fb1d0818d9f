// The changelog's two entry points in the shell: the top bar's button, and the automatic opening after sign-in.
import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Icon } from "#app/components/icons";
// The component on the server, loaded when it first opens in the browser (scripts/changelog-dialog-plugin.js).
import { changelogDialog } from "virtual:changelog-dialog";
import { KeptAsServed, useLateCode } from "#app/utils/hydrated";

/**
 * The dialog, once its code is here. A dialog the server rendered (?changelog=1) is kept as served until then: its
 * "Got it!" works without script.
 */
function DialogWhenLoaded(props: { onClose: () => void; serverOpen?: boolean }) {
  const { code: Dialog, asServed } = useLateCode(changelogDialog);
  if (asServed) return <KeptAsServed className="changelog-slot" />;
  return <div className="changelog-slot">{Dialog ? <Dialog {...props} /> : null}</div>;
}

/**
 * The top bar's "What's New" button. With JavaScript it opens the modal in place; without it, it is a GET form
 * that reloads the page with ?changelog=1 (the other query parameters kept), and the server renders the panel.
 */
export function ChangelogButton() {
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const params = [...new URLSearchParams(location.search)].filter(([k]) => k !== "changelog");
  return (
    <>
      <form
        method="get"
        action={location.pathname}
        className="changelog-button"
        onSubmit={(e) => {
          e.preventDefault();
          setOpen(true);
        }}
      >
        {params.map(([k, v], i) => (
          <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
        ))}
        <button
          type="submit"
          name="changelog"
          value="1"
          className="icon-button"
          title="What's New"
          aria-haspopup="dialog"
          data-testid="changelog-button"
        >
          <Icon name="gift" label="What's New" />
        </button>
      </form>
      {open ? <DialogWhenLoaded onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/**
 * Opens the changelog by itself once signed in, while this browser has not read this version (docs/product/shell.md;
 * `unread` is the shell loader's answer from the cookie, ADR 067): the dialog is in the page as served, so it is never
 * opened late over a page already in use, and its "Got it!" is a form that works before and without scripts. Also
 * renders the panel the no-JavaScript button asks for with ?changelog=1.
 */
export function ChangelogAutoOpen({ unread }: { unread: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const fromUrl = new URLSearchParams(location.search).get("changelog") === "1";
  const [closed, setClosed] = useState(false);
  const [urlClosed, setUrlClosed] = useState(false);

  useEffect(() => {
    if (!fromUrl) setUrlClosed(false);
  }, [fromUrl]);

  if (!(unread && !closed) && !(fromUrl && !urlClosed)) return null;
  return (
    <DialogWhenLoaded
      serverOpen
      onClose={() => {
        setClosed(true);
        if (!fromUrl) return;
        setUrlClosed(true);
        const params = new URLSearchParams(location.search);
        params.delete("changelog");
        const qs = params.toString();
        navigate(`${location.pathname}${qs ? `?${qs}` : ""}${location.hash}`, {
          replace: true,
          preventScrollReset: true,
        });
      }}
    />
  );
}
