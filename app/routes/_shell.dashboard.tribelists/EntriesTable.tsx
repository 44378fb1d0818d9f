// The server-rendered tribelist table (also the grid's fallback while it loads), its add and edit rows as forms.
import { Link } from "@remix-run/react";
import { HtmlTable } from "#app/components/grid/HtmlTable";
import { type GridColumnDef } from "#app/components/grid/types";
import { Icon } from "#app/components/icons";
import { perRow } from "#app/utils/table";
import { tabLabel, type EntryRow, type Server } from "./tribelists";
import type { FormFailure } from "./tribelists.server";

import { FormRow, valuesOf, type Values } from "./forms";

/** The server-rendered table (also the grid's fallback while it loads), with the add row and edit rows as forms. */
export function EntriesTable({
  columns,
  rows,
  server,
  here,
  base,
  addOpen,
  editId,
  failure,
}: {
  columns: GridColumnDef<EntryRow>[];
  rows: EntryRow[];
  server: Server;
  here: string;
  base: string;
  addOpen: boolean;
  editId: string | undefined;
  failure: FormFailure | null;
}) {
  const editHref = perRow(here, "edit", { add: null, confirm: null, id: null });
  const deleteHref = perRow(here, "id", { confirm: "delete", edit: null, add: null });
  return (
    <HtmlTable
      columns={columns}
      rows={rows}
      rowKey={(r) => r._id}
      caption={tabLabel(server)}
      className="table tribelist-table"
      testId="tribelist-table"
      leading={
        <>
          {addOpen ? (
            <FormRow
              server={server}
              redirectTo={base}
              cancelHref={base}
              values={failure?.intent === "add" ? (failure.values as Values) : valuesOf(null)}
              errors={failure?.intent === "add" ? failure.errors : undefined}
            />
          ) : null}
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="empty-state" data-testid="tribelist-empty">
                No entries
              </td>
            </tr>
          ) : null}
        </>
      }
      renderRow={(r) => {
        if (r._id !== editId) return undefined;
        // The save of this row the server refused: the row opens again on what was sent, with the messages.
        const refused = failure?.intent === "update" && failure._id === r._id ? failure : null;
        return (
          <FormRow
            key={r._id}
            entry={r}
            server={server}
            redirectTo={base}
            cancelHref={base}
            values={refused ? (refused.values as Values) : valuesOf(r)}
            errors={refused?.errors}
            conflict={refused?.conflict}
          />
        );
      }}
      cells={{
        actions: (r) => (
          <>
            <Link className="button small" to={editHref(r._id)} preventScrollReset aria-label={`Edit ${r.name}`}>
              <Icon name="edit" size={15} /> Edit
            </Link>{" "}
            <Link
              className="button small danger"
              to={deleteHref(r._id)}
              preventScrollReset
              aria-label={`Delete ${r.name}`}
            >
              <Icon name="trash" size={15} /> Delete
            </Link>
          </>
        ),
      }}
    />
  );
}
