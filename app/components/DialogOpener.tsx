// A dialog's opener: a button once the page's scripts run; before that, and without JavaScript, a link of the same look
// that opens the dialog through the URL, so the toolbar keeps its size when the page comes alive.
import { Link } from "@remix-run/react";
import { Icon, type IconName } from "#app/components/icons";

export function DialogOpener({
  hydrated,
  href,
  label,
  icon = "plus",
  onOpen,
  onWant,
}: {
  hydrated: boolean;
  /** The page's address with the dialog open (?dialog=...). */
  href: string;
  label: string;
  icon?: IconName;
  onOpen: () => void;
  /** A hint that the dialog is wanted soon (the pointer over it, or focus): its data can be fetched ahead. */
  onWant?: () => void;
}) {
  const content = (
    <>
      <Icon name={icon} size={15} /> {label}
    </>
  );
  return hydrated ? (
    <button type="button" className="button small" onPointerEnter={onWant} onFocus={onWant} onClick={onOpen}>
      {content}
    </button>
  ) : (
    <Link className="button small" to={href} preventScrollReset>
      {content}
    </Link>
  );
}
