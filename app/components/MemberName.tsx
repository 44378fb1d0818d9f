// A person as every page shows them: their avatar and the name the product knows them by, their Discord id on hover
// and a button that copies it; the id alone, in a monospaced face, when no name is known; and a table's id column.
import { useState } from "react";
import { useHydrated } from "#app/utils/hydrated";
import type { GridColumnDef } from "./grid/types";
import { Icon } from "./icons";

export function MemberName({
  id,
  name,
  avatar,
}: {
  id: string | null | undefined;
  name: string | null | undefined;
  avatar?: string | null;
}) {
  return (
    <span className="member-name" title={id && name ? `Discord id ${id}` : undefined}>
      {avatar ? <img className="avatar" src={avatar} width={28} height={28} alt="" loading="lazy" /> : null}
      {name ? <span>{name}</span> : id ? <CopyId id={id} /> : <span className="muted">-</span>}
      {name && id ? <CopyButton id={id} /> : null}
    </span>
  );
}

/** An id in a monospaced face, with a button that copies it once scripts run (without them, the text is selectable). */
export function CopyId({ id }: { id: string | number | null | undefined }) {
  if (id === null || id === undefined || id === "") return <span className="muted">-</span>;
  return (
    <span className="copy-id">
      <code>{id}</code>
      <CopyButton id={String(id)} />
    </span>
  );
}

function CopyButton({ id }: { id: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  // Rendered once hydrated only: the server's page has no button that would do nothing.
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className="copy-button"
      aria-label={copied ? `Copied ${id}` : `Copy ${id}`}
      title={copied ? "Copied" : "Copy the id"}
      data-testid="copy-id"
      onClick={() =>
        void navigator.clipboard.writeText(id).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      <Icon name={copied ? "check" : "copy"} size={13} />
    </button>
  );
}

/** A Discord id's column: for wide screens and the end of a phone's card, monospace, copied with a click. */
export function idColumn<T>(
  id: string,
  title: string,
  value: (row: T) => string | null | undefined,
  more: Partial<GridColumnDef<T>> = {},
): GridColumnDef<T> {
  return { id, title, priority: 3, value, render: (row) => <CopyId id={value(row)} />, className: "mono", ...more };
}
