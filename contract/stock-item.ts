// A row of the 2411 stock sheet as the host API answers it (GET {base}, a save's answer and conflicts). Types only:
// the host builds it (worker/domain/stock.ts rowJson), the sheet and the tests read it.
import type { Cell } from "./stock";

/** The common fields, the tab's own fields and every derived column (derivedFields), and the version. */
export type StockItem = {
  _id: string;
  order: number;
  imageUrl: string | null;
  isEmpty: boolean;
  fieldColors: Record<string, string>;
  textColor: string | null;
  version: number;
  /** ISO time of the last save. */
  updatedAt: string;
  updatedBy: string | null;
  /** The row's figure in the snapshot before the latest one. */
  prevStock: Cell;
  /** The tab's own fields and derived columns (contract/stock.ts derivedFields). */
  [field: string]: unknown;
};
