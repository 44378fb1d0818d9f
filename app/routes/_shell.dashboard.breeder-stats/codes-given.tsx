// The Codes Given To tab (Breeder, Code, Server, Date Given, Status, Notes; each edit saved at once; status
// Active, Used, Expired or Revoked, any other text kept).
import { SideTableTab } from "./side-table";
import type { SideTableData } from "./side-tables.server";

export function CodesGivenTab({ data }: { data: SideTableData }) {
  return (
    <SideTableTab data={data} title={`Codes Given To (${data.page.total} entries)`} caption="Codes given to breeders" />
  );
}
