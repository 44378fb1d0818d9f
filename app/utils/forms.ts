// Forms checked by one schema in the browser (conform's onValidate) and in the action (parse-form.ts), so they work the
// same without JavaScript; rules come from contract/, pages word the messages. Free of zod, to keep first loads light.
import type { SubmissionResult } from "@conform-to/react";
import type { FieldErrors } from "./action";

/** How a page words a rule's message for one of its fields: the contract says "is required", a page "Name is required.". */
export type Wording = (field: string, message: string) => string;

/** The API's own words (worker/api/http.ts): "name: is required". */
export const apiWording: Wording = (field, message) => `${field}: ${message}`;

/** "<Label> <message>." for each field, or the page's own sentence for the fields that have one. */
export function labelled(
  labels: Readonly<Record<string, string>>,
  sentences: Readonly<Record<string, string>> = {},
): Wording {
  return (field, message) => sentences[field] ?? `${labels[field] ?? field} ${message}.`;
}

/** A parse's errors as one message per field ("form" for the form as a whole). */
export function errorsOf(error: Record<string, string[] | null> | null | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, messages] of Object.entries(error ?? {}))
    if (messages?.[0]) errors[name === "" ? "form" : name] = messages[0];
  return errors;
}

/** The first of a form's errors, or null. */
export const firstError = (errors: FieldErrors | undefined) => Object.values(errors ?? {}).find(Boolean) ?? null;

/**
 * An action's refusal as conform's last result, so the form shows the server's messages where it shows its own. Pass
 * the same object until the next refusal (conform reports each new one).
 */
export function lastResultOf(errors: FieldErrors | undefined): SubmissionResult<string[]> | undefined {
  if (!errors) return undefined;
  const names = Object.keys(errors).map((name) => (name === "form" ? "" : name));
  return {
    status: "error",
    error: Object.fromEntries(
      Object.entries(errors).map(([name, message]) => [name === "form" ? "" : name, message ? [message] : null]),
    ),
    // The fields the server refused are checked again as they change, so a corrected one loses its message.
    state: { validated: Object.fromEntries(names.map((name) => [name, true])) },
  };
}
