// In-place edits on the tribelist's canvas: the rows with the edit being sent applied, an edit refused because someone
// else saved first (its edit row opens), and the edit itself, checked by the edit form's schema once it has loaded.
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useMemo } from "react";
import { useNotifications } from "#app/components/notifications/notifications";
import { FETCHER_FIELDS } from "#app/utils/action";
import { errorsOf, firstError } from "#app/utils/forms";
import { useAnswerToast } from "#app/utils/use-answer-toast";
import type { EntryRow, Server } from "./tribelists";
import { entryFields, isFailure, type EntryForm } from "./forms";
import type { action } from "./route";

export function useCellEdits({
  data,
  server,
  base,
  schema,
  setEditingId,
  setAdding,
}: {
  data: { page: { rows: EntryRow[] } };
  server: Server;
  base: string;
  schema: EntryForm | null;
  setEditingId: (id: string | null) => void;
  setAdding: (adding: boolean) => void;
}) {
  const { notify } = useNotifications();
  // In-place edits of a name or a Discord ID on the canvas: the whole entry goes to the same action, checked first by
  // the edit form's schema.
  const cellFetcher = useFetcher<typeof action>({ key: "tribelist-cell" });
  useAnswerToast(cellFetcher.data);
  const pending = cellFetcher.formData;
  const rows = useMemo(() => {
    if (!pending) return data.page.rows;
    return data.page.rows.map((r) =>
      pending.get("_id") === r._id
        ? {
            ...r,
            name: String(pending.get("name") ?? r.name),
            discordId: String(pending.get("discordId") ?? "") || null,
          }
        : r,
    );
  }, [data.page.rows, pending]);
  // An in-place edit refused because someone else saved the entry first: its edit row opens on the newer version.
  const cellClash = isFailure(cellFetcher.data) && cellFetcher.data.conflict ? cellFetcher.data : null;
  useEffect(() => {
    if (!cellClash?._id) return;
    setEditingId(cellClash._id);
    setAdding(false);
  }, [cellClash, setAdding, setEditingId]);
  const onEdit = useCallback(
    (row: EntryRow, columnId: string, value: string | number | null) => {
      if (columnId !== "name" && columnId !== "discordId") return;
      const text = value === null ? "" : String(value).trim();
      if ((row[columnId] ?? "") === text) return;
      const fields = { ...entryFields(row, server, base), ...FETCHER_FIELDS, [columnId]: text };
      // Checked here once the form's schema has loaded (after the first paint); the action checks it in any case.
      const checked = schema?.parseEntry("update", new URLSearchParams(fields));
      if (checked && checked.status !== "success")
        return notify({ type: "error", message: firstError(errorsOf(checked.error)) ?? "The entry was not saved." });
      cellFetcher.submit(fields, { method: "post", preventScrollReset: true });
    },
    [cellFetcher, server, base, notify, schema],
  );

  return { rows, cellClash, onEdit };
}
