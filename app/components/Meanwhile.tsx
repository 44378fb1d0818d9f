// A save refused because someone else saved the record first (409): under a field of the form, what their save left
// there, shown only while it differs from this person's value. Used by the Codes modal and the Tribelists edit rows.
import type { ReactNode } from "react";

export function Meanwhile({ theirs, mine }: { theirs: string | undefined; mine: unknown }) {
  if (theirs === undefined || theirs === String(mine ?? "")) return null;
  return (
    <span className="conflict-theirs" data-testid="conflict-theirs">
      Saved meanwhile: {theirs === "" ? <em>empty</em> : <q>{theirs}</q>}
    </span>
  );
}

/**
 * A form's field: its label around the control (and whatever follows the control, such as its error), then what
 * someone else saved meanwhile. The line sits outside the label, so the control's accessible name stays the label's.
 */
export function ConflictField({
  className,
  label,
  theirs,
  mine,
  children,
}: {
  className: string;
  label: string;
  theirs: string | undefined;
  mine: unknown;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label>
        <span>{label}</span>
        {children}
      </label>
      <Meanwhile theirs={theirs} mine={mine} />
    </div>
  );
}
