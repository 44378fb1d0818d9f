// Column helpers shared by the schema files.
import { sql } from "drizzle-orm";
import { integer, text } from "drizzle-orm/sqlite-core";

export const now = sql`(unixepoch() * 1000)`;
/** Epoch milliseconds as a Date. */
export const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });
/** Epoch milliseconds as a plain number (the API's JSON carries numbers). */
export const epochMs = (name: string) => integer(name);
/** A JSON value stored as text. */
export const json = <T>(name: string) => text(name, { mode: "json" }).$type<T>();
export const bool = (name: string) => integer(name, { mode: "boolean" });
/** An integer key the database counts up. */
export const serial = (name = "id") => integer(name).primaryKey({ autoIncrement: true });
/** The old backend's `_id`: 24 hex characters, like a MongoDB ObjectId, so old clients keep working. */
export const objectId = () => text("_id").primaryKey();
