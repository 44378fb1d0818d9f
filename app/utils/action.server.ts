// The action convention, server side (the browser side is action.ts), used by every page's action: where a write
// comes back to, how it answers a form and a fetcher, and what the host's validation answer says about a form's fields.
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { json } from "./json.server";
import { safeRedirect } from "#app/auth/redirect";
import { hostErrorOf, type HostIssue } from "#app/host/client.server";
import { FETCHER_FIELD, type Answer, type Conflict, type FieldErrors } from "./action";
import { apiWording, firstError, type Wording } from "./forms";
import { withParams } from "./table";
import type { Toast } from "./toast";
import { toastSetCookie } from "./toast.server";

/**
 * The submitted form. The request gate lets only form bodies reach an action (worker/platform/gate.ts); one that still
 * cannot be read (a multipart body cut short or malformed) answers 400 and nothing is written.
 */
export async function formOf(request: Pick<Request, "formData">): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("The form could not be read. Reload the page and try again.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}

/**
 * Back to the page the form was on: its redirectTo when that is this page (its query state, such as tab, page, size
 * or q, kept), else `fallback` (the page itself). The URL states a write ends (`close`: a modal, a confirmation, an edit
 * row) are closed, and Remix's own parameters dropped. Nothing else is accepted: a write never leaves its page.
 */
export function backTo(form: FormData, page: string, options: { close?: readonly string[]; fallback?: string } = {}) {
  const target = safeRedirect(form.get("redirectTo"), "");
  const onPage = target === page || target.startsWith(`${page}?`) || target.startsWith(`${page}#`);
  const closed = Object.fromEntries((options.close ?? []).map((k) => [k, null]));
  return withParams(onPage ? target : (options.fallback ?? page), { ...closed, _data: null, index: null });
}

/** Whether one of the page's fetchers sent the form (JavaScript is on): it is answered with JSON. */
export const isFetcher = (form: FormData) => form.get(FETCHER_FIELD) === "1";

/**
 * Whether a loader runs for a whole document (a first load, a reload, no JavaScript) rather than for the browser's own
 * data request (`?_data=`, a client navigation or a revalidation): markup only a document shows is skipped otherwise.
 */
export const isDocumentRequest = (request: Request) => !new URL(request.url).searchParams.has("_data");

type Io = { request: Request; context: Pick<AppLoadContext, "config">; form: FormData };

/**
 * The answer to a write, told by a toast. A fetcher gets JSON: the toast, and whatever else the page reads (`data`).
 * A form is sent back to the page (`to`) with the toast in the flash cookie; `replace` replaces the history entry when
 * JavaScript drives the form. `announced`: the write's live event carries the same words (see Answer).
 */
export async function reply(
  { request, context, form }: Io,
  to: string,
  toast: Toast | null,
  options: { status?: number; data?: Record<string, unknown>; announced?: boolean; replace?: boolean } = {},
) {
  if (isFetcher(form)) {
    const body: Answer & Record<string, unknown> = { ...options.data, toast };
    if (options.announced) body.announced = true;
    return json(body, { status: options.status ?? 200 });
  }
  const headers = new Headers();
  if (options.replace) headers.set("X-Remix-Replace", "true");
  if (toast) headers.append("Set-Cookie", await toastSetCookie(context, request, toast));
  return redirect(to, { headers });
}

/**
 * A form refused for its fields: 400 (or `status`) with the errors by field, the same for a fetcher (which also shows
 * the first as a toast) and for the page rendered without JavaScript (which shows them in the form).
 */
export function refuse(errors: FieldErrors, options: { status?: number; data?: Record<string, unknown> } = {}) {
  const first = firstError(errors);
  const toast: Toast | null = first ? { type: "error", message: first } : null;
  return json({ ...options.data, toast, errors }, { status: options.status ?? 400 });
}

/**
 * The record as it now is, from the host's 409 for a save based on an older version of it (or one that kept losing a
 * race). Null when the host refused for another reason, or gave no record.
 */
export function hostConflict<T extends object>(error: unknown): T | null {
  const refused = hostErrorOf(error);
  const current = refused?.body?.current;
  return refused?.status === 409 && typeof current === "object" && current !== null ? (current as T) : null;
}

/**
 * A save refused because someone else saved the record first (409): nothing was written. The answer (JSON, for a
 * fetcher and for the page rendered without JavaScript alike) carries the record as it now is and what this person
 * sent, so the page can show both and let them save again on the newer version. `message` is the form's error, shown
 * beside the fields; a fetcher's toast only says the save did not happen. `data`: what else the page reads.
 */
export function refuseConflict<T extends object>(
  current: T,
  submitted: Record<string, string>,
  message: string,
  data: Record<string, unknown> = {},
) {
  const conflict: Conflict<T> = { current, submitted };
  const toast: Toast = { type: "error", message: "Not saved: someone else saved it first." };
  return json({ ...data, conflict, toast, errors: { form: message } satisfies FieldErrors }, { status: 409 });
}

/**
 * The problems the host's validation answer lists (400 `{ error: "validation", message, field, issues }`), else null.
 * An answer without `issues` counts as one problem: its field (if any) and message.
 */
export function hostIssues(error: unknown): HostIssue[] | null {
  const refused = hostErrorOf(error);
  if (refused?.status !== 400 || refused.body?.error !== "validation") return null;
  if (refused.body.issues?.length) return refused.body.issues;
  // A host that names only one field (or none) still says what is wrong; its message may lead with the field's name.
  const field = refused.body.field ?? "";
  const message = refused.body.message ?? "is not valid";
  return [{ field, message: field && message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message }];
}

/**
 * The host's validation answer as a form's errors: a field the form has, in the page's words; any other under "form",
 * in the API's. Null when the host refused for another reason.
 */
export function hostFieldErrors(error: unknown, fields: readonly string[], wording: Wording): FieldErrors | null {
  const issues = hostIssues(error);
  if (!issues) return null;
  const errors: FieldErrors = {};
  for (const { field, message } of issues) {
    if (fields.includes(field)) errors[field] ??= wording(field, message);
    else errors.form ??= field ? apiWording(field, message) : message;
  }
  return errors;
}
