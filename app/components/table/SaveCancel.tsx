// A row form's Save button and its Cancel link (back to the view without the row being edited), for the tables' edit
// rows without JavaScript.
import { Link } from "@remix-run/react";

export function SaveCancel({ closeHref, busy }: { closeHref: string; busy?: boolean }) {
  return (
    <>
      <button type="submit" className="button small primary" disabled={busy}>
        Save
      </button>
      <Link className="button small" to={closeHref} preventScrollReset replace>
        Cancel
      </Link>
    </>
  );
}
