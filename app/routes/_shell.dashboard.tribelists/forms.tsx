// The tribelist's add and edit forms: the panel above the grid with JavaScript, the table's form rows without it, and
// their fields.
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { Form, Link, useFetcher } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Icon } from "#app/components/icons";
import { useNotifications } from "#app/components/notifications/notifications";
import { conflictIn, FETCHER_FIELDS, type FieldErrors } from "#app/utils/action";
import { useAnswerToast } from "#app/utils/use-answer-toast";
import { errorsOf, firstError, lastResultOf } from "#app/utils/forms";
import { FORM_FIELDS, NATIONALITIES, RANKS, type EntryRow, type Positioned, type Server } from "./tribelists";
import type { FormFailure } from "./tribelists.server";
import { ConflictField, Meanwhile } from "#app/components/Meanwhile";

import { COLUMNS } from "./columns";
import type { action } from "./route";
import { Choices } from "#app/components/table/Options";

/** The forms' check (zod), loaded after the first paint. */
export const loadEntryForm = () => import("./tribelists-form");
export type EntryForm = Awaited<ReturnType<typeof loadEntryForm>>;

export type Values = { name: string; discordId: string; rank: string; nationality: string };
export const valuesOf = (e?: Partial<Positioned> | null): Values => ({
  name: e?.name ?? "",
  discordId: e?.discordId ?? "",
  rank: e?.rank ?? "",
  nationality: e?.nationality ?? "",
});
export const isFailure = (d: unknown): d is FormFailure => typeof d === "object" && d !== null && "errors" in d;

/** The fields of an edit: the whole entry, the list, where to come back. */
export function entryFields(entry: Positioned, server: Server, redirectTo: string): Record<string, string> {
  return {
    intent: "update",
    _id: entry._id,
    tab: server,
    redirectTo,
    username: entry.username ?? "",
    order: typeof entry.order === "number" ? String(entry.order) : "",
    ...(entry.version === undefined ? {} : { version: String(entry.version) }),
    ...valuesOf(entry),
  };
}

/** A button once JavaScript runs; before, a link to the URL state that does the same on the server. */
export function ActionButton({
  hydrated,
  to,
  onClick,
  className,
  children,
}: {
  hydrated: boolean;
  to: string;
  onClick: () => void;
  className: string;
  children: React.ReactNode;
}) {
  if (hydrated) {
    return (
      <button type="button" className={className} onClick={onClick}>
        {children}
      </button>
    );
  }
  return (
    <Link to={to} className={className} preventScrollReset>
      {children}
    </Link>
  );
}

/** A rank or nationality: one of its choices, or None. */
function ChoiceSelect({
  choices,
  ...props
}: React.SelectHTMLAttributes<HTMLSelectElement> & { choices: readonly string[] }) {
  return (
    <select {...props}>
      <option value="">None</option>
      <Choices values={choices} />
    </select>
  );
}

/** A form's problems; in a conflict (someone else saved first), the form's message is the conflict's notice. */
export function Errors({ errors, conflict = false }: { errors: FieldErrors | undefined; conflict?: boolean }) {
  const { form, ...fields } = errors ?? {};
  const list = Object.values(conflict ? fields : { form, ...fields }).filter(Boolean);
  return (
    <>
      {conflict && form ? (
        <p className="conflict-notice" role="alert" data-testid="entry-conflict">
          {form}
        </p>
      ) : null}
      {list.length ? (
        <p className="form-error" role="alert">
          {list.join(" ")}
        </p>
      ) : null}
    </>
  );
}

/**
 * The add row and the edit rows with JavaScript: a form above the grid holding a copy of the values,
 * checked by the same schema as the action's before it is sent. Add and Save are disabled while busy or while the
 * name is empty; a refusal stays open with its messages (and a toast); a success closes it.
 */
