// The column headers users read, in order: the workers tests (served HTML) and the browser tests assert the same list.

/** The columns of a server's activity tables and of Weekly Members. */
export const ACTIVITY_HEADERS = [
  "ID",
  "EOS ID",
  "Display Name",
  "Member Name",
  "Status",
  "Tribe",
  "Platform",
  "Event Type",
  "Event Time",
  "Last Ark Launch",
  "Steam Profile",
];

/** The Vouches table's columns. */
export const VOUCH_COLUMNS = [
  "ID",
  "2411",
  "2573",
  "2446",
  "Avatar",
  "Status",
  "Vouched ID",
  "Vouched Date",
  "Voucher ID",
  "Voucher Username",
  "Vouched Username",
  "Actions",
];

/** A stock dinos tab's columns; ready and unready counts (R1-R16, U1-U16) stand before their totals when shown. */
export const DINO_STOCK_COLUMNS = [
  "Dino",
  "Type",
  "War Ready",
  "Not Ready",
  "Total Raised",
  "Target",
  "%",
  "Current Stock",
  "Prev Stock",
  "Different",
  "Needs Raised",
];
const counted = (prefix: string) => Array.from({ length: 16 }, (_, i) => `${prefix}${i + 1}`);
export const DINO_STOCK_COLUMNS_WITH_COUNTS = [
  ...DINO_STOCK_COLUMNS.slice(0, 2),
  ...counted("R"),
  DINO_STOCK_COLUMNS[2],
  ...counted("U"),
  ...DINO_STOCK_COLUMNS.slice(3),
];
