// A modal that works with and without JavaScript. The server renders an open <dialog> (shown over a scrim by CSS);
// after hydration it is reopened with showModal(), which gives the backdrop, the focus trap and Escape. Closing calls
// onClose (state opened it) or goes to closeHref (the URL opened it: ?edit=..., ?confirm=...).
// Shared by the Codes and Tribelists pages (the Tribelists route imports it from here); styles in app/styles/codes.css.
import { Form, Link, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";

export function Modal({
  title,
  children,
  onClose,
  closeHref,
  testId,
}: {
  title: string;
  children: React.ReactNode;
  onClose?: () => void;
  closeHref?: string;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.matches(":modal")) return;
    if (dialog.open) dialog.close();
    dialog.showModal();
  }, []);

  const close = () => {
    if (onClose) onClose();
    else if (closeHref) navigate(closeHref, { replace: true, preventScrollReset: true });
  };

  return (
    <dialog
      ref={ref}
      open
      className="modal"
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}

/** A Cancel control: a button that closes the modal, or (without JavaScript) a link back to the page. */
export function CancelButton({ onClose, closeHref, label = "Cancel" }: { onClose?: () => void; closeHref?: string; label?: string }) {
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

/** A yes/no question (spec part 1 section 5) whose confirm button submits the given form fields. */
export function ConfirmModal({
  title,
  question,
  detail,
  confirmLabel,
  fields,
  onClose,
  closeHref,
  busy,
}: {
  title: string;
  question: string;
  /** What the question is about (a name), shown under it. */
  detail?: React.ReactNode;
  confirmLabel: string;
  fields: Record<string, string>;
  onClose?: () => void;
  closeHref?: string;
  busy?: boolean;
}) {
  return (
    <Modal title={title} onClose={onClose} closeHref={closeHref} testId="confirm-dialog">
      <p>{question}</p>
      {detail ? <p className="muted">{detail}</p> : null}
      <Form method="post" preventScrollReset className="modal-actions">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <CancelButton onClose={onClose} closeHref={closeHref} />
        <button type="submit" className="button danger" disabled={busy} autoFocus>
          {busy ? "Working..." : confirmLabel}
        </button>
      </Form>
    </Modal>
  );
}
