// The note and tags form's rules, checked in the action before the host sees it (the host checks again). Pure.
import { MAX_NOTE, MAX_TAG, MAX_TAGS, badTag, normalTags, type PlayerNote } from "#contract/players";
import type { FieldErrors } from "#app/utils/action";

/** What the form sent, as typed: shown again beside its errors. */
export type NoteValues = { text: string; tags: string; version: string };

export const noteValuesOf = (note: PlayerNote | null): NoteValues => ({
  text: note?.text ?? "",
  tags: note?.tags.join(", ") ?? "",
  version: note ? String(note.version) : "",
});

/** Comma-separated tags, normalised as the host keeps them (contract/players.ts normalTags). */
export const tagsOf = (text: string) => normalTags(text.split(","));

type Parsed =
  | { ok: true; values: NoteValues; body: { text: string; tags: string[]; version: number | null } }
  | { ok: false; values: NoteValues; errors: FieldErrors };

export function parseNote(form: FormData): Parsed {
  const field = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const values = { text: field("text").replace(/\r\n/g, "\n"), tags: field("tags"), version: field("version") };
  const errors: FieldErrors = {};
  const text = values.text.trim();
  if (text.length > MAX_NOTE) errors.text = `A note is at most ${MAX_NOTE} characters (this one has ${text.length}).`;
  const tags = tagsOf(values.tags);
  const bad = badTag(tags);
  if (bad !== undefined)
    errors.tags = `A tag is 1 to ${MAX_TAG} letters, digits, spaces, dashes or underscores: "${bad.slice(0, 40)}" is not.`;
  else if (tags.length > MAX_TAGS) errors.tags = `At most ${MAX_TAGS} tags (there are ${tags.length}).`;
  const version = values.version.trim() === "" ? null : Number(values.version);
  if (version !== null && !Number.isInteger(version)) errors.form = "Reload the page: the note's version is not valid.";
  if (Object.keys(errors).length) return { ok: false, values, errors };
  return { ok: true, values, body: { text, tags, version } };
}
