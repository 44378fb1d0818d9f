// The profile's two writes: the tribe's note and tags on the player, and the viewer's watch. Real forms posting to the
// page's action (without JavaScript the page comes back with the toast, or with the refused form's errors); with
// JavaScript the same forms go through fetchers, marked as such from the first submit (FETCHER_FIELD).
import { useActionData, useFetcher, useLocation, type FetcherWithComponents } from "@remix-run/react";
import type { FormEvent } from "react";
import { MAX_NOTE, type PlayerNote, type PlayerProfile } from "#contract/players";
import { Icon } from "#app/components/icons";
import { conflictIn, FETCHER_FIELD, type Answer, type Conflict } from "#app/utils/action";
import { useCan } from "#app/utils/access";
import { formatDateTime } from "#app/utils/dates";
import { useAnswerToast } from "#app/utils/use-answer-toast";
import { noteValuesOf, type NoteValues } from "./note";

type NoteAnswer = Answer & { intent?: string; values?: NoteValues };

/** A fetcher's submit, marked as one, to the page itself. */
function submitWith<T>(fetcher: FetcherWithComponents<T>, action: string) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    data.set(FETCHER_FIELD, "1");
    fetcher.submit(data, { method: "post", action, preventScrollReset: true });
  };
}

export function WatchButton({ profile }: { profile: PlayerProfile }) {
  const canEdit = useCan("tribelists");
  const fetcher = useFetcher<Answer>({ key: `watch-${profile.eosId}` });
  useAnswerToast(fetcher.data);
  const { pathname, search } = useLocation();
  // While the change is on its way, the button already says what it will be.
  const pending = fetcher.formData?.get("watch");
  const watching = pending != null ? pending === "true" : profile.watching;
  const count = (
    <span className="muted small" data-testid="watchers">
      {profile.watchers === 0
        ? "Nobody watches this player"
        : `${profile.watchers} ${profile.watchers === 1 ? "member watches" : "members watch"}`}
    </span>
  );
  if (!canEdit) return <div className="watch-form">{count}</div>;
  return (
    <fetcher.Form method="post" className="watch-form" onSubmit={submitWith(fetcher, pathname + search)}>
      <input type="hidden" name="intent" value="watch" />
      <input type="hidden" name="watch" value={String(!watching)} />
      <input type="hidden" name="redirectTo" value={pathname + search} />
      <button
        type="submit"
        className={watching ? "button small" : "button small primary"}
        aria-pressed={watching}
        data-testid="watch-button"
        title={watching ? undefined : "Get a notification when this player comes online"}
      >
        <Icon name="bell" size={14} /> {watching ? "Stop watching" : "Watch"}
      </button>
      {profile.watchers > 0 ? count : null}
    </fetcher.Form>
  );
}

export function NoteCard({ profile, timeZone }: { profile: PlayerProfile; timeZone: string }) {
  const canEdit = useCan("tribelists");
  // The fetcher lives here, not in the form: the form starts again (a new key) on each new version of the note, and a
  // fetcher whose last user unmounts loses its answer (v3_fetcherPersist), a conflict's included.
  const fetcher = useFetcher<NoteAnswer>({ key: `note-${profile.eosId}` });
  useAnswerToast(fetcher.data);
  // Without JavaScript the refused form comes back as the page's action data; with it, as the fetcher's.
  const actionData = useActionData<NoteAnswer>();
  const answer = fetcher.data ?? (actionData?.intent === "note" ? actionData : undefined);
  const refused = answer?.errors ? answer : undefined;
  const conflict = conflictIn<PlayerNote>(refused);
  const note = profile.note;
  return (
    <section className="card note-card" aria-labelledby="note-title" data-testid="player-note">
      <h2 id="note-title">Notes and tags</h2>
      {canEdit ? (
        <NoteForm
          key={conflict ? `conflict-${conflict.current.version}` : `note-${note?.version ?? "none"}`}
          fetcher={fetcher}
          refused={refused}
          conflict={conflict}
          note={note}
          timeZone={timeZone}
        />
      ) : (
        <ReadOnlyNote note={note} timeZone={timeZone} />
      )}
    </section>
  );
}

