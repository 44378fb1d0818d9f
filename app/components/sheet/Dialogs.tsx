// The sheet's dialogs (the stock screen's and the breeder page's): the image form (Add Item Image, Add Dino
// Image), Text Color Picker and Unsaved Changes. Each is the app's Modal (rendered open by the server, so the image form
// works without JavaScript, opened by ?dialog=image; reopened with showModal() after hydration) in the sheet's variant.
import { useState, type ReactNode } from "react";
import { Modal, ModalActions } from "#app/components/Modal";
import { reduceImageUrl } from "#contract/images";
import { cellsSelected, DEFAULT_TEXT_COLOUR, imageFormError, type ImageFormTexts } from "./rules";
import { Choices } from "#app/components/table/Options";

/** A sheet form's name field: a select of the sheet's names (the image form's, the role mapping's). */
export function NameSelect({
  texts,
  names,
  value,
  onChange,
  required,
  pending,
}: {
  texts: Pick<ImageFormTexts, "nameLabel" | "namePlaceholder">;
  /** Null while they are fetched. */
  names: readonly string[] | null;
  value: string;
  onChange: (name: string) => void;
  required: boolean;
  /** What stands in the select while there are no names yet ("Loading dinos...", or why they could not be read). */
  pending?: string;
}) {
  return (
    <label>
      <span>{texts.nameLabel}</span>
      <select
        name="itemName"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required={required}
        // Kept enabled while the names are fetched, so that it takes the focus as the dialog opens.
        aria-busy={names === null}
        autoFocus
      >
        <option value="">{names === null ? (pending ?? texts.namePlaceholder) : texts.namePlaceholder}</option>
        <Choices values={names ?? []} />
      </select>
    </label>
  );
}

/**
 * A sheet form's own check, whose message shows under its fields: nothing until the form is first sent, then the check
 * of what the fields hold now (as the Codes and Tribelists forms do after a send), so a fixed form no longer says it
 * lacks what it now has. `send` marks the form sent and answers whether its values may go.
 */
function useFormProblem(problemNow: string | null) {
  const [sent, setSent] = useState(false);
  return {
    problem: sent ? problemNow : null,
    send() {
      setSent(true);
      return problemNow === null;
    },
  };
}

/**
 * The image form: the name (a select of the sheet's names), the image URL (a URL field; a pasted wiki link is reduced to
 * its PNG) and the update-all flag with its note. Without JavaScript the form posts to the page's action; with it,
 * `onSubmit` receives the checked values (the route sends them through a fetcher).
 */
export function AddImageDialog({
  texts,
  names,
  pending,
  hidden,
  busy,
  error,
  initial,
  onClose,
  closeHref,
  onSubmit,
}: {
  texts: ImageFormTexts;
  /** Null while they are fetched (`pending` says so in the select). */
  names: readonly string[] | null;
  pending?: string;
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
  // The link as it would be sent: checked as the member types, and sent as checked.
  const reduced = reduceImageUrl(imageUrl);
  return (
    <FormDialog
      title={texts.title}
      onClose={onClose}
      closeHref={closeHref}
      testId="add-image-dialog"
      problem={imageFormError(texts, itemName, reduced, names ?? [])}
      error={error}
      submit={{ label: "Add Image", busy }}
      hidden={hidden}
      name={{ texts, names, pending, value: itemName, onChange: setItemName }}
      onSubmit={onSubmit && (() => onSubmit({ itemName, imageUrl: reduced, updateAllMatching: updateAll }))}
    >
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
            const link = reduceImageUrl(pasted);
            if (link !== pasted) {
              e.preventDefault();
              setImageUrl(link);
            }
          }}
        />
        <small id="image-url-hint" className="muted">
          {texts.hint}
        </small>
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          name="updateAllMatching"
          checked={updateAll}
          onChange={(e) => setUpdateAll(e.target.checked)}
        />
        <span>{texts.updateAll}</span>
      </label>
      {texts.updateAllNote ? <p className="muted small stock-note">{texts.updateAllNote}</p> : null}
    </FormDialog>
  );
}

/**
 * A sheet page's form dialog that names a row (the image form, the role mapping): its hidden fields, the name select,
 * its other fields, the problem the member's input has (`problem`, shown from the first Add on, as they type) or else
 * the answer's `error`, and an Add button. Without JavaScript the form posts to the page's action; with it, `onSubmit`
 * takes it once `problem` is null.
 */
export function FormDialog({
  title,
  testId,
  onClose,
  closeHref,
  hidden,
  name,
  problem,
  error,
  submit,
  onSubmit,
  children,
}: {
  title: string;
  testId: string;
  onClose?: () => void;
  closeHref?: string;
  hidden: Record<string, string>;
  name: Omit<Parameters<typeof NameSelect>[0], "required">;
  problem: string | null;
  error?: string | null;
  submit: { label: string; busy: boolean };
  onSubmit?: () => void;
  children: ReactNode;
}) {
  const check = useFormProblem(problem);
  const shown = check.problem ?? error ?? null;
  return (
    <Modal title={title} onClose={onClose} closeHref={closeHref} testId={testId} className="stock-dialog">
      <form
        method="post"
        className="stock-form"
        noValidate={!!onSubmit}
        onSubmit={(e) => {
          if (!onSubmit) return;
          e.preventDefault();
          if (check.send()) onSubmit();
        }}
      >
        {Object.entries(hidden).map(([field, value]) => (
          <input key={field} type="hidden" name={field} value={value} />
        ))}
        <NameSelect {...name} required={!onSubmit} />
        {children}
        {shown ? (
          <p className="stock-form-error" role="alert">
            {shown}
          </p>
        ) : null}
        <ModalActions className="stock-dialog-actions" submit={{ ...submit, busyLabel: "Adding..." }} />
      </form>
    </Modal>
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
    <Modal title="Text Color Picker" onClose={onClose} testId="color-dialog" className="stock-dialog">
      <form
        className="stock-form"
        onSubmit={(e) => {
          e.preventDefault();
          onSave(colour);
        }}
      >
        <p className="muted small">
          {count === 1 ? "1 cell selected" : cellsSelected(count)}: the text colour applies to each of them.
        </p>
        <label className="colour-field">
          <span>Text color</span>
          <input type="color" name="colour" value={colour} onChange={(e) => setColour(e.target.value)} />
          <code data-testid="colour-value">{colour}</code>
        </label>
        <ModalActions className="stock-dialog-actions" submit={{ label: "Save Color", busy, busyLabel: "Saving..." }} />
      </form>
    </Modal>
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
    <Modal title="Unsaved Changes" onClose={onCancel} testId="unsaved-dialog" className="stock-dialog">
      <p>
        You have unsaved changes in {rows} {rows === 1 ? "row" : "rows"}. Save them before switching tabs?
      </p>
      <ModalActions className="stock-dialog-actions">
        <button type="button" className="button danger" onClick={onDiscard}>
          Discard Changes
        </button>
        <button type="button" className="button primary" onClick={onSave} autoFocus>
          Save &amp; Switch
        </button>
      </ModalActions>
    </Modal>
  );
}
