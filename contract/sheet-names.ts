// The sheets' names in the live room (contract/presence.ts): a stock tab (`stock:war-room-vaults`) or the breeder list.
// Apart from the presence rules, so that a sheet's page names its sheet without loading them (they ride with the grid).

export const stockSheet = (tab: string) => `stock:${tab}`;
export const BREEDER_SHEET = "breeder-list";
export const isSheetName = (value: string) => /^(stock:[a-z0-9-]{1,40}|breeder-list)$/.test(value);