export function EntryPanel({
  mode,
  entry,
  server,
  redirectTo,
  initial,
  refused = null,
  schema,
  onClose,
}: {
  mode: "add" | "edit";
  entry?: Positioned;
  /** A refusal this row opens with (an in-place edit of the entry that someone else had saved first). */
  refused?: FormFailure | null;
  server: Server;
  redirectTo: string;
  initial: Values;
  /** The forms' check, once the page has loaded it (after the first paint); until then the action is the only one. */
  schema: EntryForm | null;
  onClose: () => void;
}) {
  const fetcher = useFetcher<typeof action>({ key: `tribelist-${mode}` });
  const { notify } = useNotifications();
  const intent = mode === "add" ? "add" : "update";
  const busy = fetcher.state !== "idle";
  useAnswerToast(fetcher.data);

  // When this panel's submission ends: a refusal stays open with the server's messages; a success closes the row.
  const started = useRef<{ data: unknown } | null>(null);
  const [refusal, setRefusal] = useState<FormFailure | null>(refused);
  useEffect(() => {
    if (busy) {
      started.current ??= { data: fetcher.data };
      return;
    }
    if (!started.current) return;
    const before = started.current.data;
    started.current = null;
    if (fetcher.data !== before && isFailure(fetcher.data)) setRefusal(fetcher.data);
    else onClose();
  }, [busy]); // eslint-disable-line react-hooks/exhaustive-deps -- runs when a submission starts or ends; the answer is read then

  const [form, fields] = useForm({
    id: `tribelist-${mode}-form`,
    // Without JavaScript the browser checks the fields itself (required, maxLength); conform takes over once hydrated.
    defaultNoValidate: false,
    defaultValue: refused?.values ?? initial,
    lastResult: useMemo(() => lastResultOf(refusal?.errors), [refusal]),
    shouldRevalidate: "onInput",
    // Until the schema has loaded (just after the first paint) the action is the only check.
    onValidate: schema ? ({ formData }) => schema.parseEntry(intent, formData) : undefined,
  });
  const errors: FieldErrors = {
    form: form.errors?.[0],
    ...Object.fromEntries(FORM_FIELDS.map((k) => [k, fields[k].errors?.[0]])),
  };

  // The entry as it was when the row opened: a live reload of the list while it is open must not move the version the
  // save is based on. Someone else saved it first: the row now saves on their version, holding this person's values.
  const [opened] = useState(entry);
  const clash = conflictIn<Positioned>(refusal);
  const basis = opened && clash ? { ...opened, ...clash.current } : opened;
  const theirs = clash ? valuesOf(clash.current) : undefined;
  const fieldOf = (name: keyof Values, label: string) => ({
    className: "entry-field",
    label,
    theirs: theirs?.[name],
    mine: fields[name].value,
  });
  const hidden = basis
    ? { ...entryFields(basis, server, redirectTo), ...FETCHER_FIELDS }
    : { intent: "add", tab: server, redirectTo, ...FETCHER_FIELDS };
  const label = mode === "add" ? "New entry" : `Edit entry #${entry?.position}`;
  return (
    <fetcher.Form
      method="post"
      preventScrollReset
      className={`entry-panel entry-panel-${mode}`}
      aria-label={label}
      data-testid={`entry-${mode}`}
      {...getFormProps(form)}
      onSubmit={(event) => {
        form.onSubmit(event);
        // Refused in the browser: the messages show in the form, and the first as a toast, as a refusal by the action does.
        if (!event.defaultPrevented) return;
        const checked = schema?.parseEntry(intent, new FormData(event.currentTarget));
        const message = !checked || checked.status === "success" ? null : firstError(errorsOf(checked.error));
        if (message) notify({ type: "error", message });
      }}
    >
      {Object.entries(hidden)
        .filter(([k]) => !(k in initial))
        .map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
      <span className="entry-panel-title">{label}</span>
      <ConflictField {...fieldOf("name", "Name")}>
        <input {...getInputProps(fields.name, { type: "text" })} placeholder="Name" autoFocus autoComplete="off" />
      </ConflictField>
      <ConflictField {...fieldOf("discordId", "Discord ID")}>
        <input
          {...getInputProps(fields.discordId, { type: "text" })}
          placeholder="Discord ID"
          inputMode="numeric"
          autoComplete="off"
        />
      </ConflictField>
      <ConflictField {...fieldOf("rank", "Rank")}>
        <ChoiceSelect choices={RANKS} {...getSelectProps(fields.rank)} />
      </ConflictField>
      <ConflictField {...fieldOf("nationality", "Nationality")}>
        <ChoiceSelect choices={NATIONALITIES} {...getSelectProps(fields.nationality)} />
      </ConflictField>
      <div className="entry-panel-actions">
        <button
          type="submit"
          className="button small primary"
          disabled={busy || !String(fields.name.value ?? "").trim()}
        >
          <Icon name={mode === "add" ? "plus" : "check"} size={15} /> {mode === "add" ? "Add" : "Save"}
        </button>
        <button type="button" className="button small" onClick={onClose}>
          Cancel
        </button>
      </div>
      <Errors errors={errors} conflict={!!clash} />
    </fetcher.Form>
  );
}

/** An add row (no entry) or an edit row: inputs in the cells, tied to the form in the last cell by its id. */
export function FormRow({
  entry,
  server,
  redirectTo,
  cancelHref,
  values,
  errors,
  conflict,
}: {
  entry?: EntryRow;
  server: Server;
  redirectTo: string;
  cancelHref: string;
  values: Values;
  errors: FieldErrors | undefined;
  /** Someone else saved the entry first: the row saves on their version; their values show under these. */
  conflict?: FormFailure["conflict"];
}) {
  const formId = entry ? `tribelist-edit-${entry._id}` : "tribelist-add";
  const basis = entry && conflict ? { ...entry, ...conflict.current } : entry;
  const hidden = basis ? entryFields(basis, server, redirectTo) : { intent: "add", tab: server, redirectTo };
  const theirs = conflict ? valuesOf(conflict.current) : undefined;
  // A cell's field belongs to the row's form (in the last cell) and is marked when the server refused its value.
  const field = (name: keyof Values, label: string) => ({
    form: formId,
    name,
    defaultValue: values[name],
    "aria-label": label,
    "aria-invalid": !!errors?.[name],
  });
  return (
    <>
      <tr className={`form-row ${entry ? "edit-row" : "add-row"}`} data-testid={entry ? "edit-row" : "add-row"}>
        <td>{entry ? entry.position : <span className="muted small">New</span>}</td>
        <td>
          <input {...field("name", "Name")} placeholder="Name" required autoFocus />
          <Meanwhile theirs={theirs?.name} mine={values.name} />
        </td>
        <td>
          <input {...field("discordId", "Discord ID")} placeholder="Discord ID" inputMode="numeric" />
          <Meanwhile theirs={theirs?.discordId} mine={values.discordId} />
        </td>
        <td>{entry ? <img className="avatar" src={entry.avatar} width={28} height={28} alt="" /> : null}</td>
        <td>
          <ChoiceSelect choices={RANKS} {...field("rank", "Rank")} />
          <Meanwhile theirs={theirs?.rank} mine={values.rank} />
        </td>
        <td>
          <ChoiceSelect choices={NATIONALITIES} {...field("nationality", "Nationality")} />
          <Meanwhile theirs={theirs?.nationality} mine={values.nationality} />
        </td>
        <td className="actions">
          <Form id={formId} method="post" preventScrollReset>
            {Object.entries(hidden)
              .filter(([k]) => !(k in values))
              .map(([k, v]) => (
                <input key={k} type="hidden" name={k} value={v} />
              ))}
            <button type="submit" className="button small primary">
              {entry ? "Save" : "Add"}
            </button>{" "}
            <Link className="button small" to={cancelHref} preventScrollReset>
              Cancel
            </Link>
          </Form>
        </td>
      </tr>
      {errors && Object.keys(errors).length ? (
        <tr className="form-errors">
          <td colSpan={COLUMNS.length}>
            <Errors errors={errors} conflict={!!conflict} />
          </td>
        </tr>
      ) : null}
    </>
  );
}
