// A record's history on the Audit page (admin, issue 14): from a row's actions to every change made to it.
import { Link } from "@remix-run/react";
import { withParams } from "../utils/table";

export function HistoryLink({ entity, id }: { entity: string; id: string }) {
  return (
    <Link className="button small" to={withParams("/dashboard/audit", { entity, record: id })}>
      History
    </Link>
  );
}
