// The FFA Raising tab ("FFA Raising (N entries)"; Breeder, Creature, Server, Status, Start Date, Expected
// Completion, Notes; each edit saved at once; status In Progress, Completed or Cancelled, any other text kept).
import { SideTableTab } from "./side-table";
import type { SideTableData } from "./side-tables.server";

export function FfaTab({ data }: { data: SideTableData }) {
  return <SideTableTab data={data} title={`FFA Raising (${data.page.total} entries)`} caption="FFA raisings" />;
}
