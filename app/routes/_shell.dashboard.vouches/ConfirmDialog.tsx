// A confirmation (spec part 1 section 5) that works with and without JavaScript. The server renders an open <dialog>
// (over a scrim drawn by CSS), whose form posts to the page's action. After hydration it is reopened with showModal()
// for the backdrop, the focus trap and Escape. Opened by state (with JavaScript), it confirms through onConfirm.
import { Form, Link, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import { PAGE_PATH } from "./vouches";

export function ConfirmDialog({
  title,
  question,
  detail,
  confirmLabel,
  fields,
  onConfirm,
  onCancel,
  cancelHref,
}: {
  title: string;
  question: string;
  /** Which row it is about, under the question. */
  detail?: string;
  confirmLabel: string;
  /** The form's fields (intent, ids, redirectTo) for the server-rendered path. */
  fields: Record<string, string>;
  onConfirm?: () => void;
  onCancel?: () => void;
  /** Where Cancel goes when the dialog is a URL state (?confirm=...). */
  cancelHref?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.matches(":modal")) return;
    if (dialog.open) dialog.close();
    dialog.showModal();
  }, []);

  const cancel = () => {
    if (onCancel) onCancel();
    else if (cancelHref) navigate(cancelHref, { replace: true, preventScrollReset: true });
  };

  return (
    <dialog
      ref={ref}
      open
      className="vouches-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="vouches-confirm"
      onCancel={(e) => {
        e.preventDefault();
        cancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <p id={textId}>{question}</p>
      {detail ? <p className="muted small vouches-dialog-detail">{detail}</p> : null}
      <Form
        method="post"
        action={PAGE_PATH}
        preventScrollReset
        className="vouches-dialog-actions"
        onSubmit={
          onConfirm
            ? (e) => {
                e.preventDefault();
                onConfirm();
              }
            : undefined
        }
      >
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {onCancel ? (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        ) : (
          <Link className="button" to={cancelHref ?? PAGE_PATH} replace preventScrollReset>
            Cancel
          </Link>
        )}
        <button type="submit" className="button danger" autoFocus>
          {confirmLabel}
        </button>
      </Form>
    </dialog>
  );
}
