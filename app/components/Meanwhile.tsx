// A save refused because someone else saved the record first (409): under a field of the form, what their save left
// there, shown only while it differs from this person's value. Used by the Codes modal and the Tribelists edit rows.

export function Meanwhile({ theirs, mine }: { theirs: string | undefined; mine: string }) {
  if (theirs === undefined || theirs === mine) return null;
  return (
    <span className="conflict-theirs" data-testid="conflict-theirs">
      Saved meanwhile: {theirs === "" ? <em>empty</em> : <q>{theirs}</q>}
    </span>
  );
}
