// The selected row's actions on a grid page's toolbar: Edit and Delete for those who may change the section, and the
// row's History on the Audit page for admins. The server checks every write in any case.
import { Link } from "@remix-run/react";
import { useCan } from "#app/utils/access";
import { historyHref } from "#app/utils/table";
import { Icon } from "#app/components/icons";

export function RowActions({
  canEdit,
  onEdit,
  onDelete,
  history,
}: {
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
  /** The audited entity and the row's id (contract/audit.ts). */
  history: { entity: string; id: string };
}) {
  const canAudit = useCan("admin");
  return (
    <>
      {canEdit ? (
        <>
          <button type="button" className="button small" onClick={onEdit}>
            <Icon name="edit" size={15} /> Edit
          </button>
          <button type="button" className="button small danger" onClick={onDelete}>
            <Icon name="trash" size={15} /> Delete
          </button>
        </>
      ) : null}
      {canAudit ? (
        <Link className="button small" to={historyHref(history.entity, history.id)}>
          History
        </Link>
      ) : null}
    </>
  );
}
