// The app's one modal, a <dialog> that works without JavaScript: rendered open by the server, reopened with
// showModal() after hydration. Opened by page state (closing calls onClose) or by the URL (?edit=, ?confirm=: closing
// goes to closeHref). Styles in app/styles/modal.css.
import { Form, Link, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { createContext, useContext, useEffect, useId, useRef, useState } from "react";

type Closing = {
  /** With JavaScript, opened by state: closes it (Cancel, Escape). */
  onClose?: () => void;
  /** Opened by the URL: where closing goes (Escape with JavaScript, the Cancel link without). */
  closeHref?: string;
};

const ClosingContext = createContext<Closing>({});

/** What every dialog has: its title, how it closes, its test id and a page's variant class. */
type Frame = Closing & {
  title: string;
  testId?: string;
  /** A page's variant (e.g. "stock-dialog"), added to "modal". */
  className?: string;
};

export function Modal({
  title,
  children,
  onClose,
  closeHref,
  testId,
  className,
  describedBy,
}: Frame & {
  children: React.ReactNode;
  /** The id of the element that describes the dialog. */
  describedBy?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.matches(":modal")) return;
    // React has already focused a child marked autoFocus; showModal() would move focus to the first focusable
    // element (Cancel), so that child gets it back.
    const focused = document.activeElement;
    if (dialog.open) dialog.close();
    dialog.showModal();
    if (focused instanceof HTMLElement && dialog.contains(focused)) focused.focus();
  }, []);

  return (
    <dialog
      ref={ref}
      open
      className={className ? `modal ${className}` : "modal"}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        if (onClose) onClose();
        else if (closeHref) navigate(closeHref, { replace: true, preventScrollReset: true });
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <ClosingContext.Provider value={{ onClose, closeHref }}>{children}</ClosingContext.Provider>
    </dialog>
  );
}

/** The modal's Cancel: a button that closes it, or (opened by the URL, without JavaScript) a link back to the page. */
function ModalCancel() {
  const { onClose, closeHref } = useContext(ClosingContext);
  if (onClose) {
    return (
      <button type="button" className="button" onClick={onClose}>
        Cancel
      </button>
    );
  }
  return (
    <Link className="button" to={closeHref ?? "."} replace preventScrollReset>
      Cancel
    </Link>
  );
}

/** A footer's submit button: primary (or danger), disabled while busy, with its own label then if it has one. */
type Submit = { label: string; busy?: boolean; busyLabel?: string; danger?: boolean; autoFocus?: boolean };

/**
 * The modal's footer, right-aligned: Cancel, then the modal's own buttons and its submit button. It goes inside the
 * modal's form when there is one, so that the form works without JavaScript.
 */
export function ModalActions({
  className = "modal-actions",
  submit,
  children,
}: {
  className?: string;
  submit?: Submit;
  children?: React.ReactNode;
}) {
  return (
    <div className={className}>
      <ModalCancel />
      {children}
      {submit ? (
        <button
          type="submit"
          className={submit.danger ? "button danger" : "button primary"}
          disabled={submit.busy}
          autoFocus={submit.autoFocus}
        >
          {submit.busy && submit.busyLabel ? submit.busyLabel : submit.label}
        </button>
      ) : null}
    </div>
  );
}

/** A yes/no question whose confirm button posts the given form fields to the route's action. */
export function ConfirmModal({
  question,
  detail,
  confirmLabel,
  fields,
  busy,
  onConfirm,
  action,
  testId = "confirm-dialog",
  ...frame
}: Frame & {
  question: string;
  /** What the question is about (a name), shown under it. */
  detail?: React.ReactNode;
  confirmLabel: string;
  /** The form's hidden fields (intent, ids, redirectTo). */
  fields: Record<string, string>;
  /** Disables the confirm button; by default while the page submits a form with this intent. */
  busy?: boolean;
  /** With JavaScript: confirms without posting the form (the page sends it its own way). */
  onConfirm?: () => void;
  /** Where the form posts; by default the current URL. */
  action?: string;
}) {
  const questionId = useId();
  const submitting = useSubmitting(fields.intent);
  const working = busy ?? submitting;
  return (
    <Modal {...frame} testId={testId} describedBy={questionId}>
      <p id={questionId}>{question}</p>
      {detail ? <p className="muted modal-detail">{detail}</p> : null}
      <Form
        method="post"
        action={action}
        preventScrollReset
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
        {/* Focus starts on Cancel: Enter on a destructive question does nothing harmful. */}
        <ModalActions submit={{ label: confirmLabel, busy: working, busyLabel: "Working...", danger: true }} />
      </Form>
    </Modal>
  );
}

/** Whether the page is submitting a form (a navigation, not a fetcher) whose intent is `intent`. */
export function useSubmitting(intent: string | undefined) {
  const navigation = useNavigation();
  return intent !== undefined && navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

/**
 * A modal opened either by the page's state or by the URL. `fromUrl` is what the loader found for the URL state
 * (?edit=..., ?confirm=...); `open` opens it by state (with JavaScript, at once), and any navigation closes that.
 * `onClose` is set only when state opened it: a URL-opened modal closes by going to its closeHref.
 */
export function useModalState<T>(fromUrl: T | null | undefined) {
  const location = useLocation();
  const [opened, setOpened] = useState<T | null>(null);
  useEffect(() => setOpened(null), [location.key]);
  return {
    value: opened ?? fromUrl ?? null,
    open: (value: T) => setOpened(() => value),
    onClose: opened !== null ? () => setOpened(null) : undefined,
  };
}
