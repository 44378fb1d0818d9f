// The Breeder List tab (spec part 2: "Breeder page"). STUB: the sheet-engine version replaces this file.
import type { BreederListData } from "./breeder-list.server";

export function BreederListTab({ data }: { data: BreederListData }) {
  return (
    <section className="card" data-testid="breeder-list">
      {data.page.total === 0 ? <p className="empty-state">No breeders found</p> : <p>{data.page.total} breeders</p>}
    </section>
  );
}