const savedBy = (note: PlayerNote, timeZone: string) =>
  `Saved ${formatDateTime(note.updatedAt, timeZone)}${note.updatedBy ? ` by ${note.updatedBy}` : ""}`;

function Tags({ tags }: { tags: readonly string[] }) {
  if (!tags.length) return null;
  return (
    <ul className="tag-list" aria-label="Tags">
      {tags.map((t) => (
        <li key={t} className="badge grey">
          {t}
        </li>
      ))}
    </ul>
  );
}

function ReadOnlyNote({ note, timeZone }: { note: PlayerNote | null; timeZone: string }) {
  return (
    <div data-testid="note-readonly">
      {note?.text ? <p className="note-text">{note.text}</p> : <p className="muted">No note yet.</p>}
      {note ? <Tags tags={note.tags} /> : null}
      {note ? <p className="muted small">{savedBy(note, timeZone)}</p> : null}
      <p className="muted small">Members who may edit tribelists write notes and tags.</p>
    </div>
  );
}

function NoteForm({
  fetcher,
  refused,
  conflict,
  note,
  timeZone,
}: {
  fetcher: FetcherWithComponents<NoteAnswer>;
  refused: NoteAnswer | undefined;
  conflict: Conflict<PlayerNote> | null;
  note: PlayerNote | null;
  timeZone: string;
}) {
  const values = refused?.values ?? noteValuesOf(note);
  // Saving again after a conflict saves over their version, which the form now names.
  const version = conflict ? String(conflict.current.version) : values.version;
  const { pathname, search } = useLocation();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="note-form" onSubmit={submitWith(fetcher, pathname + search)}>
      <input type="hidden" name="intent" value="note" />
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="redirectTo" value={pathname + search} />
      {conflict ? (
        <div className="notice error-notice note-conflict" role="alert" data-testid="note-conflict">
          <div>
            <strong>Someone else changed this note</strong>
            <p>
              {savedBy(conflict.current, timeZone)}. Their text:{" "}
              {conflict.current.text ? <q>{conflict.current.text}</q> : <em>empty</em>}
            </p>
            <Tags tags={conflict.current.tags} />
            <p className="small">Yours is kept below: save again to replace theirs, or reload to keep theirs.</p>
          </div>
        </div>
      ) : refused?.errors?.form ? (
        <p className="field-error" role="alert">
          {refused.errors.form}
        </p>
      ) : null}
      <NoteField name="text" label="Note" error={refused?.errors?.text}>
        {(aria) => (
          <textarea
            name="text"
            rows={4}
            maxLength={MAX_NOTE}
            defaultValue={values.text}
            {...aria}
            data-testid="note-text"
          />
        )}
      </NoteField>
      <NoteField name="tags" label="Tags (comma-separated)" error={refused?.errors?.tags}>
        {(aria) => (
          <input
            name="tags"
            defaultValue={values.tags}
            placeholder="raider, alt, trader"
            {...aria}
            data-testid="note-tags"
          />
        )}
      </NoteField>
      <div className="note-actions">
        <button type="submit" className="button small primary" disabled={busy} data-testid="note-save">
          {busy ? "Saving..." : "Save note"}
        </button>
        {note ? <span className="muted small">{savedBy(note, timeZone)}</span> : null}
      </div>
    </fetcher.Form>
  );
}

/** A field of the note form: its label, its control and, when refused, its error, which the control names. */
function NoteField({
  name,
  label,
  error,
  children,
}: {
  name: "text" | "tags";
  label: string;
  error: string | undefined;
  children: (aria: { "aria-invalid"?: true; "aria-describedby"?: string }) => React.ReactNode;
}) {
  const errorId = `note-${name}-error`;
  return (
    <>
      <label className="field">
        <span>{label}</span>
        {children(error ? { "aria-invalid": true, "aria-describedby": errorId } : {})}
      </label>
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </>
  );
}
