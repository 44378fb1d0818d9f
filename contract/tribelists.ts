// The tribelists of the three official servers (Tribelists page): their paths, the
// ranks and nationalities an entry may have, and an entry's shape. Free of zod, so a page's first load can use them;
// the bodies the API accepts are in tribelist-input.ts.
import { SERVER_IDS, type ServerId } from "./servers";

export const TRIBELIST_SERVERS = SERVER_IDS;
export type TribelistServer = ServerId;

/** The collection path of a server's list: 2411 uses the bare path, the others are suffixed. */
export const tribelistPath = (server: TribelistServer) =>
  server === "2411" ? "/api/tribelist" : `/api/tribelist-${server}`;

export const RANKS = ["Admin", "Owner"] as const;
export const NATIONALITIES = ["Chinese", "English"] as const;

/** An entry as the API answers it; order is present only when the entry has one. */
export type TribelistEntry = {
  _id: string;
  name: string;
  username: string | null;
  discordId: string | null;
  rank: string | null;
  nationality: string | null;
  order?: number | null;
  /** Bumped by every save: a save sends back the version it read. */
  version: number;
};
