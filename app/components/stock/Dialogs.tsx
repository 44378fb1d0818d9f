// The stock screen's dialogs (spec part 2, "2411 Stock screen"): Add Item Image, Text Color Picker and Unsaved
// Changes. A <dialog> rendered open by the server (so the Add Item Image form works without JavaScript, opened by
// ?dialog=image) and reopened with showModal() after hydration for the backdrop, the focus trap and Escape.
import { Link } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { DEFAULT_TEXT_COLOUR, imageFormError, reduceImageUrl, TEXTS } from "./rules";

export function StockDialog({
  title,
  children,
  onClose,
  testId,
}: {
  title: string;
  children: React.ReactNode;
  /** With JavaScript: closes the dialog (Escape too). Without it the dialog's own Cancel link leaves. */
  onClose?: () => void;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.matches(":modal")) return;
    if (dialog.open) dialog.close();
    dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      open
      className="stock-dialog"
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        onClose?.();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}

function Cancel({ onClose, closeHref, label = "Cancel" }: { onClose?: () => void; closeHref?: string; label?: string }) {
  if (onClose) {
    return (
      <button type="button" className="button" onClick={onClose}>
        {label}
      </button>
    );
  }
  return (
    <Link className="button" to={closeHref ?? "."} replace preventScrollReset>
      {label}
    </Link>
  );
}

/**
 * Add Item Image: the item (a select of the tab's names, "Select an item"), the image URL (a URL field; a pasted
 * wiki link is reduced to its PNG) and the update-all flag with its note. Without JavaScript the form posts to the
 * page's action; with it, `onSubmit` receives the checked values (the route sends them through a fetcher).
 */
export function AddImageDialog({
  names,
  hidden,
  busy,
  error,
  initial,
  onClose,
  closeHref,
  onSubmit,
}: {
  names: readonly string[];
  hidden: Record<string, string>;
  busy: boolean;
  error?: string | null;
  initial?: { itemName?: string; imageUrl?: string; updateAllMatching?: boolean };
  onClose?: () => void;
  closeHref?: string;
  /** With JavaScript: the checked values; return false to keep the form from being sent. */
  onSubmit?: (values: { itemName: string; imageUrl: string; updateAllMatching: boolean }) => void;
}) {
  const [itemName, setItemName] = useState(initial?.itemName ?? "");
  const [imageUrl, setImageUrl] = useState(initial?.imageUrl ?? "");
  const [updateAll, setUpdateAll] = useState(initial?.updateAllMatching ?? false);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error ?? null;
  return (
    <StockDialog title="Add Item Image" onClose={onClose} testId="add-image-dialog">
      <form
        method="post"
        className="stock-form"
        noValidate={!!onSubmit}
        onSubmit={(e) => {
          if (!onSubmit) return;
          e.preventDefault();
          const reduced = reduceImageUrl(imageUrl);
          const invalid = imageFormError(itemName, reduced, names);
          setProblem(invalid);
          if (invalid) return;
          onSubmit({ itemName, imageUrl: reduced, updateAllMatching: updateAll });
        }}
      >
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label>
          <span>Item name</span>
          <select name="itemName" value={itemName} onChange={(e) => setItemName(e.target.value)} required={!onSubmit} autoFocus>
            <option value="">Select an item</option>
            {names.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Image URL</span>
          <input
            type="url"
            name="imageUrl"
            value={imageUrl}
            placeholder="https://"
            required={!onSubmit}
            aria-describedby="image-url-hint"
            onChange={(e) => setImageUrl(e.target.value)}
            onPaste={(e) => {
              const pasted = e.clipboardData.getData("text");
              const reduced = reduceImageUrl(pasted);
              if (reduced !== pasted) {
                e.preventDefault();
                setImageUrl(reduced);
              }
            }}
          />
          <small id="image-url-hint" className="muted">
            {TEXTS.imageHint}
          </small>
        </label>
        <label className="checkbox">
          <input type="checkbox" name="updateAllMatching" checked={updateAll} onChange={(e) => setUpdateAll(e.target.checked)} />
          <span>{TEXTS.imageUpdateAll}</span>
        </label>
        <p className="muted small stock-note">{TEXTS.imageUpdateAllNote}</p>
        {shown ? (
          <p className="stock-form-error" role="alert">
            {shown}
          </p>
        ) : null}
        <div className="stock-dialog-actions">
          <Cancel onClose={onClose} closeHref={closeHref} />
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? "Adding..." : "Add Image"}
          </button>
        </div>
      </form>
    </StockDialog>
  );
}

/** Text Color Picker: a colour (default #000000) for the selected cells or rows. */
export function ColorPickerDialog({
  count,
  busy,
  onSave,
  onClose,
}: {
  count: number;
  busy: boolean;
  onSave: (colour: string) => void;
  onClose: () => void;
}) {
  const [colour, setColour] = useState(DEFAULT_TEXT_COLOUR);
  return (
    <StockDialog title="Text Color Picker" onClose={onClose} testId="color-dialog">
      <form
        className="stock-form"
        onSubmit={(e) => {
          e.preventDefault();
          onSave(colour);
        }}
      >
        <p className="muted small">
          {count === 1 ? "1 cell selected" : TEXTS.cellsSelected(count)}: the text colour applies to each of them.
        </p>
        <label className="colour-field">
          <span>Text color</span>
          <input type="color" name="colour" value={colour} onChange={(e) => setColour(e.target.value)} />
          <code data-testid="colour-value">{colour}</code>
        </label>
        <div className="stock-dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? "Saving..." : "Save Color"}
          </button>
        </div>
      </form>
    </StockDialog>
  );
}

/** Unsaved Changes: switching tabs with pending edits asks first. */
export function UnsavedChangesDialog({
  rows,
  onSave,
  onDiscard,
  onCancel,
}: {
  rows: number;
  onSave: () => void;
  onDiscard: () => void;
  onCancel: () => void;
}) {
  return (
    <StockDialog title="Unsaved Changes" onClose={onCancel} testId="unsaved-dialog">
      <p>
        You have unsaved changes in {rows} {rows === 1 ? "row" : "rows"}. Save them before switching tabs?
      </p>
      <div className="stock-dialog-actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button danger" onClick={onDiscard}>
          Discard Changes
        </button>
        <button type="button" className="button primary" onClick={onSave} autoFocus>
          Save &amp; Switch
        </button>
      </div>
    </StockDialog>
  );
}
