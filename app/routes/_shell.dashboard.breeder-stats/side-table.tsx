// One side table tab (FFA Raising, Codes Given To): its title with the count, the inline-edit table, pagination, and
// the host's failure shown in place (the old app only logged it).
import { useActionData } from "@remix-run/react";
import { LoadError, StaleSince } from "#app/components/HostNotice";
import { InlineEditTable, type InlineRefusal, type InlineRow } from "#app/components/table/InlineEditTable";
import { Pagination } from "#app/components/table/Pagination";
import { PAGE_PATH, SIDE_TABLES, type SideTable } from "./breeder";
import type { SideTableData } from "./side-tables.server";
import { useCan } from "#app/utils/access";

export function SideTableTab({ data, title, caption }: { data: SideTableData; title: string; caption: string }) {
  const table = SIDE_TABLES[data.which as SideTable];
  const answer = useActionData<InlineRefusal & { intent?: string }>();
  const refusal = answer?.intent === table.intent && answer._id ? answer : undefined;
  const canEdit = useCan("breeder");
  return (
    <section className="card breeder-card" data-testid={`${table.tab}-tab`}>
      <div className="card-header">
        <h2>{title}</h2>
      </div>
      <StaleSince asOf={data.staleAsOf} what={table.listName} />
      <LoadError message={data.failed ? table.failed : null} />
      <InlineEditTable
        rows={data.page.rows as unknown as InlineRow[]}
        columns={table.columns}
        intent={table.intent}
        action={PAGE_PATH}
        caption={caption}
        empty={table.empty}
        testId={`${table.tab}-table`}
        editing={data.editing}
        refusal={refusal}
        readOnly={!canEdit}
      />
      <Pagination page={data.page} />
    </section>
  );
}
