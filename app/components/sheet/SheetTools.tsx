// The tools on a sheet page's toolbar that 2411 Stock and the Breeder page share: the column toggles (links in the
// URL), the dialogs' openers, the Color Picker and Import for editors, and the selection's count and its row's History.
import { Link } from "@remix-run/react";
import { Icon, type IconName } from "#app/components/icons";
import { cellsSelected } from "./rules";
import { SelectedRowHistory } from "./SheetView";
import type { Sheet } from "./use-sheet";

/** Links that show or hide a group of columns: [key, on, label] each, the link's href from its key and state. */
export function ToggleLinks<K extends string>({
  toggles,
  toggleHref,
}: {
  toggles: readonly (readonly [K, boolean, string])[];
  toggleHref: (key: K, on: boolean) => string;
}) {
  return (
    <>
      {toggles.map(([key, on, label]) => (
        <Link
          key={key}
          className={`button small toggle${on ? " on" : ""}`}
          role="button"
          aria-pressed={on}
          to={toggleHref(key, on)}
          preventScrollReset
          replace
        >
          {label}
        </Link>
      ))}
    </>
  );
}

/** The Color Picker (with JavaScript) and the Import link, for those who may edit the sheet. */
export function SheetEditTools({
  sheet,
  hydrated,
  canEdit,
  importHref,
}: {
  sheet: Sheet;
  hydrated: boolean;
  canEdit: boolean;
  importHref: string;
}) {
  return (
    <>
      {hydrated && canEdit ? (
        <button type="button" className="button small" onClick={sheet.openColourPicker}>
          <span className="swatch" aria-hidden /> Color Picker
        </button>
      ) : null}
      {canEdit ? (
        <Link className="button small" to={importHref}>
          Import
        </Link>
      ) : null}
    </>
  );
}

/** How many cells are selected (more than one), and the History of the one row selected. */
export function SheetSelectionTools({ sheet, audited }: { sheet: Sheet; audited: string }) {
  return (
    <>
      {sheet.selection.count > 1 ? (
        <span className="stock-selected" data-testid="cells-selected">
          {cellsSelected(sheet.selection.count)}
        </span>
      ) : null}
      <SelectedRowHistory sheet={sheet} audited={audited} />
    </>
  );
}

/**
 * A dialog's opener: a button once the page's scripts run; before that, and without JavaScript, a link of the same look
 * that opens the dialog through the URL, so the toolbar keeps its size when the page comes alive.
 */
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
