// The action convention's shapes, shared by action.server.ts, use-answer-toast.ts and the tests: a form is answered by
// a redirect with a flash toast, a fetcher (marked by FETCHER_FIELD) by JSON with the toast and errors (ADR 011).
import { isToast, type Toast } from "./toast";

/** The field a page's fetchers send (JavaScript is on): the action answers JSON instead of redirecting. */
export const FETCHER_FIELD = "fetcher";
/** FETCHER_FIELD as fields to spread into a fetcher's submission. */
export const FETCHER_FIELDS = { [FETCHER_FIELD]: "1" } as const;

/** A form's problems by field name ("form" for the form as a whole), one message each, in the page's words. */
export type FieldErrors = Partial<Record<string, string>>;

/** What an action answers a fetcher. Pages may add their own fields. */
export type Answer = {
  toast: Toast | null;
  /**
   * The write's live event tells every signed-in browser, this one included, in the same words: with the socket
   * connected the toast is left to it, so it shows once.
   */
  announced?: true;
  /** A refused form's errors. */
  errors?: FieldErrors;
};

/**
 * A save refused because someone else saved the record first (409, see refuseConflict): the record as it now is (with
 * its new version) and the form's fields as this person sent them.
 */
export type Conflict<T> = { current: T; submitted: Record<string, string> };

/** New here (the old app's saves overwrote each other): the notice of a save refused as `what` was saved meanwhile. */
export const conflictText = (what: string) =>
  `Someone else saved this ${what} while you were editing it. Their values are shown under yours: save again to keep yours, or cancel to keep theirs.`;

/** The conflict an action's answer carries, if any. */
export const conflictIn = <T>(answer: unknown): Conflict<T> | null => {
  const c = typeof answer === "object" && answer !== null ? (answer as { conflict?: Conflict<T> }).conflict : undefined;
  return c &&
    typeof c === "object" &&
    typeof c.current === "object" &&
    c.current !== null &&
    typeof c.submitted === "object"
    ? c
    : null;
};

export const isAnswer = (v: unknown): v is Answer =>
  typeof v === "object" && v !== null && "toast" in v && ((v as Answer).toast === null || isToast((v as Answer).toast));
