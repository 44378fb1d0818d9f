// A save refused because someone else saved the record first (409): under a field of the form, what their save left
// there, where it differs from this person's value. Used by the Codes modal and the Tribelists edit rows.

export function Meanwhile({ value }: { value: string | null | undefined }) {
  if (value === null || value === undefined) return null;
  return (
    <span className="conflict-theirs" data-testid="conflict-theirs">
      Saved meanwhile: {value === "" ? <em>empty</em> : <q>{value}</q>}
    </span>
  );
}
